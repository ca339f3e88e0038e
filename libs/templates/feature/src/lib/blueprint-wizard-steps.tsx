import { useLingui } from '@lingui/react/macro';
import { Button, Checkbox, ControlledField, Input, Label, SelectField, Stack, useFieldArray, useFormContext } from '@terrace/design-system';
import { conditionOperators } from '@terrace/domain';
import { Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import type { BlueprintFormValues } from './blueprint-form';
import { EngineSelect } from './engine-select';
import { conditionOperatorLabels } from './template-labels';
import { VcsFields } from './vcs-fields';

// The blueprint wizard's steps after the first, in a module of their own: the code, stack,
// parameter and initialization steps bring the VCS provider's queries, the selects, the value
// conditions' operators and checkboxes, which the first step does not show. The wizard loads them
// once the user starts on the form.

export function BlueprintVcsStep() {
  const { t } = useLingui();
  return <VcsFields prefix="vcsInfo" pathLabel={t`Path`} pathHelp={t`The folder of the blueprint's code, copied into each new stack's pull request.`} />;
}

export function BlueprintStackStep() {
  const { t } = useLingui();
  return (
    <Stack gap={4} className="max-w-xl">
      <ControlledField<BlueprintFormValues, 'stackName'>
        name="stackName"
        label={t`Stack name pattern`}
        required
        help={t`Use substitute parameters in curly braces, e.g. '{team}-{service}'.`}
      >
        {(field) => <Input {...field} dir="ltr" />}
      </ControlledField>
      <ControlledField<BlueprintFormValues, 'iacType'> name="iacType" label={t`Engine`} required>
        {(field) => <EngineSelect value={field.value} onChange={field.onChange} triggerRef={field.ref} />}
      </ControlledField>
      <ControlledField<BlueprintFormValues, 'varFiles'> name="varFiles" label={t`Var files`} help={t`Comma-separated paths, relative or from the repository root (starting with /).`}>
        {(field) => <Input {...field} dir="ltr" />}
      </ControlledField>
      <h3 className="text-sm font-semibold">{t`Where the pull request adds the stack's code`}</h3>
      <VcsFields
        prefix="target"
        pathLabel={t`Sub-directory`}
        pathHelp={t`Must not exist yet and must use a substitute parameter, e.g. services/'{service}'.`}
        branchHelp={t`Optional; may use substitute parameters. Empty: the repository's default branch.`}
      />
    </Stack>
  );
}

export function BlueprintParametersStep() {
  const { t } = useLingui();
  const { control } = useFormContext<BlueprintFormValues>();
  const parameters = useFieldArray({ control, name: 'parameters' });
  return (
    <Stack gap={4} className="max-w-3xl">
      <p className="text-sm text-muted-foreground">{t`The values users give when they create a stack; each one fills its '{key}' in the name pattern, the sub-directory and the code.`}</p>
      {parameters.fields.map((parameter, index) => (
        <fieldset key={parameter.id} className="flex flex-col gap-3 rounded-md border border-border p-4">
          <legend className="px-1 text-sm font-medium">{t`Parameter ${index + 1}`}</legend>
          <div className="grid grid-cols-2 gap-3">
            <ControlledField<BlueprintFormValues, `parameters.${number}.key`> name={`parameters.${index}.key`} label={t`Key`} required>
              {(field) => <Input {...field} dir="ltr" />}
            </ControlledField>
            <ControlledField<BlueprintFormValues, `parameters.${number}.description`> name={`parameters.${index}.description`} label={t`Description`}>
              {(field) => <Input {...field} />}
            </ControlledField>
          </div>
          <ConditionRows index={index} />
          <div>
            <Button variant="ghost" size="sm" onClick={() => parameters.remove(index)}>
              <Trash2 aria-hidden />
              {t`Remove parameter`}
            </Button>
          </div>
        </fieldset>
      ))}
      <div>
        <Button variant="outline" onClick={() => parameters.append({ key: '', description: '', conditions: [] })}>
          <Plus aria-hidden />
          {t`Add parameter`}
        </Button>
      </div>
    </Stack>
  );
}

function ConditionRows({ index }: { index: number }) {
  const { t, i18n } = useLingui();
  const { control } = useFormContext<BlueprintFormValues>();
  const conditions = useFieldArray({ control, name: `parameters.${index}.conditions` });
  return (
    <div className="flex flex-col gap-2">
      {conditions.fields.map((condition, row) => (
        <div key={condition.id} className="grid grid-cols-[14rem_1fr_auto] items-start gap-2">
          <SelectField<BlueprintFormValues, `parameters.${number}.conditions.${number}.operator`>
            name={`parameters.${index}.conditions.${row}.operator`}
            label={t`Value condition`}
            placeholder={t`Choose an operator`}
            options={conditionOperators.map((operator) => ({ value: operator, label: i18n._(conditionOperatorLabels[operator] ?? { id: operator }) }))}
          />
          <ControlledField<BlueprintFormValues, `parameters.${number}.conditions.${number}.value`>
            name={`parameters.${index}.conditions.${row}.value`}
            label={t`Condition value`}
          >
            {(field) => <Input {...field} dir="ltr" />}
          </ControlledField>
          <Button variant="ghost" size="icon" className="mt-6" aria-label={t`Remove condition`} onClick={() => conditions.remove(row)}>
            <Trash2 aria-hidden />
          </Button>
        </div>
      ))}
      <div>
        <Button variant="ghost" size="sm" onClick={() => conditions.append({ operator: '', value: '' })}>
          <Plus aria-hidden />
          {t`Add value condition`}
        </Button>
      </div>
    </div>
  );
}

/** The blueprint wizard's last step: what happens when a stack made from it initialises. */
export function BlueprintInitializationStep() {
  const { t } = useLingui();
  const id = useId();
  return (
    <Stack gap={4} className="max-w-xl">
      <ControlledField<BlueprintFormValues, 'skipPlanOnStackInitialization'> name="skipPlanOnStackInitialization" label={t`Plan`}>
        {(field) => (
          <div className="flex items-center gap-2">
            <Checkbox id={`${id}-plan`} ref={field.ref} checked={field.value} onCheckedChange={(on) => field.onChange(on === true)} />
            <Label htmlFor={`${id}-plan`}>{t`Skip the plan when the stack initialises`}</Label>
          </div>
        )}
      </ControlledField>
      <ControlledField<BlueprintFormValues, 'autoApproveApplyOnInitialization'> name="autoApproveApplyOnInitialization" label={t`Apply`}>
        {(field) => (
          <div className="flex items-center gap-2">
            <Checkbox id={`${id}-apply`} ref={field.ref} checked={field.value} onCheckedChange={(on) => field.onChange(on === true)} />
            <Label htmlFor={`${id}-apply`}>{t`Approve the first apply automatically`}</Label>
          </div>
        )}
      </ControlledField>
    </Stack>
  );
}
