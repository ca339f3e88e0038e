import { useLingui } from '@lingui/react/macro';
import { Label, Stack, Switch } from '@terrace/design-system';
import { namespaceCapabilityKeys } from '@terrace/namespaces/data-access';
import { useId } from 'react';
import type { NamespaceStepProps } from './namespace-general-step';
import { capabilityLabels } from './namespace-labels';

export function NamespaceCapabilitiesStep({ values, onChange }: NamespaceStepProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  return (
    <Stack gap={3} className="max-w-2xl">
      {namespaceCapabilityKeys.map((key) => {
        const setting = values.capabilities[key];
        const set = (patch: Partial<typeof setting>) =>
          onChange((v) => ({ ...v, capabilities: { ...v.capabilities, [key]: { ...v.capabilities[key], ...patch } } }));
        return (
          <div key={key} className="flex flex-col gap-3 rounded-md border border-border p-4 sm:flex-row sm:items-start sm:justify-between">
            <div className="flex flex-col gap-0.5">
              <Label htmlFor={`${id}-${key}`}>{i18n._(capabilityLabels[key].label)}</Label>
              <span className="text-sm text-muted-foreground">{i18n._(capabilityLabels[key].help)}</span>
            </div>
            <div className="flex shrink-0 flex-col gap-2">
              <div className="flex items-center gap-2">
                <Switch id={`${id}-${key}`} checked={setting.enabled} onCheckedChange={(enabled) => set({ enabled })} />
                <span className="text-sm" aria-hidden="true">
                  {setting.enabled ? t`On` : t`Off`}
                </span>
              </div>
              <div className="flex items-center gap-2">
                <Switch
                  id={`${id}-${key}-overridable`}
                  size="sm"
                  checked={setting.isOverridable}
                  onCheckedChange={(isOverridable) => set({ isOverridable })}
                />
                <Label htmlFor={`${id}-${key}-overridable`} className="font-normal">
                  {t`Stacks may change it`}
                </Label>
              </div>
            </div>
          </div>
        );
      })}
    </Stack>
  );
}
