import { useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { Button, FormField, Input } from '@terrace/design-system';
import { authPaths, authRequests, useApiClient } from '@terrace/session';
import { useAuthForm } from './auth-form';
import { Link, useParams } from 'react-router';
import { AuthCard } from './auth-card';
import { authMessages, errorText } from './auth-validation';
import { FormAlert } from './form-alert';
import { NewPasswordFields, type NewPasswordValues } from './new-password-fields';
import { useCompleteSignIn } from './use-complete-sign-in';

interface InviteValues extends NewPasswordValues {
  firstName: string;
  lastName: string;
}

/** A new user accepts an invitation: name and password, then straight into the console. */
export function AcceptInvitePage() {
  const { t, i18n } = useLingui();
  const client = useApiClient();
  const complete = useCompleteSignIn();
  const { invitationToken = '' } = useParams();
  const form = useAuthForm<InviteValues>({ defaultValues: { firstName: '', lastName: '', password: '', confirmPassword: '' } });
  const accept = useMutation({
    mutationFn: (v: InviteValues) =>
      authRequests.createUserFromInvite(client, { invitationToken, firstName: v.firstName.trim(), lastName: v.lastName.trim(), password: v.password }),
    onSuccess: async (result) => {
      if (result.kind === 'session') await complete(result);
    },
  });
  const errors = form.formState.errors;
  return (
    <AuthCard title={t`Join your team on Terrace`} description={t`You were invited to an organization. Tell us your name and choose a password.`}>
      <form noValidate onSubmit={(e) => void form.handleSubmit((v) => accept.mutate(v))(e)} className="flex flex-col gap-4">
        {accept.isError && <FormAlert tone="danger">{errorText(accept.error) ?? t`This invitation is no longer valid. Ask for a new one.`}</FormAlert>}
        {accept.isSuccess && accept.data.kind !== 'session' && (
          <FormAlert tone="success">
            {t`Your account is ready.`}{' '}
            <Link to={authPaths.login()} className="font-medium underline">
              {t`Sign in`}
            </Link>
          </FormAlert>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label={t`First name`} required error={errors.firstName?.message}>
            <Input autoComplete="given-name" {...form.register('firstName', { validate: (v) => (v.trim() ? true : i18n._(authMessages.firstNameRequired)) })} />
          </FormField>
          <FormField label={t`Last name`} required error={errors.lastName?.message}>
            <Input autoComplete="family-name" {...form.register('lastName', { validate: (v) => (v.trim() ? true : i18n._(authMessages.lastNameRequired)) })} />
          </FormField>
        </div>
        <NewPasswordFields form={form} />
        <Button type="submit" loading={accept.isPending} className="w-full">
          {t`Accept invitation`}
        </Button>
      </form>
    </AuthCard>
  );
}

/** A user who already has an account accepts an invitation to one more organization. */
export function AcceptInviteExistingUserPage() {
  const { t } = useLingui();
  const client = useApiClient();
  const { invitationToken = '' } = useParams();
  const accept = useMutation({ mutationFn: () => authRequests.acceptInvite(client, invitationToken) });
  return (
    <AuthCard title={t`Accept the invitation`} description={t`You were invited to join another organization with your existing account.`}>
      {accept.isSuccess ? (
        <>
          <FormAlert tone="success">{t`You joined the organization. Sign in and switch to it from your profile menu.`}</FormAlert>
          <Button asChild className="w-full">
            <Link to={authPaths.login()}>{t`Sign in`}</Link>
          </Button>
        </>
      ) : (
        <>
          {accept.isError && <FormAlert tone="danger">{errorText(accept.error) ?? t`This invitation is no longer valid. Ask for a new one.`}</FormAlert>}
          <Button loading={accept.isPending} onClick={() => accept.mutate()} className="w-full">
            {t`Accept invitation`}
          </Button>
        </>
      )}
    </AuthCard>
  );
}
