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

/**
 * Whether the reminders are still unknown on the first load: the layout keeps the page region
 * invisible meanwhile (rendered, its chunks and calls under way), so that a banner appearing later
 * does not push it down (a layout shift: Lighthouse's CLS).
 */
export function useRemindersLoading(session: CurrentSession): boolean {
  return useReminderQueries(session).loading;
}

/** The MFA and SSO reminders of spec §4 and §5, shown to admins and viewers only. */
export function ReminderBanners({ session }: { session: CurrentSession }) {
  const { t } = useLingui();
  const { adminOrViewer, settings, hasUsers } = useReminderQueries(session);
  const [, rerender] = useState(0);
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
  const signInSettingsPath = appPath('organizationSetting', {}, { id: 'idp' });

  return (
    <>
      {showMfa && (
        <ReminderBanner
          testId="mfa-banner"
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
                  rerender((n) => n + 1);
                }}
              >
                {t`Remind me in a week`}
              </Button>
            </>
          }
        />
      )}
      {showSso && (
        <ReminderBanner
          testId="sso-banner"
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
                  rerender((n) => n + 1);
                }}
              >
                {t`Remind me in a week`}
              </Button>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => {
                  dismissSsoReminder();
                  rerender((n) => n + 1);
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
