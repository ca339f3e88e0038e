import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Checkbox,
  ControlledField,
  FormWizardEntity,
  FormWizardPage,
  Input,
  Label,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Stack,
  Textarea,
  toast,
  useContractForm,
  useFieldArray,
  useFormContext,
} from '@terrace/design-system';
import { conditionOperators } from '@terrace/domain';
import { useApiClient } from '@terrace/session';
import { templatesQueries, useCreateBlueprintMutation, useUpdateBlueprintMutation, type Blueprint } from '@terrace/templates/data-access';
import { Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useNavigate, useParams } from 'react-router';
import {
  blueprintFieldMessages,
  blueprintFormSchema,
  blueprintServerFields,
  blueprintToForm,
  blueprintWizardSteps,
  emptyBlueprintForm,
  formToBlueprintInput,
  type BlueprintFormOutput,
  type BlueprintFormValues,
} from './template-form';
import { conditionOperatorLabels } from './template-labels';
import { templatePaths } from './template-paths';
import { EngineSelect } from './template-wizard-page';
import { VcsFields } from './vcs-fields';
import { useTemplateWizardTrail } from './wizard-frame';

/** /createBlueprintWizard */
export function CreateBlueprintWizardPage() {
  const { t } = useLingui();
  const create = useCreateBlueprintMutation();
  const navigate = useNavigate();
  return (
    <BlueprintWizard
      title={t`Create blueprint`}
      submitLabel={t`Create blueprint`}
      initial={emptyBlueprintForm()}
      onSubmit={async (values) => {
        const created = await create.mutateAsync(formToBlueprintInput(values));
        toast.success(t`Blueprint ${created.name} created.`);
        void navigate(templatePaths.details(created.id, 'namespaces'));
      }}
      onCancel={() => void navigate(templatePaths.list('blueprints'))}
    />
  );
}

/** /editBlueprintWizard/:blueprintId */
export function EditBlueprintWizardPage() {
  const { t } = useLingui();
  const { blueprintId = '' } = useParams();
  const client = useApiClient();
  const blueprint = useQuery(templatesQueries.blueprint(client, blueprintId));
  return (
    <FormWizardEntity query={blueprint} title={t`Edit blueprint`}>
      {(data) => <EditBlueprintWizard blueprint={data} />}
    </FormWizardEntity>
  );
}

function EditBlueprintWizard({ blueprint }: { blueprint: Blueprint }) {
  const { t } = useLingui();
  const update = useUpdateBlueprintMutation();
  const navigate = useNavigate();
  return (
    <BlueprintWizard
      title={t`Edit blueprint ${blueprint.name}`}
      submitLabel={t`Save blueprint`}
      initial={blueprintToForm(blueprint)}
      blueprint={blueprint}
      onSubmit={async (values) => {
        const updated = await update.mutateAsync({ blueprintId: blueprint.id, input: formToBlueprintInput(values) });
        toast.success(t`Blueprint ${updated.name} saved.`);
        void navigate(templatePaths.details(updated.id));
      }}
      onCancel={() => void navigate(templatePaths.details(blueprint.id))}
    />
  );
}

interface BlueprintWizardProps {
  title: string;
  submitLabel: string;
  initial: BlueprintFormValues;
  blueprint?: Blueprint;
  onSubmit: (values: BlueprintFormOutput) => Promise<void>;
  onCancel: () => void;
}

function BlueprintWizard({ title, submitLabel, initial, blueprint, onSubmit, onCancel }: BlueprintWizardProps) {
  const { t } = useLingui();
  const form = useContractForm({ schema: blueprintFormSchema, defaultValues: initial, messages: blueprintFieldMessages });
  return (
    <FormWizardPage
      title={title}
      trail={useTemplateWizardTrail(blueprint)}
      current={blueprint ? t`Edit` : t`Create`}
      form={form}
      steps={blueprintWizardSteps}
      content={{
        general: { title: t`Name`, content: <GeneralStep /> },
        vcs: {
          title: t`Code`,
          content: <VcsFields prefix="vcsInfo" pathLabel={t`Path`} pathHelp={t`The folder of the blueprint's code, copied into each new stack's pull request.`} />,
        },
        stack: { title: t`Stack configuration`, content: <StackStep /> },
        parameters: { title: t`Substitute parameters`, content: <ParametersStep /> },
        initialization: { title: t`Initialization`, content: <InitializationStep /> },
      }}
      serverFields={blueprintServerFields}
      submitLabel={submitLabel}
      onSubmit={onSubmit}
      onCancel={onCancel}
    />
  );
}

function GeneralStep() {
  const { t } = useLingui();
  return (
    <Stack gap={4} className="max-w-xl">
      <ControlledField<BlueprintFormValues, 'name'> name="name" label={t`Name`} required>
        {(field) => <Input {...field} />}
      </ControlledField>
      <ControlledField<BlueprintFormValues, 'description'> name="description" label={t`Description`}>
        {(field) => <Textarea rows={3} {...field} />}
      </ControlledField>
    </Stack>
  );
}

function StackStep() {
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

function ParametersStep() {
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
          <ControlledField<BlueprintFormValues, `parameters.${number}.conditions.${number}.operator`>
            name={`parameters.${index}.conditions.${row}.operator`}
            label={t`Value condition`}
          >
            {(field) => (
              <Select value={field.value || undefined} onValueChange={field.onChange}>
                <SelectTrigger ref={field.ref}>
                  <SelectValue placeholder={t`Choose an operator`} />
                </SelectTrigger>
                <SelectContent>
                  {conditionOperators.map((operator) => (
                    <SelectItem key={operator} value={operator}>
                      {i18n._(conditionOperatorLabels[operator] ?? { id: operator })}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </ControlledField>
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

function InitializationStep() {
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
