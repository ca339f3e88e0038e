import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Button, Popover, PopoverContent, PopoverTrigger } from '@terrace/design-system';
import { sessionQueries, storageKeys, useApiClient, type NotificationItem } from '@terrace/session';
import { Bell } from 'lucide-react';
import { useId, useState } from 'react';
import { countUnreadNotifications, notificationBadgeText } from '@terrace/domain';
import type { I18n } from '@lingui/core';
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

/** Product notifications; the list is five items tall and the badge counts what is new. */
export function NotificationsMenu() {
  const { t, i18n } = useLingui();
  const client = useApiClient();
  const notifications = useQuery(sessionQueries.notifications(client));
  const headingId = useId();
  const [lastSeen, setLastSeen] = useState(() => localStorage.getItem(storageKeys.latestNotificationDate));
  const items = [...(notifications.data ?? [])].sort((a, b) => Date.parse(b.date) - Date.parse(a.date));
  const badge = notificationBadgeText(
    countUnreadNotifications(
      items.map((item) => new Date(item.date)),
      lastSeen ? new Date(lastSeen) : null,
    ),
  );

  const markSeen = (open: boolean) => {
    if (!open || !items[0]) return;
    localStorage.setItem(storageKeys.latestNotificationDate, items[0].date);
    setLastSeen(items[0].date);
  };

  return (
    // A popover, not a menu: the feed is a list to read with links inside, not a set of commands.
    <Popover onOpenChange={markSeen}>
      <PopoverTrigger asChild>
        <Button variant="ghost" className="relative size-9 px-0" data-testid="notifications-button">
          <Bell aria-hidden />
          {/* The name is built from visible parts, so the badge count is part of it (WCAG 2.5.3). */}
          <span className="sr-only">{t`Notifications`}</span>
          {badge && (
            <>
              <span
                data-testid="notifications-badge"
                className="absolute -end-0.5 -top-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-danger px-1 text-[10px] leading-none font-semibold text-danger-foreground"
              >
                {badge}
              </span>
              <span className="sr-only">{t`new`}</span>
            </>
          )}
        </Button>
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
