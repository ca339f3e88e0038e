import { useLingui } from '@lingui/react/macro';
import { ControlledField, Input, Label, RadioGroup, RadioGroupItem, Stack, Textarea, useController, useFieldError, useFormContext } from '@terrace/design-system';
import { policyTypeDescriptions, policyTypeLabels } from '@terrace/policies/ui';
import { useId } from 'react';
import { policyTypes, type ControlPolicyFormValues } from './control-policy-form';

/** Name, description and the kind of policy (spec §9); the type is fixed once the policy exists. */
export function ControlPolicyGeneralStep({ typeLocked = false }: { typeLocked?: boolean }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const { control } = useFormContext<ControlPolicyFormValues>();
  const type = useController({ control, name: 'type' });
  const typeError = useFieldError('type');
  return (
    <Stack gap={4} className="max-w-3xl">
      <ControlledField<ControlPolicyFormValues, 'name'> name="name" label={t`Name`} required help={t`Shown in run results and on policy violations.`}>
        {(field) => <Input {...field} />}
      </ControlledField>
      <ControlledField<ControlPolicyFormValues, 'description'> name="description" label={t`Description`}>
        {(field) => <Textarea rows={2} {...field} />}
      </ControlledField>
      <fieldset className="flex flex-col gap-2" aria-describedby={typeError ? `${id}-type-error` : undefined}>
        <legend className="mb-2 text-sm font-medium">
          {t`Policy type`} <span aria-hidden>*</span>
        </legend>
        {typeLocked && <p className="text-sm text-muted-foreground">{t`The type of an existing policy cannot change; create another policy instead.`}</p>}
        <RadioGroup
          ref={type.field.ref}
          aria-label={t`Policy type`}
          aria-required
          aria-invalid={typeError ? true : undefined}
          value={type.field.value}
          onValueChange={(value) => type.field.onChange(value)}
          disabled={typeLocked}
          className="grid gap-3 sm:grid-cols-2"
        >
          {policyTypes.map((option) => (
            <div key={option} className="flex items-start gap-3 rounded-md border border-border p-3">
              <RadioGroupItem id={`${id}-${option}`} value={option} aria-describedby={`${id}-${option}-help`} className="mt-0.5" />
              <div className="flex flex-col">
                <Label htmlFor={`${id}-${option}`}>{i18n._(policyTypeLabels[option])}</Label>
                <span id={`${id}-${option}-help`} className="text-sm text-muted-foreground">
                  {i18n._(policyTypeDescriptions[option])}
                </span>
              </div>
            </div>
          ))}
        </RadioGroup>
        {typeError && (
          <p id={`${id}-type-error`} className="text-xs font-medium text-danger-subtle-foreground">
            {typeError}
          </p>
        )}
      </fieldset>
    </Stack>
  );
}
