import { useLingui } from '@lingui/react/macro';
import { Checkbox, ControlledField, Input, Label, SelectField, Stack, useWatch } from '@terrace/design-system';
import { useId } from 'react';
import { EngineSelect } from './engine-select';
import type { TemplateFormValues } from './template-form';
import { TtlFields } from './ttl-fields';
import { VcsFields } from './vcs-fields';

// The template wizard's steps after the first, in a module of their own: the code, engine, runner
// and time-to-live steps bring the VCS provider's queries, the selects and a checkbox, which the
// first step does not show. The wizard loads them once the user starts on the form.

export function TemplateVcsStep() {
  const { t } = useLingui();
  return <VcsFields prefix="vcsInfo" pathLabel={t`Path`} pathHelp={t`The folder of the template's code; empty is the repository's root.`} />;
}

export function TemplateEngineStep() {
  const { t } = useLingui();
  return (
    <Stack gap={4} className="max-w-xl">
      <ControlledField<TemplateFormValues, 'iacType'> name="iacType" label={t`Engine`} required>
        {(field) => <EngineSelect value={field.value} onChange={field.onChange} triggerRef={field.ref} />}
      </ControlledField>
      <ControlledField<TemplateFormValues, 'iacVersion'> name="iacVersion" label={t`Version`} help={t`An exact version such as 1.8.5, or latest; empty uses the namespace's.`}>
        {(field) => <Input {...field} dir="ltr" />}
      </ControlledField>
      <ControlledField<TemplateFormValues, 'varFiles'> name="varFiles" label={t`Var files`} help={t`Comma-separated paths, relative or from the repository root (starting with /).`}>
        {(field) => <Input {...field} dir="ltr" />}
      </ControlledField>
    </Stack>
  );
}

export function TemplateRunnerStep() {
  const { t } = useLingui();
  const mode = useWatch<TemplateFormValues, 'runnerConfig.mode'>({ name: 'runnerConfig.mode' });
  return (
    <Stack gap={4} className="max-w-xl">
      <SelectField<TemplateFormValues, 'runnerConfig.mode'>
        name="runnerConfig.mode"
        label={t`Runners`}
        required
        options={[
          { value: 'managed', label: t`Managed` },
          { value: 'selfHosted', label: t`Self-hosted` },
        ]}
      />
      {mode === 'selfHosted' && (
        <ControlledField<TemplateFormValues, 'runnerConfig.groups'> name="runnerConfig.groups" label={t`Runner groups`} required help={t`Comma-separated runner group ids.`}>
          {(field) => <Input {...field} dir="ltr" />}
        </ControlledField>
      )}
    </Stack>
  );
}

export function TemplateTtlStep() {
  const { t } = useLingui();
  const id = useId();
  return (
    <Stack gap={4} className="max-w-xl">
      <TtlFields prefix="defaultTtl" label={t`Default time to live`} help={t`What a new stack gets unless its creator picks another.`} />
      <TtlFields prefix="maxTtl" label={t`Maximum time to live`} help={t`The longest a stack may live, including extensions.`} />
      <ControlledField<TemplateFormValues, 'skipStateRefreshOnDestroy'> name="skipStateRefreshOnDestroy" label={t`Destroy`}>
        {(field) => (
          <div className="flex items-center gap-2">
            <Checkbox id={`${id}-skip`} ref={field.ref} checked={field.value} onCheckedChange={(on) => field.onChange(on === true)} />
            <Label htmlFor={`${id}-skip`}>{t`Skip state refresh on destroy`}</Label>
          </div>
        )}
      </ControlledField>
    </Stack>
  );
}
