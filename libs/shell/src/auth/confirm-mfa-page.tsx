import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Button, Spinner } from '@terrace/design-system';
import { authPaths, authRequests, useApiClient } from '@terrace/session';
import { Link, useParams } from 'react-router';
import { AuthCard } from './auth-card';
import { FormAlert } from './form-alert';

/** Confirms a change to two-factor authentication from the link in the confirmation e-mail. */
export function ConfirmMfaPage() {
  const { t } = useLingui();
  const client = useApiClient();
  const { confirmationToken = '' } = useParams();
  // A query, not a mutation: opening the link is the confirmation and it must run exactly once.
  const confirm = useQuery({
    queryKey: ['auth', 'confirmMfa', confirmationToken],
    queryFn: async () => {
      await authRequests.confirmMfa(client, confirmationToken);
      return true;
    },
    retry: false,
    staleTime: Infinity,
  });
  return (
    <AuthCard title={t`Confirm two-factor authentication`}>
      {confirm.isPending && (
        <div className="flex justify-center py-6">
          <Spinner className="size-8" label={t`Confirming`} />
        </div>
      )}
      {confirm.isSuccess && <FormAlert tone="success">{t`Two-factor authentication is confirmed for your account.`}</FormAlert>}
      {confirm.isError && <FormAlert tone="danger">{t`This confirmation link is no longer valid. Start the setup again from your profile.`}</FormAlert>}
      {!confirm.isPending && (
        <Button asChild className="w-full">
          <Link to={authPaths.login()}>{t`Continue to sign-in`}</Link>
        </Button>
      )}
    </AuthCard>
  );
}
