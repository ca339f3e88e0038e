import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { EmptyState, ErrorState, PageHeader, Skeleton, Stack, toast } from '@terrace/design-system';
import {
  organizationQueries,
  useChangePasswordMutation,
  useDisableMfaMutation,
  useEnableMfaMutation,
  useGenerateMfaMutation,
  useUpdateProfileMutation,
} from '@terrace/organization/data-access';
import { KeyRound } from 'lucide-react';
import { MfaPanel } from './mfa-panel';
import { PasswordForm } from './password-form';
import { ProfileForm } from './profile-form';
import { useApiClient } from '@terrace/session';

/** /user/setting: the signed-in user's profile, password and two-factor authentication. */
export function UserSettingsPage() {
  const { t } = useLingui();
  const client = useApiClient();
  const me = useQuery(organizationQueries.currentUser(client));
  const updateProfile = useUpdateProfileMutation();
  const changePassword = useChangePasswordMutation();
  const generateMfa = useGenerateMfaMutation();
  const enableMfa = useEnableMfaMutation();
  const disableMfa = useDisableMfaMutation();

  const header = <PageHeader title={t`User settings`} description={t`Your profile and how you sign in.`} />;

  if (me.isPending) {
    return (
      <Stack gap={6} className="p-6" aria-busy="true">
        {header}
        <Skeleton className="h-56 w-full" />
        <Skeleton className="h-56 w-full" />
      </Stack>
    );
  }
  if (me.isError) {
    return (
      <Stack gap={6} className="p-6">
        {header}
        <ErrorState error={me.error} onRetry={() => void me.refetch()} retrying={me.isFetching} />
      </Stack>
    );
  }
  const user = me.data;

  if (user.userType === 'ssoUser') {
    // The navigation hides this page from SSO users; someone who follows a link still gets a clear answer.
    return (
      <Stack gap={6} className="p-6">
        {header}
        <EmptyState
          icon={<KeyRound aria-hidden />}
          title={t`Your account is managed by your identity provider`}
          text={t`You sign in with single sign-on, so your name, password and two-factor authentication are changed at your identity provider, not here.`}
        />
      </Stack>
    );
  }

  return (
    <Stack gap={6} className="p-6">
      {header}
      <ProfileForm
        key={`${user.firstName} ${user.lastName}`}
        initial={{ firstName: user.firstName, lastName: user.lastName }}
        email={user.email}
        onSave={async (input) => {
          await updateProfile.mutateAsync(input);
          toast.success(t`Profile saved.`);
        }}
      />
      <PasswordForm
        onChange={async (input) => {
          await changePassword.mutateAsync(input);
          toast.success(t`Password changed. Your other sessions were signed out.`);
        }}
      />
      <MfaPanel
        enabled={user.mfaEnabled}
        onGenerate={() => generateMfa.mutateAsync()}
        onEnable={async (code) => {
          await enableMfa.mutateAsync(code);
          toast.success(t`Two-factor authentication is on.`);
        }}
        onDisable={async (code) => {
          await disableMfa.mutateAsync(code);
          toast.success(t`Two-factor authentication is off.`);
        }}
      />
    </Stack>
  );
}
