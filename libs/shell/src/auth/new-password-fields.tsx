import { useLingui } from '@lingui/react/macro';
import { FormField, Input } from '@terrace/design-system';
import type { UseFormReturn } from 'react-hook-form';
import { authMessages, passwordProblem } from './auth-validation';

export interface NewPasswordValues {
  password: string;
  confirmPassword: string;
}

/** A new password typed twice, with the password rules explained up front. */
export function NewPasswordFields<T extends NewPasswordValues>({ form }: { form: UseFormReturn<T> }) {
  const { t, i18n } = useLingui();
  // The generic form narrows to the two fields this component owns.
  const f = form as unknown as UseFormReturn<NewPasswordValues>;
  return (
    <>
      <FormField label={t`Password`} required help={t`At least 8 characters, with letters and a number.`} error={f.formState.errors.password?.message}>
        <Input type="password" autoComplete="new-password" {...f.register('password', { validate: (v) => { const p = passwordProblem(v); return p ? i18n._(p) : true; } })} />
      </FormField>
      <FormField label={t`Confirm password`} required error={f.formState.errors.confirmPassword?.message}>
        <Input
          type="password"
          autoComplete="new-password"
          {...f.register('confirmPassword', {
            validate: (v, values) => (v === values.password ? true : i18n._(authMessages.passwordsDiffer)),
          })}
        />
      </FormField>
    </>
  );
}
