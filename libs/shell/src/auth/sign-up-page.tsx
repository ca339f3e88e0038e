import { useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { Button } from '@terrace/design-system';
import { authPaths, authRequests, useApiClient } from '@terrace/session';
import { useAuthForm } from './auth-form';
import { Link } from 'react-router';
import { AuthCard } from './auth-card';
import { errorText } from './auth-validation';
import { FormAlert } from './form-alert';
import { emptySignUp, SignUpFields, toSignUpInput, type SignUpValues } from './sign-up-fields';
import { useCompleteSignIn } from './use-complete-sign-in';

/** Creates an organization and its first admin, then signs in (POST /auth/signUp). */
export function SignUpPage() {
  const { t } = useLingui();
  const client = useApiClient();
  const complete = useCompleteSignIn();
  const form = useAuthForm<SignUpValues>({ defaultValues: emptySignUp });
  const signUp = useMutation({
    mutationFn: (v: SignUpValues) => authRequests.signUp(client, toSignUpInput(v)),
    onSuccess: async (result) => {
      if (result.kind === 'session') await complete(result);
    },
  });
  return (
    <AuthCard
      title={t`Create your organization`}
      description={t`Start a 14-day free trial. No credit card needed.`}
      footer={
        <p>
          {t`Already have an account?`}{' '}
          <Link to={authPaths.login()} className="font-medium text-primary-subtle-foreground underline-offset-4 hover:underline">
            {t`Sign in`}
          </Link>
        </p>
      }
    >
      <form noValidate onSubmit={(e) => void form.handleSubmit((v) => signUp.mutate(v))(e)} className="flex flex-col gap-4">
        {signUp.isError && <FormAlert tone="danger">{errorText(signUp.error) ?? t`The organization could not be created.`}</FormAlert>}
        {signUp.isSuccess && signUp.data.kind !== 'session' && (
          <FormAlert tone="success">{t`Your organization is created. Sign in to continue.`}</FormAlert>
        )}
        <SignUpFields form={form} />
        <Button type="submit" loading={signUp.isPending} className="w-full">
          {t`Create organization`}
        </Button>
      </form>
    </AuthCard>
  );
}
