import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Skeleton } from '@terrace/design-system';
import { authRequests, type SignInResult, useApiClient } from '@terrace/session';
import { AuthCard } from './auth-card';
import { errorText } from './auth-validation';
import { FormAlert } from './form-alert';
import { MfaCodeForm } from './mfa-code-form';

export interface MfaSetupStepProps {
  addMfaSessionId: string;
  onDone: (result: SignInResult) => Promise<void> | void;
  onCancel: () => void;
}

/** MFA setup during sign-in: show the secret, then confirm it with a first code (spec §7 withAddMfaSession). */
export function MfaSetupStep({ addMfaSessionId, onDone, onCancel }: MfaSetupStepProps) {
  const { t } = useLingui();
  const client = useApiClient();
  const secret = useQuery({
    queryKey: ['auth', 'mfaSecret', addMfaSessionId],
    queryFn: () => authRequests.generateMfaSecret(client, addMfaSessionId),
    staleTime: Infinity,
  });
  const configure = useMutation({
    mutationFn: (mfaCode: string) => authRequests.configureMfa(client, { addMfaSessionId, mfaCode }),
    onSuccess: onDone,
  });
  return (
    <AuthCard
      title={t`Set up two-factor authentication`}
      description={t`Your organization requires a second factor. Add Terrace to your authenticator app, then enter the code it shows.`}
    >
      {secret.isPending && <Skeleton className="h-16 w-full" />}
      {secret.isError && <FormAlert tone="danger">{t`The setup key could not be created. Start again from sign-in.`}</FormAlert>}
      {secret.data && (
        <div className="flex flex-col gap-2">
          <span className="text-sm font-medium text-foreground">{t`Setup key`}</span>
          <code data-testid="mfa-secret" className="rounded-md bg-muted px-3 py-2 font-mono text-sm tracking-wider break-all text-foreground">
            {secret.data.secret}
          </code>
          <a href={secret.data.otpauthUrl} className="text-sm font-medium text-primary-subtle-foreground underline-offset-4 hover:underline">
            {t`Open in an authenticator app on this device`}
          </a>
        </div>
      )}
      <MfaCodeForm
        onSubmit={(code) => configure.mutate(code)}
        pending={configure.isPending}
        error={configure.isError ? (errorText(configure.error) ?? t`The code was not accepted.`) : null}
        submitLabel={t`Turn on and sign in`}
      />
      <Button variant="link" onClick={onCancel}>
        {t`Back to sign-in`}
      </Button>
    </AuthCard>
  );
}
