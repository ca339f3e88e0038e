import { useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { Button, FormField, Input } from '@terrace/design-system';
import { authPaths, authRequests, type SignInResult, useApiClient } from '@terrace/session';
import { useState } from 'react';
import { useAuthForm } from './auth-form';
import { Link, useSearchParams } from 'react-router';
import { AuthCard } from './auth-card';
import { emailProblem, errorText } from './auth-validation';
import { FormAlert } from './form-alert';
import { MfaCodeForm } from './mfa-code-form';
import { MfaSetupStep } from './mfa-setup-step';
import { useCompleteSignIn } from './use-complete-sign-in';

interface Credentials {
  email: string;
  password: string;
}

/**
 * Sign-in with e-mail and password (/login and /login-1). When the organization requires MFA the
 * same page asks for the code, or walks through setting MFA up first.
 */
export function LoginPage() {
  const { t, i18n } = useLingui();
  const client = useApiClient();
  const complete = useCompleteSignIn();
  const [params] = useSearchParams();
  const [step, setStep] = useState<SignInResult | null>(null);
  const form = useAuthForm<Credentials>({ defaultValues: { email: '', password: '' } });

  const proceed = async (result: SignInResult) => {
    if (result.kind === 'session') await complete(result);
    else setStep(result);
  };
  const signIn = useMutation({ mutationFn: (c: Credentials) => authRequests.signIn(client, c), onSuccess: proceed });
  const mfa = useMutation({
    mutationFn: (mfaCode: string) =>
      authRequests.signInWithMfa(client, {
        waitingMfaPotentialSessionId: step?.kind === 'mfaRequired' ? step.waitingMfaPotentialSessionId : '',
        mfaCode,
      }),
    onSuccess: proceed,
  });

  if (step?.kind === 'mfaRequired') {
    return (
      <AuthCard title={t`Two-factor authentication`} description={t`Enter the code your authenticator app shows for Terrace.`}>
        <MfaCodeForm onSubmit={(code) => mfa.mutate(code)} pending={mfa.isPending} error={mfa.isError ? (errorText(mfa.error) ?? t`The code was not accepted.`) : null} submitLabel={t`Verify and sign in`} />
        <Button variant="link" onClick={() => setStep(null)}>{t`Use a different account`}</Button>
      </AuthCard>
    );
  }
  if (step?.kind === 'mfaSetupRequired') {
    return <MfaSetupStep addMfaSessionId={step.addMfaSessionId} onDone={proceed} onCancel={() => setStep(null)} />;
  }

  const errors = form.formState.errors;
  return (
    <AuthCard
      title={t`Sign in to Terrace`}
      description={params.get('redirect') ? t`Sign in to continue where you left off.` : t`Welcome back. Sign in with your work e-mail.`}
      footer={
        <p>
          {t`New to Terrace?`}{' '}
          <Link to={authPaths.signup} className="font-medium text-primary-subtle-foreground underline-offset-4 hover:underline">
            {t`Create an account`}
          </Link>
        </p>
      }
    >
      <form noValidate onSubmit={(e) => void form.handleSubmit((c) => signIn.mutate(c))(e)} className="flex flex-col gap-4">
        {signIn.isError && <FormAlert tone="danger">{errorText(signIn.error) ?? t`The e-mail or password is not correct.`}</FormAlert>}
        <FormField label={t`E-mail`} required error={errors.email?.message}>
          <Input type="email" autoComplete="username" {...form.register('email', { validate: (v) => { const p = emailProblem(v); return p ? i18n._(p) : true; } })} />
        </FormField>
        <FormField label={t`Password`} required error={errors.password?.message}>
          <Input type="password" autoComplete="current-password" {...form.register('password', { required: t`Enter your password` })} />
        </FormField>
        <div className="flex justify-end">
          <Link to={authPaths.recoverPassword} className="text-sm font-medium text-primary-subtle-foreground underline-offset-4 hover:underline">
            {t`Forgot your password?`}
          </Link>
        </div>
        <Button type="submit" loading={signIn.isPending} className="w-full">
          {t`Sign in`}
        </Button>
        <div className="flex items-center gap-3 text-xs text-muted-foreground" aria-hidden>
          <span className="h-px flex-1 bg-border" />
          {t`or`}
          <span className="h-px flex-1 bg-border" />
        </div>
        <Button asChild variant="outline" className="w-full">
          <Link to={`${authPaths.loginSso}${params.get('redirect') ? `?redirect=${encodeURIComponent(params.get('redirect') ?? '')}` : ''}`}>
            {t`Sign in with SSO`}
          </Link>
        </Button>
      </form>
    </AuthCard>
  );
}
