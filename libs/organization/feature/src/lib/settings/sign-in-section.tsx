import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Card, CardBody, ErrorState, Skeleton, toast } from '@terrace/design-system';
import {
  organizationQueries,
  useUpdateSignInSettingsMutation,
  type SignInSettings,
} from '@terrace/organization/data-access';
import { SettingToggle } from './setting-toggle';
import { useApiClient } from '@terrace/session';

export interface SignInSectionProps {
  canEdit: boolean;
  readOnlyReason: string;
}

/** The organization's two sign-in requirements (spec §3), each saved as soon as it is switched. */
export function SignInSection({ canEdit, readOnlyReason }: SignInSectionProps) {
  const { t } = useLingui();
  const client = useApiClient();
  const settings = useQuery(organizationQueries.signInSettings(client));
  const save = useUpdateSignInSettingsMutation();

  if (settings.isPending) return <Skeleton className="h-40 w-full" />;
  if (settings.isError) return <ErrorState error={settings.error} onRetry={() => void settings.refetch()} retrying={settings.isFetching} />;

  const change = (patch: Partial<SignInSettings>) =>
    save
      .mutateAsync(patch)
      .then(() => toast.success(t`Sign-in settings saved.`))
      .catch(() => undefined);

  return (
    <Card>
      <CardBody className="divide-y divide-border">
        <SettingToggle
          label={t`Allow login with SAML SSO only`}
          description={t`Members must sign in through the identity provider; passwords stop working for them.`}
          checked={settings.data.requireSsoSignIn}
          onCheckedChange={(requireSsoSignIn) => void change({ requireSsoSignIn })}
          disabled={!canEdit}
          disabledReason={readOnlyReason}
          pending={save.isPending}
        />
        <SettingToggle
          label={t`MFA is required for non-SSO login`}
          description={t`Members who sign in with a password must set up two-factor authentication.`}
          checked={settings.data.requireMfaForDirectUserSignIn}
          onCheckedChange={(requireMfaForDirectUserSignIn) => void change({ requireMfaForDirectUserSignIn })}
          disabled={!canEdit}
          disabledReason={readOnlyReason}
          pending={save.isPending}
        />
      </CardBody>
    </Card>
  );
}
