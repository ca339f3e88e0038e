import { useLingui } from '@lingui/react/macro';
import { Label, Stack, Switch, useController, useFormContext } from '@terrace/design-system';
import { namespaceCapabilityKeys, type NamespaceCapabilityKey } from '@terrace/namespaces/data-access';
import { useId } from 'react';
import type { NamespaceFormValues } from './namespace-form';
import { capabilityLabels } from './namespace-labels';

export function NamespaceCapabilitiesStep() {
  return (
    <Stack gap={3} className="max-w-2xl">
      {namespaceCapabilityKeys.map((key) => (
        <CapabilityRow key={key} capability={key} />
      ))}
    </Stack>
  );
}

function CapabilityRow({ capability }: { capability: NamespaceCapabilityKey }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const { control } = useFormContext<NamespaceFormValues>();
  const enabled = useController({ control, name: `capabilities.${capability}.enabled` });
  const overridable = useController({ control, name: `capabilities.${capability}.isOverridable` });
  return (
    <div className="flex flex-col gap-3 rounded-md border border-border p-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="flex flex-col gap-0.5">
        <Label htmlFor={`${id}-on`}>{i18n._(capabilityLabels[capability].label)}</Label>
        <span className="text-sm text-muted-foreground">{i18n._(capabilityLabels[capability].help)}</span>
      </div>
      <div className="flex shrink-0 flex-col gap-2">
        <div className="flex items-center gap-2">
          <Switch id={`${id}-on`} checked={enabled.field.value} onCheckedChange={enabled.field.onChange} />
          <span className="text-sm" aria-hidden="true">
            {enabled.field.value ? t`On` : t`Off`}
          </span>
        </div>
        <div className="flex items-center gap-2">
          <Switch id={`${id}-overridable`} size="sm" checked={overridable.field.value} onCheckedChange={overridable.field.onChange} />
          <Label htmlFor={`${id}-overridable`} className="font-normal">
            {t`Stacks may change it`}
          </Label>
        </div>
      </div>
    </div>
  );
}
