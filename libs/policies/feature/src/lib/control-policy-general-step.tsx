import { useLingui } from '@lingui/react/macro';
import { ControlledField, Input, Label, Stack, Textarea, useController, useFieldError, useFormContext } from '@terrace/design-system';
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
        {/*
          The browser's own radio buttons, drawn as the design system's: one tab stop, the arrow keys
          move and choose, as a radio group does, without the Radix radio group and its roving focus
          (about 11 KiB gzip) on the wizard's first render.
        */}
        <div
          role="radiogroup"
          aria-label={t`Policy type`}
          aria-required
          aria-invalid={typeError ? true : undefined}
          className="grid gap-3 sm:grid-cols-2"
        >
          {policyTypes.map((option, index) => (
            <div key={option} className="flex items-start gap-3 rounded-md border border-border p-3">
              <span className="relative mt-0.5 flex size-4 shrink-0">
                <input
                  // The form focuses the first choice when no type is chosen.
                  ref={index === 0 ? type.field.ref : undefined}
                  type="radio"
                  id={`${id}-${option}`}
                  name={`${id}-type`}
                  value={option}
                  checked={type.field.value === option}
                  onChange={() => type.field.onChange(option)}
                  onBlur={type.field.onBlur}
                  disabled={typeLocked}
                  aria-describedby={`${id}-${option}-help`}
                  className="peer m-0 size-4 cursor-pointer appearance-none rounded-full border border-input bg-surface shadow-xs transition-colors checked:border-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50"
                />
                <span aria-hidden className="pointer-events-none absolute inset-0 m-auto hidden size-2 rounded-full bg-primary peer-checked:block peer-disabled:opacity-50" />
              </span>
              <div className="flex flex-col">
                <Label htmlFor={`${id}-${option}`}>{i18n._(policyTypeLabels[option])}</Label>
                <span id={`${id}-${option}-help`} className="text-sm text-muted-foreground">
                  {i18n._(policyTypeDescriptions[option])}
                </span>
              </div>
            </div>
          ))}
        </div>
        {typeError && (
          <p id={`${id}-type-error`} className="text-xs font-medium text-danger-subtle-foreground">
            {typeError}
          </p>
        )}
      </fieldset>
    </Stack>
  );
}
