import { useLingui } from '@lingui/react/macro';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@terrace/design-system';
import { appPath, type CurrentSession } from '@terrace/session';
import { ArrowLeftRight, Building2, IdCard, LogOut, UserRound } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { ProfileButton, profileName } from './profile-menu';
import { useSignOut } from './use-sign-out';

// The dialogs (and the form library and select of the switcher) load when first opened, not with
// every page (ARCHITECTURE §8); once loaded they stay mounted so they close with their animation.
const OrganizationSwitcherDialog = lazy(() =>
  import('./organization-switcher-dialog').then((m) => ({ default: m.OrganizationSwitcherDialog })),
);
const SessionInfoDialog = lazy(() => import('./session-info-dialog').then((m) => ({ default: m.SessionInfoDialog })));

/**
 * The profile menu: who is signed in, profile, organization, session information, sign out.
 * Loaded by `ProfileMenu` (profile-menu.tsx) on the first use of its button.
 */
export function ProfileDropdown({ session, defaultOpen }: { session: CurrentSession; defaultOpen?: boolean }) {
  const { t } = useLingui();
  const signOut = useSignOut();
  const [switching, setSwitching] = useState(false);
  const [showingSession, setShowingSession] = useState(false);
  const [switcherOpened, setSwitcherOpened] = useState(false);
  const [sessionInfoOpened, setSessionInfoOpened] = useState(false);
  const fullName = profileName(session);
  // Spec §6: the organization settings link is hidden for namespace-only and member views.
  const showOrganizationSettings = !session.isNamespaceOnly && session.role !== 'member';

  return (
    <>
      <DropdownMenu defaultOpen={defaultOpen}>
        <DropdownMenuTrigger asChild>
          <ProfileButton session={session} />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-64">
          <DropdownMenuLabel className="flex flex-col gap-0.5">
            <span className="truncate text-sm font-medium text-foreground">{fullName}</span>
            <span className="truncate text-xs font-normal text-muted-foreground">{session.user.email}</span>
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          {!session.isSsoUser && (
            <DropdownMenuItem asChild>
              <Link to={appPath('userSetting')}>
                <UserRound aria-hidden />
                {t`Edit Profile`}
              </Link>
            </DropdownMenuItem>
          )}
          {showOrganizationSettings && (
            <DropdownMenuItem asChild>
              <Link to={appPath('organizationSetting')}>
                <Building2 aria-hidden />
                {t`Organization settings`}
              </Link>
            </DropdownMenuItem>
          )}
          <DropdownMenuItem
            onSelect={() => {
              setSwitcherOpened(true);
              setSwitching(true);
            }}
          >
            <ArrowLeftRight aria-hidden />
            {t`Switch organization`}
          </DropdownMenuItem>
          <DropdownMenuItem
            onSelect={() => {
              setSessionInfoOpened(true);
              setShowingSession(true);
            }}
          >
            <IdCard aria-hidden />
            {t`Session information`}
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => void signOut()}>
            <LogOut aria-hidden className="rtl:-scale-x-100" />
            {t`Sign out`}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <Suspense fallback={null}>
        {switcherOpened && (
          <OrganizationSwitcherDialog open={switching} onOpenChange={setSwitching} current={session.organization} />
        )}
        {sessionInfoOpened && <SessionInfoDialog open={showingSession} onOpenChange={setShowingSession} session={session} />}
      </Suspense>
    </>
  );
}
