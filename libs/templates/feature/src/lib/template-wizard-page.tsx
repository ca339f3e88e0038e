import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import {
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
  useWatch,
} from '@terrace/design-system';
import { useApiClient } from '@terrace/session';
import { iacTypes } from '@terrace/stacks/data-access';
import { templatesQueries, useCreateTemplateMutation, useUpdateTemplateMutation, type Template } from '@terrace/templates/data-access';
import { useId } from 'react';
import { useNavigate, useParams } from 'react-router';
import {
  emptyTemplateForm,
  formToTemplateInput,
  templateFieldMessages,
  templateFormSchema,
  templateServerFields,
  templateToForm,
  templateWizardSteps,
  type TemplateFormOutput,
  type TemplateFormValues,
} from './template-form';
import { engineLabels } from './template-labels';
import { templatePaths } from './template-paths';
import { TtlFields } from './ttl-fields';
import { VcsFields } from './vcs-fields';
import { useTemplateWizardTrail } from './wizard-frame';

/** /createTemplateWizard */
export function CreateTemplateWizardPage() {
  const { t } = useLingui();
  const create = useCreateTemplateMutation();
  const navigate = useNavigate();
  return (
    <TemplateWizard
      title={t`Create template`}
      submitLabel={t`Create template`}
      initial={emptyTemplateForm()}
      onSubmit={async (values) => {
        const created = await create.mutateAsync(formToTemplateInput(values));
        toast.success(t`Template ${created.name} created.`);
        void navigate(templatePaths.details(created.id, 'namespaces'));
      }}
      onCancel={() => void navigate(templatePaths.list())}
    />
  );
}

/** /editTemplateWizard/:templateId */
export function EditTemplateWizardPage() {
  const { t } = useLingui();
  const { templateId = '' } = useParams();
  const client = useApiClient();
  const template = useQuery(templatesQueries.template(client, templateId));
  return (
    <FormWizardEntity query={template} title={t`Edit template`}>
      {(data) => <EditTemplateWizard template={data} />}
    </FormWizardEntity>
  );
}

function EditTemplateWizard({ template }: { template: Template }) {
  const { t } = useLingui();
  const update = useUpdateTemplateMutation();
  const navigate = useNavigate();
  return (
    <TemplateWizard
      title={t`Edit template ${template.name}`}
      submitLabel={t`Save template`}
      initial={templateToForm(template)}
      template={template}
      onSubmit={async (values) => {
        const updated = await update.mutateAsync({ templateId: template.id, input: formToTemplateInput(values) });
        toast.success(t`Template ${updated.name} saved.`);
        void navigate(templatePaths.details(updated.id));
      }}
      onCancel={() => void navigate(templatePaths.details(template.id))}
    />
  );
}

interface TemplateWizardProps {
  title: string;
  submitLabel: string;
  initial: TemplateFormValues;
  template?: Template;
  onSubmit: (values: TemplateFormOutput) => Promise<void>;
  onCancel: () => void;
}

function TemplateWizard({ title, submitLabel, initial, template, onSubmit, onCancel }: TemplateWizardProps) {
  const { t } = useLingui();
  const form = useContractForm({ schema: templateFormSchema, defaultValues: initial, messages: templateFieldMessages });
  return (
    <FormWizardPage
      title={title}
      trail={useTemplateWizardTrail(template)}
      current={template ? t`Edit` : t`Create`}
      form={form}
      steps={templateWizardSteps}
      content={{
        general: { title: t`Name`, content: <GeneralStep /> },
        vcs: {
          title: t`Code`,
          content: <VcsFields prefix="vcsInfo" pathLabel={t`Path`} pathHelp={t`The folder of the template's code; empty is the repository's root.`} />,
        },
        engine: { title: t`Engine`, content: <EngineStep /> },
        runner: { title: t`Runners`, content: <RunnerStep /> },
        ttl: { title: t`Time to live`, content: <TtlStep /> },
      }}
      serverFields={templateServerFields}
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
      <ControlledField<TemplateFormValues, 'name'> name="name" label={t`Name`} required help={t`What teams pick when they create a stack, e.g. Preview environment.`}>
        {(field) => <Input {...field} />}
      </ControlledField>
      <ControlledField<TemplateFormValues, 'description'> name="description" label={t`Description`}>
        {(field) => <Textarea rows={3} {...field} />}
      </ControlledField>
    </Stack>
  );
}

export function EngineSelect({ value, onChange, triggerRef }: { value: string; onChange: (value: string) => void; triggerRef: (element: HTMLButtonElement | null) => void }) {
  const { i18n } = useLingui();
  return (
    <Select value={value} onValueChange={onChange}>
      <SelectTrigger ref={triggerRef}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {iacTypes.map((type) => (
          <SelectItem key={type} value={type}>
            {i18n._(engineLabels[type])}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

function EngineStep() {
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

function RunnerStep() {
  const { t } = useLingui();
  const mode = useWatch<TemplateFormValues, 'runnerConfig.mode'>({ name: 'runnerConfig.mode' });
  return (
    <Stack gap={4} className="max-w-xl">
      <ControlledField<TemplateFormValues, 'runnerConfig.mode'> name="runnerConfig.mode" label={t`Runners`} required>
        {(field) => (
          <Select value={field.value} onValueChange={field.onChange}>
            <SelectTrigger ref={field.ref}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="managed">{t`Managed`}</SelectItem>
              <SelectItem value="selfHosted">{t`Self-hosted`}</SelectItem>
            </SelectContent>
          </Select>
        )}
      </ControlledField>
      {mode === 'selfHosted' && (
        <ControlledField<TemplateFormValues, 'runnerConfig.groups'> name="runnerConfig.groups" label={t`Runner groups`} required help={t`Comma-separated runner group ids.`}>
          {(field) => <Input {...field} dir="ltr" />}
        </ControlledField>
      )}
    </Stack>
  );
}

function TtlStep() {
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
