import type { NotificationItem } from '@terrace/session';

/** How many notifications are newer than the last one seen; the badge caps at '5+' (spec §9). */
export function unreadNotificationCount(items: readonly NotificationItem[], lastSeen: string | null): number {
  const seen = lastSeen ? Date.parse(lastSeen) : Number.NEGATIVE_INFINITY;
  return items.filter((item) => Date.parse(item.date) > seen).length;
}

export function notificationBadgeText(count: number): string | null {
  if (count <= 0) return null;
  return count > 5 ? '5+' : String(count);
}

/** Splits the notification text at its [LINK] marker, where the link is placed. */
export function splitAtLinkMarker(text: string): [string, string] | null {
  const index = text.indexOf('[LINK]');
  if (index < 0) return null;
  return [text.slice(0, index), text.slice(index + '[LINK]'.length)];
}
