import { useLingui } from '@lingui/react/macro';
import { ErrorState, PageHeader, Stack } from '@terrace/design-system';
import { readStoredOrganization, useCurrentSession, useLocalSettings } from '@terrace/session';
import { useDeferredValue, useRef } from 'react';
import { Outlet } from 'react-router';
import { ReminderBanners, ReservedReminderBanners } from '../banners/reminder-banners';
import { AppHeader } from '../header/app-header';
import { useActivePageHeading } from '../routes/page-headings';
import { AppSideNav } from './app-side-nav';
import { AppTopNav } from './app-top-nav';
import { showsAssistantEntry, visibleNavTree } from './nav-tree';
import { useFocusOnNavigate } from './use-focus-on-navigate';

/**
 * The authenticated layout: the navigation (side or top; top below the large breakpoint; none in
 * management mode), the header, the reminder banners and the page.
 *
 * Until the session is known the frame is drawn at once (the console's build prerenders it into
 * the route's HTML): the header bar and brand, the navigation without its entries, the reminders'
 * reserved room (ReservedReminderBanners) and the header of the page if it declares one
 * (`lazyPage`'s heading); the page itself, whose access the session decides, waits. What comes
 * with the session fills that frame without moving it: the header's tools, the navigation's
 * entries, the banners in their room, the page below its header.
 */
export function AppLayout() {
  const { t } = useLingui();
  // Deferred: the session's answer (navigation, tools, banners and page at once) renders in the
  // background, yielding to the browser between components, while the frame stays on screen,
  // rather than in one long task (Lighthouse's Total Blocking Time).
  const state = useDeferredValue(useCurrentSession());
  const [settings, update] = useLocalSettings();
  const main = useRef<HTMLElement>(null);
  useFocusOnNavigate(main);

  if (state.status === 'error') {
    return (
      <main className="flex min-h-dvh items-center justify-center bg-background p-6">
        <ErrorState
          error={state.error}
          title={t`The console could not load your session`}
          onRetry={state.retry}
        />
      </main>
    );
  }

  const session = state.status === 'success' ? state.session : undefined;
  // Before the session: the organization stored at sign-in; a regular one always has navigation.
  const management = (session?.organization ?? readStoredOrganization()).type === 'management';
  const groups = session && !management ? visibleNavTree(session.access) : [];
  const top = !management && (!session || groups.length > 0);
  const side = top && settings.navigationType === 'SIDE';

  return (
    <div className="flex h-dvh bg-background text-foreground">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-surface px-3 py-2 text-sm font-medium focus:not-sr-only focus:absolute focus:start-2 focus:top-2"
      >
        {t`Skip to content`}
      </a>
      {side && (
        <AppSideNav
          groups={groups}
          showAssistant={session ? showsAssistantEntry(session.access) : false}
          role={session?.access.role ?? ''}
          collapsed={settings.navCollapsed}
          onCollapsedChange={(navCollapsed) => update({ navCollapsed })}
          className="hidden lg:flex"
        />
      )}
      <div className="flex min-w-0 flex-1 flex-col">
        <AppHeader session={session} groups={groups} brandBelowLargeOnly={side} />
        {top && (
          <AppTopNav
            groups={groups}
            color={settings.topNavColor}
            className={side ? 'lg:hidden' : undefined}
          />
        )}
        {session ? <ReminderBanners session={session} /> : <ReservedReminderBanners />}
        <main
          ref={main}
          id="main"
          tabIndex={-1}
          aria-busy={!session || undefined}
          className="min-h-0 flex-1 overflow-y-auto focus:outline-none"
        >
          {session ? <Outlet /> : <PendingPageHeading />}
        </main>
      </div>
    </div>
  );
}

/** The header of the page being opened while the session loads, as the page draws it. */
function PendingPageHeading() {
  const { i18n } = useLingui();
  const heading = useActivePageHeading();
  if (!heading) return null;
  return (
    <Stack gap={6} className="p-6">
      <PageHeader
        title={i18n._(heading.title)}
        description={heading.description && i18n._(heading.description)}
      />
    </Stack>
  );
}
