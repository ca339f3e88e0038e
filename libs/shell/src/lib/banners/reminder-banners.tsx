import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@terrace/design-system';
import { shouldShowMfaBanner, shouldShowSsoBanner } from '@terrace/domain';
import { appPath, type CurrentSession, sessionQueries, storageKeys, useApiClient } from '@terrace/session';
import { KeyRound, ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ReminderBanner } from './reminder-banner';
import { dismissSsoReminder, isSsoReminderDismissed, postpone, postponedUntil } from './reminder-storage';

/** What the reminders are decided by; `loading` while a first answer is awaited. */
function useReminderQueries(session: CurrentSession) {
  const client = useApiClient();
  const adminOrViewer = session.role === 'admin' || session.role === 'viewer';
  // Spec §6: only admins and viewers load sign-in settings and the user list.
  const settings = useQuery({ ...sessionQueries.signInSettings(client), enabled: adminOrViewer });
  const hasUsers = useQuery({ ...sessionQueries.organizationHasUsers(client), enabled: adminOrViewer });
  return { adminOrViewer, settings, hasUsers, loading: settings.isLoading || hasUsers.isLoading };
}

/** Which reminder a reserved slot stands for (the page's settings script shows the expected ones). */
export type ReminderSlot = 'mfa' | 'sso';

/**
 * The space of the reminders while they are not known yet (before the session and the sign-in
 * settings have answered): each banner drawn invisible and inert, in a slot that the page's
 * stylesheet shows only when the page's settings script expects that reminder
 * (`<html data-reminders>`, expectedReminders), so the page below does not move when the real
 * banner replaces it. A reminder that was not expected still appears, and moves the page once.
 */
export function ReservedReminderBanners() {
  return (
    <>
      {(['mfa', 'sso'] as const).map((slot) => (
        <div key={slot} data-reminder-slot={slot} aria-hidden inert className="invisible">
          <Reminder slot={slot} onChange={() => undefined} reserved />
        </div>
      ))}
    </>
  );
}

/** The MFA and SSO reminders of spec §4 and §5, shown to admins and viewers only. */
export function ReminderBanners({ session }: { session: CurrentSession }) {
  const { adminOrViewer, settings, hasUsers, loading } = useReminderQueries(session);
  const [, rerender] = useState(0);
  if (loading) return <ReservedReminderBanners />;
  if (!adminOrViewer || !settings.data) return null;
  const now = new Date();

  const showMfa =
    hasUsers.data !== undefined &&
    shouldShowMfaBanner({
      role: session.role,
      requireSsoSignIn: settings.data.requireSsoSignIn,
      requireMfaForDirectUserSignIn: settings.data.requireMfaForDirectUserSignIn,
      hasUsers: hasUsers.data,
      postponedUntil: postponedUntil(storageKeys.mfaBannerPostponedUntil),
      now,
    });
  const showSso = shouldShowSsoBanner({
    role: session.role,
    requireSsoSignIn: settings.data.requireSsoSignIn,
    dismissed: isSsoReminderDismissed(),
    postponedUntil: postponedUntil(storageKeys.ssoBannerPostponedUntil),
    now,
  });
  const changed = () => rerender((n) => n + 1);
  return (
    <>
      {showMfa && <Reminder slot="mfa" onChange={changed} />}
      {showSso && <Reminder slot="sso" onChange={changed} />}
    </>
  );
}

/** One reminder's banner; `onChange` after it was postponed or dismissed. */
function Reminder({ slot, onChange, reserved = false }: { slot: ReminderSlot; onChange: () => void; reserved?: boolean }) {
  const { t } = useLingui();
  const signInSettingsPath = appPath('organizationSetting', {}, { id: 'idp' });
  return (
    <>
      {slot === 'mfa' && (
        <ReminderBanner
          testId={reserved ? undefined : 'mfa-banner'}
          tone="warning"
          icon={<ShieldAlert />}
          title={t`Protect your organization with MFA.`}
          text={t`Require multi-factor authentication for users who sign in with a password.`}
          actions={
            <>
              <Button asChild size="sm" variant="outline">
                <Link to={signInSettingsPath}>{t`Review sign-in settings`}</Link>
              </Button>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => {
                  postpone(storageKeys.mfaBannerPostponedUntil);
                  onChange();
                }}
              >
                {t`Remind me in a week`}
              </Button>
            </>
          }
        />
      )}
      {slot === 'sso' && (
        <ReminderBanner
          testId={reserved ? undefined : 'sso-banner'}
          icon={<KeyRound />}
          title={t`Sign in with your identity provider.`}
          text={t`Set up single sign-on so your team uses one login and access follows your directory.`}
          actions={
            <>
              <Button asChild size="sm" variant="outline">
                <Link to={signInSettingsPath}>{t`Set up SSO`}</Link>
              </Button>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => {
                  postpone(storageKeys.ssoBannerPostponedUntil);
                  onChange();
                }}
              >
                {t`Remind me in a week`}
              </Button>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => {
                  dismissSsoReminder();
                  onChange();
                }}
              >
                {t`Don't show again`}
              </Button>
            </>
          }
        />
      )}
    </>
  );
}
