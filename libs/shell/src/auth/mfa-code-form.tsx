import { useLingui } from '@lingui/react/macro';
import { Button, FormField, Input } from '@terrace/design-system';
import { useAuthForm } from './auth-form';
import { authMessages } from './auth-validation';
import { FormAlert } from './form-alert';

export interface MfaCodeFormProps {
  onSubmit: (code: string) => void;
  pending: boolean;
  error: string | null;
  submitLabel: string;
}

/** The six-digit code step shared by MFA sign-in and MFA setup. */
export function MfaCodeForm({ onSubmit, pending, error, submitLabel }: MfaCodeFormProps) {
  const { t, i18n } = useLingui();
  const form = useAuthForm<{ code: string }>({ defaultValues: { code: '' } });
  const codeError = form.formState.errors.code?.message;
  return (
    <form noValidate onSubmit={(e) => void form.handleSubmit(({ code }) => onSubmit(code.trim()))(e)} className="flex flex-col gap-4">
      {error && <FormAlert tone="danger">{error}</FormAlert>}
      <FormField label={t`Authentication code`} required error={codeError}>
        <Input
          inputMode="numeric"
          autoComplete="one-time-code"
         
          maxLength={6}
          className="font-mono tracking-[0.3em]"
          {...form.register('code', {
            validate: (v) => (/^\d{6}$/.test(v.trim()) ? true : i18n._(authMessages.codeInvalid)),
          })}
        />
      </FormField>
      <Button type="submit" loading={pending} className="w-full">
        {submitLabel}
      </Button>
    </form>
  );
}
