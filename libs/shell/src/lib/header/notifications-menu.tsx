import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Button, Deferred, type ButtonProps } from '@terrace/design-system';
import { countUnreadNotifications, notificationBadgeText } from '@terrace/domain';
import { sessionQueries, storageKeys, useApiClient } from '@terrace/session';
import { Bell } from 'lucide-react';
import { useState } from 'react';

// The feed's popover (the Radix popper and focus code) loads on the first use of its button.
const loadPopover = () => import('./notifications-popover').then((m) => m.NotificationsPopover);

/** The notifications button with its count of what is new; the trigger of the feed. */
export function NotificationsButton({ badge, ...props }: ButtonProps & { badge: string | undefined }) {
  const { t } = useLingui();
  return (
    <Button variant="ghost" className="relative size-9 px-0" data-testid="notifications-button" {...props}>
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
  );
}

/** Product notifications; the badge counts what is new since the feed was last opened. */
export function NotificationsMenu() {
  const client = useApiClient();
  const notifications = useQuery(sessionQueries.notifications(client));
  const [lastSeen, setLastSeen] = useState(() => localStorage.getItem(storageKeys.latestNotificationDate));
  const items = [...(notifications.data ?? [])].sort((a, b) => Date.parse(b.date) - Date.parse(a.date));
  const badge = notificationBadgeText(
    countUnreadNotifications(
      items.map((item) => new Date(item.date)),
      lastSeen ? new Date(lastSeen) : null,
    ),
  );

  const onSeen = (open: boolean) => {
    if (!open || !items[0]) return;
    localStorage.setItem(storageKeys.latestNotificationDate, items[0].date);
    setLastSeen(items[0].date);
  };

  return (
    <Deferred
      load={loadPopover}
      props={{ notifications, items, badge, onSeen }}
      trigger={(trigger) => <NotificationsButton {...trigger} badge={badge} aria-haspopup="dialog" />}
    />
  );
}
