import { useLingui } from '@lingui/react/macro';
import { isApiError } from '@terrace/api-client';
import { Button, Card, CardBody, CardDescription, CardFooter, CardHeader, CardTitle, FormField, Input, Stack } from '@terrace/design-system';
import type { PasswordChangeInput } from '@terrace/organization/data-access';
import { useId, useState, type FormEvent } from 'react';

export interface PasswordFormProps {
  /** Rejects when the server refuses (e.g. a wrong current password); the fields stay filled. */
  onChange: (input: PasswordChangeInput) => Promise<unknown>;
}

/** The contract's Password: 8 to 128 characters. */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';

export function PasswordForm({ onChange }: PasswordFormProps) {
  const { t } = useLingui();
  const titleId = useId();
  const [values, setValues] = useState<Record<Field, string>>({ currentPassword: '', newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: Partial<Record<Field, string>> = {};
    if (values.currentPassword === '') next.currentPassword = t`Enter your current password.`;
    if (values.newPassword.length < MIN_PASSWORD_LENGTH) next.newPassword = t`The new password must have at least ${MIN_PASSWORD_LENGTH} characters.`;
    else if (values.newPassword.length > MAX_PASSWORD_LENGTH) next.newPassword = t`The new password can have at most ${MAX_PASSWORD_LENGTH} characters.`;
    else if (values.newPassword === values.currentPassword) next.newPassword = t`The new password must differ from the current one.`;
    if (values.confirmPassword !== values.newPassword) next.confirmPassword = t`The passwords do not match.`;
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setPending(true);
    try {
      await onChange({ currentPassword: values.currentPassword, newPassword: values.newPassword });
      setValues({ currentPassword: '', newPassword: '', confirmPassword: '' });
    } catch (error) {
      // The client has toasted the reason; a wrong current password is also marked on its field.
      if (isApiError(error) && error.field === 'entity.currentPassword') {
        setErrors({ currentPassword: t`The current password is not correct.` });
      }
    } finally {
      setPending(false);
    }
  };

  const field = (name: Field) => ({
    type: 'password' as const,
    value: values[name],
    onChange: (e: { target: { value: string } }) => setValues({ ...values, [name]: e.target.value }),
  });

  return (
    <Card>
      <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby={titleId}>
        <CardHeader>
          <div>
            <CardTitle id={titleId} level={2}>{t`Password`}</CardTitle>
            <CardDescription>{t`Choose a password you do not use anywhere else. Changing it signs you out everywhere else.`}</CardDescription>
          </div>
        </CardHeader>
        <CardBody>
          <Stack gap={4} className="max-w-md">
            <FormField label={t`Current password`} required error={errors.currentPassword}>
              <Input autoComplete="current-password" {...field('currentPassword')} />
            </FormField>
            <FormField
              label={t`New password`}
              required
              error={errors.newPassword}
              help={t`${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters.`}
            >
              <Input autoComplete="new-password" {...field('newPassword')} />
            </FormField>
            <FormField label={t`Confirm new password`} required error={errors.confirmPassword}>
              <Input autoComplete="new-password" {...field('confirmPassword')} />
            </FormField>
          </Stack>
        </CardBody>
        <CardFooter>
          <Button type="submit" loading={pending}>
            {t`Change password`}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
