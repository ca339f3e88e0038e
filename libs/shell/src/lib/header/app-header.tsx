import { useLingui } from '@lingui/react/macro';
import type { CurrentSession } from '@terrace/session';
import { BrandMark } from '../layout/brand-mark';
import type { VisibleNavGroup } from '../layout/nav-tree';
import { BookmarksMenu } from './bookmarks-menu';
import { DocumentationLink } from './documentation-link';
import { FreeTrialLabel } from './free-trial-label';
import { LanguageMenu } from './language-menu';
import { NotificationsMenu } from './notifications-menu';
import { ProfileMenu } from './profile-menu';
import { ThemeToggle } from './theme-toggle';
import { WhatsNewButton } from './whats-new-button';

export interface AppHeaderProps {
  /** Undefined while the session is loading: the bar and brand are drawn, the tools come with it. */
  session: CurrentSession | undefined;
  groups: VisibleNavGroup[];
  /** Whether the brand shows only below the large breakpoint (the side navigation shows it above). */
  brandBelowLargeOnly: boolean;
}

export function AppHeader({ session, groups, brandBelowLargeOnly }: AppHeaderProps) {
  const { t } = useLingui();
  return (
    <header className="flex h-14 shrink-0 items-center gap-2 border-b border-border bg-surface px-2 text-surface-foreground sm:px-4">
      {/* On a phone the mark alone: the tools and the account menu need the width (390 px). */}
      <BrandMark className={brandBelowLargeOnly ? 'shrink-0 lg:hidden' : 'shrink-0'} nameClassName="hidden sm:inline" />
      <div className="flex-1" />
      {session && (
        <div role="toolbar" aria-label={t`Console tools`} className="flex min-w-0 items-center gap-0.5 sm:gap-1">
          <FreeTrialLabel organization={session.organization} />
          <WhatsNewButton />
          <DocumentationLink />
          <NotificationsMenu />
          {groups.length > 0 && <BookmarksMenu groups={groups} />}
          <ThemeToggle />
          <LanguageMenu />
          <ProfileMenu session={session} />
        </div>
      )}
    </header>
  );
}
