import { useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { Button } from '@terrace/design-system';
import { authPaths, authRequests, useApiClient } from '@terrace/session';
import { useAuthForm } from './auth-form';
import { Link, useParams } from 'react-router';
import { AuthCard } from './auth-card';
import { errorText } from './auth-validation';
import { FormAlert } from './form-alert';
import { NewPasswordFields, type NewPasswordValues } from './new-password-fields';

/** Chooses a new password with the token from the reset e-mail. */
export function ResetPasswordPage() {
  const { t } = useLingui();
  const client = useApiClient();
  const { resetToken = '' } = useParams();
  const form = useAuthForm<NewPasswordValues>({ defaultValues: { password: '', confirmPassword: '' } });
  const reset = useMutation({ mutationFn: (password: string) => authRequests.resetPassword(client, { resetToken, password }) });
  return (
    <AuthCard title={t`Choose a new password`}>
      {reset.isSuccess ? (
        <>
          <FormAlert tone="success">{t`Your password is changed. Sign in with the new one.`}</FormAlert>
          <Button asChild className="w-full">
            <Link to={authPaths.login()}>{t`Sign in`}</Link>
          </Button>
        </>
      ) : (
        <form noValidate onSubmit={(e) => void form.handleSubmit(({ password }) => reset.mutate(password))(e)} className="flex flex-col gap-4">
          {reset.isError && (
            <FormAlert tone="danger">
              {errorText(reset.error) ?? t`This reset link is no longer valid.`}{' '}
              <Link to={authPaths.recoverPassword} className="font-medium underline">
                {t`Ask for a new link`}
              </Link>
            </FormAlert>
          )}
          <NewPasswordFields form={form} />
          <Button type="submit" loading={reset.isPending} className="w-full">
            {t`Save password`}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
