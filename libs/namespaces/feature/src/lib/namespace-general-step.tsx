import { useLingui } from '@lingui/react/macro';
import { ControlledField, Input, Stack, Textarea } from '@terrace/design-system';
import type { NamespaceFormValues } from './namespace-form';

export function NamespaceGeneralStep() {
  const { t } = useLingui();
  return (
    <Stack gap={4} className="max-w-xl">
      <ControlledField<NamespaceFormValues, 'name'>
        name="name"
        label={t`Name`}
        required
        help={t`Unique in the organization, e.g. the team or product that owns the stacks.`}
      >
        {(field) => <Input {...field} />}
      </ControlledField>
      <ControlledField<NamespaceFormValues, 'description'> name="description" label={t`Description`}>
        {(field) => <Textarea rows={3} {...field} />}
      </ControlledField>
    </Stack>
  );
}
