import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { zPassword, zPasswordChangeInput } from '@terrace/api-client/schemas';
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
  lengthLimits,
  Stack,
  useContractForm,
  type FieldMessages,
} from '@terrace/design-system';
import type { PasswordChangeInput } from '@terrace/organization/data-access';
import { useId } from 'react';
import { z } from 'zod/mini';

export interface PasswordFormProps {
  /** Rejects when the server refuses (e.g. a wrong current password); the fields stay filled. */
  onChange: (input: PasswordChangeInput) => Promise<unknown>;
}

/** The contract's Password limits (8 to 128 characters today). */
const passwordLimits = lengthLimits(zPassword);
export const MIN_PASSWORD_LENGTH = passwordLimits.minimum ?? 0;
export const MAX_PASSWORD_LENGTH = passwordLimits.maximum ?? Number.POSITIVE_INFINITY;

const mustDiffer = msg`The new password must differ from the current one.`;
const mismatch = msg`The passwords do not match.`;

export const passwordFormSchema = z.extend(zPasswordChangeInput, { confirmPassword: z.string() }).check(
  z.superRefine((values, ctx) => {
    if (values.newPassword === values.currentPassword) {
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: mustDiffer.message ?? '', params: { message: mustDiffer } });
    }
    if (values.confirmPassword !== values.newPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: mismatch.message ?? '', params: { message: mismatch } });
    }
  }),
);
type PasswordValues = z.input<typeof passwordFormSchema>;
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
