import { useLingui } from '@lingui/react/macro';
import { FormField, Input } from '@terrace/design-system';
import type { AuthForm } from './auth-form';
import { authMessages, passwordProblem } from './auth-validation';

export interface NewPasswordValues {
  password: string;
  confirmPassword: string;
}

/** A new password typed twice, with the password rules explained up front. */
export function NewPasswordFields<T extends NewPasswordValues & { [K in keyof T]: string }>({ form }: { form: AuthForm<T> }) {
  const { t, i18n } = useLingui();
  // The generic form narrows to the two fields this component owns.
  const f = form as unknown as AuthForm<NewPasswordValues>;
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
