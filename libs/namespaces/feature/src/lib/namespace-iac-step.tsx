import { useLingui } from '@lingui/react/macro';
import { FormField, Input, Stack } from '@terrace/design-system';
import type { NamespaceStepProps } from './namespace-general-step';

const fields = [
  { key: 'terraformVersion', label: 'Terraform', example: '1.9.8' },
  { key: 'opentofuVersion', label: 'OpenTofu', example: '1.8.5' },
  { key: 'terragruntVersion', label: 'Terragrunt', example: '0.68.1' },
] as const;

/** Default IaC versions for the namespace's stacks; empty means the organization's default. */
export function NamespaceIacStep({ values, onChange, errors }: NamespaceStepProps) {
  const { t, i18n } = useLingui();
  return (
    <Stack gap={4} className="max-w-xl">
      <p className="text-sm text-muted-foreground">
        {t`Stacks created in this namespace start with these versions. Leave a field empty to use the organization default; "latest" follows new releases.`}
      </p>
      {fields.map(({ key, label, example }) => {
        const error = errors[key];
        return (
          <FormField key={key} label={t`${label} version`} error={error && i18n._(error)} help={t`For example ${example} or latest.`}>
            <Input
              value={values.iac[key]}
              placeholder={t`Organization default`}
              onChange={(event) => onChange((v) => ({ ...v, iac: { ...v.iac, [key]: event.target.value } }))}
              className="max-w-xs font-mono"
              dir="ltr"
            />
          </FormField>
        );
      })}
    </Stack>
  );
}
