import { useLingui } from '@lingui/react/macro';
import { cn, ErrorState, FullPageLoader } from '@terrace/design-system';
import { useCurrentSession, useLocalSettings, type CurrentSession } from '@terrace/session';
import { useRef, type RefObject } from 'react';
import { Outlet } from 'react-router';
import { ReminderBanners, useRemindersLoading } from '../banners/reminder-banners';
import { AppHeader } from '../header/app-header';
import { AppSideNav } from './app-side-nav';
import { AppTopNav } from './app-top-nav';
import { showsAssistantEntry, visibleNavTree } from './nav-tree';
import { useFocusOnNavigate } from './use-focus-on-navigate';

/**
 * The authenticated layout: a full-page loader until the role and organization are known, then
 * the navigation (side or top; top below the large breakpoint; none in management mode), the
 * header, the reminder banners and the page.
 */
export function AppLayout() {
  const { t } = useLingui();
  const state = useCurrentSession();
  const [settings, update] = useLocalSettings();
  const main = useRef<HTMLElement>(null);
  useFocusOnNavigate(main);

  if (state.status === 'pending') return <FullPageLoader />;
  if (state.status === 'error') {
    return (
      <main className="flex min-h-dvh items-center justify-center bg-background p-6">
        <ErrorState error={state.error} title={t`The console could not load your session`} onRetry={state.retry} />
      </main>
    );
  }

  const { session } = state;
  const management = session.organization.type === 'management';
  const groups = management ? [] : visibleNavTree(session.access);
  const side = !management && settings.navigationType === 'SIDE' && groups.length > 0;
  const top = !management && groups.length > 0;

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
          showAssistant={showsAssistantEntry(session.access)}
          role={session.access.role}
          collapsed={settings.navCollapsed}
          onCollapsedChange={(navCollapsed) => update({ navCollapsed })}
          className="hidden lg:flex"
        />
      )}
      <div className="flex min-w-0 flex-1 flex-col">
        <AppHeader session={session} groups={groups} brandBelowLargeOnly={side} />
        {top && <AppTopNav groups={groups} color={settings.topNavColor} className={side ? 'lg:hidden' : undefined} />}
        <ReminderBanners session={session} />
        <PageRegion session={session} main={main} />
      </div>
    </div>
  );
}

/** The page's region, invisible until the reminders above it are known (useRemindersLoading). */
function PageRegion({ session, main }: { session: CurrentSession; main: RefObject<HTMLElement | null> }) {
  const loading = useRemindersLoading(session);
  return (
    <main
      ref={main}
      id="main"
      tabIndex={-1}
      aria-busy={loading || undefined}
      className={cn('min-h-0 flex-1 overflow-y-auto focus:outline-none', loading && 'invisible')}
    >
      <Outlet />
    </main>
  );
}
