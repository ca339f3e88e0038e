import { useLingui } from '@lingui/react/macro';
import { FormField, Input, Label, RadioGroup, RadioGroupItem, Stack, Switch } from '@terrace/design-system';
import { useId, useState } from 'react';
import type { NamespaceStepProps } from './namespace-general-step';

export function NamespaceRunnerStep({ values, onChange, errors }: NamespaceStepProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  // The groups are typed as one comma-separated line; the form keeps the parsed list.
  const [groupsText, setGroupsText] = useState(values.runner.groups.join(', '));
  const modes = [
    { value: 'managed', label: t`Managed runners`, help: t`Runs execute on the runners Terrace operates.` },
    { value: 'selfHosted', label: t`Self-hosted runners`, help: t`Runs execute on your own runners, in the groups you name.` },
  ] as const;
  return (
    <Stack gap={5} className="max-w-xl">
      <RadioGroup
        aria-label={t`Runner type`}
        value={values.runner.mode}
        onValueChange={(mode) => onChange((v) => ({ ...v, runner: { ...v.runner, mode: mode as 'managed' | 'selfHosted' } }))}
      >
        {modes.map((mode) => (
          <div key={mode.value} className="flex items-start gap-3">
            <RadioGroupItem id={`${id}-${mode.value}`} value={mode.value} aria-describedby={`${id}-${mode.value}-help`} className="mt-0.5" />
            <div className="flex flex-col">
              <Label htmlFor={`${id}-${mode.value}`}>{mode.label}</Label>
              <span id={`${id}-${mode.value}-help`} className="text-sm text-muted-foreground">
                {mode.help}
              </span>
            </div>
          </div>
        ))}
      </RadioGroup>
      {values.runner.mode === 'selfHosted' && (
        <FormField
          label={t`Runner groups`}
          required
          error={errors.runnerGroups && i18n._(errors.runnerGroups)}
          help={t`Separate group names with commas.`}
        >
          <Input
            value={groupsText}
            onChange={(event) => {
              setGroupsText(event.target.value);
              const groups = event.target.value.split(',').map((g) => g.trim()).filter(Boolean);
              onChange((v) => ({ ...v, runner: { ...v.runner, groups } }));
            }}
          />
        </FormField>
      )}
      <div className="flex items-center gap-3">
        <Switch
          id={`${id}-overridable`}
          checked={values.runner.isOverridable}
          onCheckedChange={(isOverridable) => onChange((v) => ({ ...v, runner: { ...v.runner, isOverridable } }))}
        />
        <Label htmlFor={`${id}-overridable`}>{t`Stacks may choose other runners`}</Label>
      </div>
    </Stack>
  );
}
