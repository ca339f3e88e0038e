import { useLingui } from '@lingui/react/macro';
import type { UseQueryResult } from '@tanstack/react-query';
import { Popover, PopoverContent, PopoverTrigger } from '@terrace/design-system';
import type { NotificationItem } from '@terrace/session';
import { useEffect, useId } from 'react';
import type { I18n } from '@lingui/core';
import { NotificationsButton } from './notifications-menu';
import { splitAtLinkMarker, translateNewsText } from './notification-text';

/** A feed text: translated when the catalog knows it, otherwise marked as English (isolated in rtl). */
function NewsText({ text, i18n }: { text: string; i18n: I18n }) {
  const shown = translateNewsText(text, i18n);
  return shown.english ? (
    <bdi lang="en" dir="auto">
      {shown.text}
    </bdi>
  ) : (
    <>{shown.text}</>
  );
}

function NotificationText({ item, i18n }: { item: NotificationItem; i18n: I18n }) {
  const body = translateNewsText(item.text, i18n);
  const parts = splitAtLinkMarker(body.text);
  const link =
    item.linkUrl && item.linkText ? (
      <a href={item.linkUrl} target="_blank" rel="noreferrer" className="font-medium text-primary-subtle-foreground underline-offset-4 hover:underline">
        <NewsText text={item.linkText} i18n={i18n} />
      </a>
    ) : null;
  const lang = body.english ? 'en' : undefined;
  if (!parts) {
    return (
      <span lang={lang}>
        {body.text} {link}
      </span>
    );
  }
  return (
    <span lang={lang}>
      {parts[0]}
      {link}
      {parts[1]}
    </span>
  );
}

/**
 * The notifications feed, loaded by `NotificationsMenu` (notifications-menu.tsx) on the first use
 * of its button; the list is five items tall.
 */
export function NotificationsPopover({
  notifications,
  items,
  badge,
  onSeen,
  defaultOpen,
}: {
  notifications: UseQueryResult<NotificationItem[]>;
  items: NotificationItem[];
  badge: string | undefined;
  onSeen: (open: boolean) => void;
  defaultOpen?: boolean;
}) {
  const { t, i18n } = useLingui();
  const headingId = useId();
  // Opened by the press that loaded it: seen now (onOpenChange reports changes only).
  useEffect(() => {
    if (defaultOpen) onSeen(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the opening that loaded it
  }, []);

  return (
    // A popover, not a menu: the feed is a list to read with links inside, not a set of commands.
    <Popover defaultOpen={defaultOpen} onOpenChange={onSeen}>
      <PopoverTrigger asChild>
        <NotificationsButton badge={badge} />
      </PopoverTrigger>
      <PopoverContent align="end" className="w-[min(24rem,calc(100vw-1rem))] p-0" aria-labelledby={headingId}>
        <h2 id={headingId} className="border-b border-border px-3 py-2 text-sm font-semibold">
          {t`Notifications`}
        </h2>
        {/* Five items tall (spec §9); the rest scrolls. */}
        <ul className="max-h-[27rem] overflow-y-auto" data-testid="notifications-list">
          {notifications.isPending && <li className="px-3 py-4 text-sm text-muted-foreground">{t`Loading notifications…`}</li>}
          {notifications.isError && <li className="px-3 py-4 text-sm text-muted-foreground">{t`Notifications could not be loaded.`}</li>}
          {notifications.isSuccess && items.length === 0 && (
            <li className="px-3 py-4 text-sm text-muted-foreground">{t`You are all caught up.`}</li>
          )}
          {items.map((item) => (
            <li key={`${item.date}-${item.title}`} className="flex h-[5.4rem] flex-col gap-1 border-b border-border px-3 py-2 last:border-b-0">
              <div className="flex items-baseline justify-between gap-2">
                <span className="truncate text-sm font-medium text-foreground">
                  <NewsText text={item.title} i18n={i18n} />
                </span>
                <time dateTime={item.date} className="shrink-0 text-xs text-muted-foreground">
                  {i18n.date(new Date(item.date), { dateStyle: 'medium' })}
                </time>
              </div>
              <p className="line-clamp-2 text-xs text-muted-foreground">
                <NotificationText item={item} i18n={i18n} />
              </p>
            </li>
          ))}
        </ul>
      </PopoverContent>
    </Popover>
  );
}
