import { useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { Button, FormField, Input } from '@terrace/design-system';
import { authPaths, authRequests, useApiClient } from '@terrace/session';
import { useAuthForm } from './auth-form';
import { Link, useSearchParams } from 'react-router';
import { AuthCard } from './auth-card';
import { emailProblem, errorText } from './auth-validation';
import { FormAlert } from './form-alert';
import { SsoSigningInCard } from './sso-signing-in-card';
import { useCompleteSignIn } from './use-complete-sign-in';
import { useSsoPotentialSessionSignIn } from './use-sso-potential-session';

/**
 * Single sign-on (/login/sso and /ssoLogin). Without a potential session it asks for the work
 * e-mail and hands over to the identity provider; coming back with one, it signs in with it.
 */
export function SsoLoginPage() {
  const { t, i18n } = useLingui();
  const client = useApiClient();
  const complete = useCompleteSignIn();
  const [params] = useSearchParams();
  const { potentialSessionId } = useSsoPotentialSessionSignIn(complete);
  const form = useAuthForm<{ email: string }>({ defaultValues: { email: '' } });

  const request = useMutation({
    mutationFn: (email: string) => authRequests.ssoSignInRequest(client, email),
    onSuccess: ({ redirectUrl }) => window.location.assign(redirectUrl),
  });

  if (potentialSessionId) return <SsoSigningInCard />;

  return (
    <AuthCard
      title={t`Sign in with SSO`}
      description={t`Enter your work e-mail and we will send you to your organization's identity provider.`}
      footer={
        <Link to={authPaths.login(params.get('redirect'))} className="font-medium text-primary-subtle-foreground underline-offset-4 hover:underline">
          {t`Sign in with a password instead`}
        </Link>
      }
    >
      <form noValidate onSubmit={(e) => void form.handleSubmit(({ email }) => request.mutate(email.trim()))(e)} className="flex flex-col gap-4">
        {request.isError && <FormAlert tone="danger">{errorText(request.error) ?? t`Single sign-on is not set up for this e-mail address.`}</FormAlert>}
        <FormField label={t`Work e-mail`} required error={form.formState.errors.email?.message}>
          <Input type="email" autoComplete="username" {...form.register('email', { validate: (v) => { const p = emailProblem(v); return p ? i18n._(p) : true; } })} />
        </FormField>
        <Button type="submit" loading={request.isPending} className="w-full">
          {t`Continue`}
        </Button>
      </form>
    </AuthCard>
  );
}
