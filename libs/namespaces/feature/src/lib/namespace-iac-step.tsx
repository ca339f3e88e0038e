import { useLingui } from '@lingui/react/macro';
import { ControlledField, Input, Stack } from '@terrace/design-system';
import type { NamespaceFormValues } from './namespace-form';

const fields = [
  { key: 'terraformVersion', label: 'Terraform', example: '1.9.8' },
  { key: 'opentofuVersion', label: 'OpenTofu', example: '1.8.5' },
  { key: 'terragruntVersion', label: 'Terragrunt', example: '0.68.1' },
] as const;

/** Default IaC versions for the namespace's stacks; empty means the organization's default. */
export function NamespaceIacStep() {
  const { t } = useLingui();
  return (
    <Stack gap={4} className="max-w-xl">
      <p className="text-sm text-muted-foreground">
        {t`Stacks created in this namespace start with these versions. Leave a field empty to use the organization default; "latest" follows new releases.`}
      </p>
      {fields.map(({ key, label, example }) => (
        <ControlledField<NamespaceFormValues, `iacConfig.${typeof key}`>
          key={key}
          name={`iacConfig.${key}`}
          label={t`${label} version`}
          help={t`For example ${example} or latest.`}
        >
          {(field) => <Input {...field} placeholder={t`Organization default`} className="max-w-xs font-mono" dir="ltr" />}
        </ControlledField>
      ))}
    </Stack>
  );
}
