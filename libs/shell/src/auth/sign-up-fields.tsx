import { useLingui } from '@lingui/react/macro';
import { FormField, Input } from '@terrace/design-system';
import type { AuthForm } from './auth-form';
import { authMessages, emailProblem } from './auth-validation';
import { NewPasswordFields, type NewPasswordValues } from './new-password-fields';

export interface SignUpValues extends NewPasswordValues {
  firstName: string;
  lastName: string;
  email: string;
  organizationName: string;
}

/** The organization sign-up fields, shared by sign-up and marketplace registration. */
export function SignUpFields({ form }: { form: AuthForm<SignUpValues> }) {
  const { t, i18n } = useLingui();
  const errors = form.formState.errors;
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t`First name`} required error={errors.firstName?.message}>
          <Input autoComplete="given-name" {...form.register('firstName', { validate: (v) => (v.trim() ? true : i18n._(authMessages.firstNameRequired)) })} />
        </FormField>
        <FormField label={t`Last name`} required error={errors.lastName?.message}>
          <Input autoComplete="family-name" {...form.register('lastName', { validate: (v) => (v.trim() ? true : i18n._(authMessages.lastNameRequired)) })} />
        </FormField>
      </div>
      <FormField label={t`Work e-mail`} required error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...form.register('email', { validate: (v) => { const p = emailProblem(v); return p ? i18n._(p) : true; } })} />
      </FormField>
      <FormField label={t`Organization`} required help={t`Usually your company or team name. You can change it later.`} error={errors.organizationName?.message}>
        <Input autoComplete="organization" {...form.register('organizationName', { validate: (v) => (v.trim() ? true : i18n._(authMessages.organizationRequired)) })} />
      </FormField>
      <NewPasswordFields form={form} />
    </>
  );
}

export const emptySignUp: SignUpValues = {
  firstName: '',
  lastName: '',
  email: '',
  organizationName: '',
  password: '',
  confirmPassword: '',
};

export function toSignUpInput(v: SignUpValues) {
  return {
    firstName: v.firstName.trim(),
    lastName: v.lastName.trim(),
    email: v.email.trim(),
    organizationName: v.organizationName.trim(),
    password: v.password,
  };
}
