import { useLingui } from '@lingui/react/macro';
import { FormField, Input, Stack, Textarea } from '@terrace/design-system';
import type { NamespaceFormErrors, NamespaceFormValues } from './namespace-form';

export interface NamespaceStepProps {
  values: NamespaceFormValues;
  onChange: (update: (current: NamespaceFormValues) => NamespaceFormValues) => void;
  errors: NamespaceFormErrors;
}

export function NamespaceGeneralStep({ values, onChange, errors }: NamespaceStepProps) {
  const { t, i18n } = useLingui();
  return (
    <Stack gap={4} className="max-w-xl">
      <FormField label={t`Name`} required error={errors.name && i18n._(errors.name)} help={t`Unique in the organization, e.g. the team or product that owns the stacks.`}>
        <Input value={values.name} maxLength={128} onChange={(event) => onChange((v) => ({ ...v, name: event.target.value }))} />
      </FormField>
      <FormField label={t`Description`} error={errors.description && i18n._(errors.description)}>
        <Textarea rows={3} value={values.description} onChange={(event) => onChange((v) => ({ ...v, description: event.target.value }))} />
      </FormField>
    </Stack>
  );
}
