import { useLingui } from '@lingui/react/macro';
import { Button, Deferred, type ButtonProps } from '@terrace/design-system';
import type { CurrentSession } from '@terrace/session';

// The menu (the Radix menu code, and the dialogs it opens) loads on the first use of its button.
const loadDropdown = () => import('./profile-dropdown').then((m) => m.ProfileDropdown);

function initials(session: CurrentSession): string {
  const { firstName, lastName, email } = session.user;
  const text = `${firstName?.[0] ?? ''}${lastName?.[0] ?? ''}`;
  return (text || email[0] || '?').toUpperCase();
}

export function profileName(session: CurrentSession): string {
  return [session.user.firstName, session.user.lastName].filter(Boolean).join(' ') || session.user.email;
}

/** The account button: initials, name and organization; the trigger of the profile menu. */
export function ProfileButton({ session, ...props }: ButtonProps & { session: CurrentSession }) {
  const { t } = useLingui();
  const fullName = profileName(session);
  return (
    <Button variant="ghost" className="max-w-56 shrink-0 gap-2 px-1.5 sm:px-2" {...props}>
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
  );
}

/** The profile menu: its button renders at once, the menu loads on hover, focus or first press. */
export function ProfileMenu({ session }: { session: CurrentSession }) {
  return (
    <Deferred
      load={loadDropdown}
      props={{ session }}
      trigger={(trigger) => <ProfileButton {...trigger} session={session} aria-haspopup="menu" />}
    />
  );
}
