import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import {
  Button,
  Card,
  CardBody,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
  ControlledField,
  Form,
  Input,
  lazySchema,
  Stack,
  useContractForm,
  type FieldMessages,
} from '@terrace/design-system';
import type { PasswordChangeInput } from '@terrace/organization/data-access';
import { useId } from 'react';
import type { z } from 'zod/mini';
import type { passwordFormSchema as schema } from './password-form.schema';

export interface PasswordFormProps {
  /** Rejects when the server refuses (e.g. a wrong current password); the fields stay filled. */
  onChange: (input: PasswordChangeInput) => Promise<unknown>;
}

/**
 * The contract's Password limits (openapi/domains/auth.yaml), for the help text the form shows
 * before its checks load; password-form.test.ts holds them to the contract's schema.
 */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;

// The form shows with the page; its checks load once the user acts (lazySchema).
const passwordFormSchema = lazySchema(() => import('./password-form.schema').then((m) => m.passwordFormSchema));

type PasswordValues = z.input<typeof schema>;
const empty: PasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };
const messages: FieldMessages = { currentPassword: { required: msg`Enter your current password.` } };

export function PasswordForm({ onChange }: PasswordFormProps) {
  const { t } = useLingui();
  const titleId = useId();
  const form = useContractForm({ schema: passwordFormSchema, defaultValues: empty, messages });

  return (
    <Card>
      <Form
        form={form}
        aria-labelledby={titleId}
        onSubmit={async ({ currentPassword, newPassword }) => {
          try {
            await onChange({ currentPassword, newPassword });
            form.reset(empty);
          } catch (error) {
            // The client has toasted the reason; a wrong current password is also marked on its field.
            if ((error as { field?: unknown }).field !== 'entity.currentPassword') throw error;
            form.setError('currentPassword', { type: 'server', message: t`The current password is not correct.` }, { shouldFocus: true });
          }
        }}
      >
        <CardHeader>
          <div>
            <CardTitle id={titleId} level={2}>{t`Password`}</CardTitle>
            <CardDescription>{t`Choose a password you do not use anywhere else. Changing it signs you out everywhere else.`}</CardDescription>
          </div>
        </CardHeader>
        <CardBody>
          <Stack gap={4} className="max-w-md">
            <ControlledField<PasswordValues, 'currentPassword'> name="currentPassword" label={t`Current password`} required>
              {(field) => <Input type="password" autoComplete="current-password" {...field} />}
            </ControlledField>
            <ControlledField<PasswordValues, 'newPassword'>
              name="newPassword"
              label={t`New password`}
              required
              help={t`${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters.`}
            >
              {(field) => <Input type="password" autoComplete="new-password" {...field} />}
            </ControlledField>
            <ControlledField<PasswordValues, 'confirmPassword'> name="confirmPassword" label={t`Confirm new password`} required>
              {(field) => <Input type="password" autoComplete="new-password" {...field} />}
            </ControlledField>
          </Stack>
        </CardBody>
        <CardFooter>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {t`Change password`}
          </Button>
        </CardFooter>
      </Form>
    </Card>
  );
}
