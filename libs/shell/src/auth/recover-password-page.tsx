import { useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { Button, FormField, Input } from '@terrace/design-system';
import { authPaths, authRequests, useApiClient } from '@terrace/session';
import { useAuthForm } from './auth-form';
import { Link } from 'react-router';
import { AuthCard } from './auth-card';
import { emailProblem } from './auth-validation';
import { FormAlert } from './form-alert';

/** Asks for a reset link. The answer never says whether the address has an account. */
export function RecoverPasswordPage() {
  const { t, i18n } = useLingui();
  const client = useApiClient();
  const form = useAuthForm<{ email: string }>({ defaultValues: { email: '' } });
  const recover = useMutation({ mutationFn: (email: string) => authRequests.recoverPassword(client, email) });
  return (
    <AuthCard
      title={t`Reset your password`}
      description={t`Enter the e-mail you sign in with and we will send you a link to choose a new password.`}
      footer={
        <Link to={authPaths.login()} className="font-medium text-primary-subtle-foreground underline-offset-4 hover:underline">
          {t`Back to sign-in`}
        </Link>
      }
    >
      {recover.isSuccess ? (
        <FormAlert tone="success">{t`If an account exists for ${recover.variables}, a reset link is on its way. It works for one hour.`}</FormAlert>
      ) : (
        <form noValidate onSubmit={(e) => void form.handleSubmit(({ email }) => recover.mutate(email.trim()))(e)} className="flex flex-col gap-4">
          <FormField label={t`E-mail`} required error={form.formState.errors.email?.message}>
            <Input type="email" autoComplete="username" {...form.register('email', { validate: (v) => { const p = emailProblem(v); return p ? i18n._(p) : true; } })} />
          </FormField>
          <Button type="submit" loading={recover.isPending} className="w-full">
            {t`Send reset link`}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
