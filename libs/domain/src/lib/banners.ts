import { isAdminOrViewer } from './organization';

/** Both reminders can be put off for one week. */
export const REMINDER_POSTPONE_DAYS = 7;
const DAY_MS = 86_400_000;

export function reminderPostponedUntil(now: Date): Date {
  return new Date(now.getTime() + REMINDER_POSTPONE_DAYS * DAY_MS);
}

export function isPostponed(postponedUntil: Date | null | undefined, now: Date): boolean {
  return postponedUntil != null && now.getTime() < postponedUntil.getTime();
}

export interface MfaBannerInput {
  role: string;
  requireSsoSignIn: boolean;
  requireMfaForDirectUserSignIn: boolean;
  hasUsers: boolean;
  postponedUntil?: Date | null;
  now: Date;
}

/** Reminds admins and viewers to require MFA while direct sign-in is allowed without it. */
export function shouldShowMfaBanner(input: MfaBannerInput): boolean {
  return (
    isAdminOrViewer(input.role) &&
    !input.requireSsoSignIn &&
    !input.requireMfaForDirectUserSignIn &&
    input.hasUsers &&
    !isPostponed(input.postponedUntil, input.now)
  );
}

export interface SsoBannerInput {
  role: string;
  requireSsoSignIn: boolean;
  dismissed: boolean;
  postponedUntil?: Date | null;
  now: Date;
}

/** Suggests SSO-only sign-in; unlike the MFA reminder it can be dismissed for good. */
export function shouldShowSsoBanner(input: SsoBannerInput): boolean {
  return (
    isAdminOrViewer(input.role) &&
    !input.requireSsoSignIn &&
    !input.dismissed &&
    !isPostponed(input.postponedUntil, input.now)
  );
}

export const NOTIFICATION_BADGE_CAP = 5;

/** The unread badge: nothing for zero, the count up to five, then '5+'. */
export function notificationBadgeText(unread: number): string | undefined {
  if (unread <= 0) return undefined;
  return unread > NOTIFICATION_BADGE_CAP ? `${NOTIFICATION_BADGE_CAP}+` : String(unread);
}

/** Notifications newer than the last one the user saw (stored as latestNotificationDate). */
export function countUnreadNotifications(
  dates: readonly Date[],
  latestSeen: Date | null | undefined,
): number {
  if (!latestSeen) return dates.length;
  return dates.filter((date) => date.getTime() > latestSeen.getTime()).length;
}
