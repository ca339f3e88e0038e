import { useLingui } from '@lingui/react/macro';
import {
  Button,
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
import { useSignOut } from './use-sign-out';

// The dialogs (and the form library and select of the switcher) load when first opened, not with
// every page (ARCHITECTURE §8); once loaded they stay mounted so they close with their animation.
const OrganizationSwitcherDialog = lazy(() =>
  import('./organization-switcher-dialog').then((m) => ({ default: m.OrganizationSwitcherDialog })),
);
const SessionInfoDialog = lazy(() => import('./session-info-dialog').then((m) => ({ default: m.SessionInfoDialog })));

function initials(session: CurrentSession): string {
  const { firstName, lastName, email } = session.user;
  const text = `${firstName?.[0] ?? ''}${lastName?.[0] ?? ''}`;
  return (text || email[0] || '?').toUpperCase();
}

/** The profile menu: who is signed in, profile, organization, session information, sign out. */
export function ProfileMenu({ session }: { session: CurrentSession }) {
  const { t } = useLingui();
  const signOut = useSignOut();
  const [switching, setSwitching] = useState(false);
  const [showingSession, setShowingSession] = useState(false);
  const [switcherOpened, setSwitcherOpened] = useState(false);
  const [sessionInfoOpened, setSessionInfoOpened] = useState(false);
  const fullName = [session.user.firstName, session.user.lastName].filter(Boolean).join(' ') || session.user.email;
  // Spec §6: the organization settings link is hidden for namespace-only and member views.
  const showOrganizationSettings = !session.isNamespaceOnly && session.role !== 'member';

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" className="max-w-56 shrink-0 gap-2 px-1.5 sm:px-2">
            {/* Visible text stays part of the name (WCAG 2.5.3), the purpose is added for screen readers. */}
            <span className="sr-only">{t`Account menu`}</span>
            <span aria-hidden className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground">
              {initials(session)}
            </span>
            <span className="sr-only lg:hidden">{fullName}</span>
            {/* Long names are cut at the end of a word's room with an ellipsis, never broken mid-word; the title shows them whole. */}
            <span className="hidden min-w-0 max-w-40 flex-col text-start leading-tight lg:flex" title={`${fullName} · ${session.organization.name}`}>
              <bdi className="block truncate text-sm font-medium">{fullName}</bdi>
              <bdi className="block truncate text-xs text-muted-foreground" data-testid="header-organization">
                {session.organization.name}
              </bdi>
            </span>
          </Button>
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
