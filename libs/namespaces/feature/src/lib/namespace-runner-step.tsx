import { useLingui } from '@lingui/react/macro';
import { ControlledField, Input, Label, RadioGroup, RadioGroupItem, Stack, Switch, useController, useFormContext, useWatch } from '@terrace/design-system';
import { useId, useState } from 'react';
import type { NamespaceFormValues } from './namespace-form';

export function NamespaceRunnerStep() {
  const { t } = useLingui();
  const id = useId();
  const { control } = useFormContext<NamespaceFormValues>();
  const mode = useController({ control, name: 'runnerConfig.mode' });
  const overridable = useController({ control, name: 'runnerConfig.isOverridable' });
  const modes = [
    { value: 'managed', label: t`Managed runners`, help: t`Runs execute on the runners Terrace operates.` },
    { value: 'selfHosted', label: t`Self-hosted runners`, help: t`Runs execute on your own runners, in the groups you name.` },
  ] as const;
  return (
    <Stack gap={5} className="max-w-xl">
      <RadioGroup aria-label={t`Runner type`} value={mode.field.value} onValueChange={(value) => mode.field.onChange(value)}>
        {modes.map((option) => (
          <div key={option.value} className="flex items-start gap-3">
            <RadioGroupItem
              id={`${id}-${option.value}`}
              value={option.value}
              aria-describedby={`${id}-${option.value}-help`}
              className="mt-0.5"
            />
            <div className="flex flex-col">
              <Label htmlFor={`${id}-${option.value}`}>{option.label}</Label>
              <span id={`${id}-${option.value}-help`} className="text-sm text-muted-foreground">
                {option.help}
              </span>
            </div>
          </div>
        ))}
      </RadioGroup>
      {mode.field.value === 'selfHosted' && <RunnerGroupsField />}
      <div className="flex items-center gap-3">
        <Switch id={`${id}-overridable`} checked={overridable.field.value} onCheckedChange={overridable.field.onChange} />
        <Label htmlFor={`${id}-overridable`}>{t`Stacks may choose other runners`}</Label>
      </div>
    </Stack>
  );
}

/** The groups are typed as one comma-separated line; the form keeps the parsed list. */
function RunnerGroupsField() {
  const { t } = useLingui();
  const groups = useWatch<NamespaceFormValues, 'runnerConfig.groups'>({ name: 'runnerConfig.groups' });
  const [text, setText] = useState(groups.join(', '));
  return (
    <ControlledField<NamespaceFormValues, 'runnerConfig.groups'>
      name="runnerConfig.groups"
      label={t`Runner groups`}
      required
      help={t`Separate group names with commas.`}
    >
      {({ onChange, onBlur, name, ref }) => (
        <Input
          name={name}
          ref={ref}
          onBlur={onBlur}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            onChange(event.target.value.split(',').map((g) => g.trim()).filter(Boolean));
          }}
        />
      )}
    </ControlledField>
  );
}
