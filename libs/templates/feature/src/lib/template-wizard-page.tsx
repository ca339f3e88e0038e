import { useLingui } from '@lingui/react/macro';
import {
  ControlledField,
  FormWizardPage,
  Input,
  lazySchema,
  Skeleton,
  Stack,
  Textarea,
  toast,
  useContractForm,
  useOnFirstInput,
} from '@terrace/design-system';
import { useCreateTemplateMutation, type Template } from '@terrace/templates/data-access';
import { lazy, Suspense, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import {
  emptyTemplateForm,
  templateFieldMessages,
  templateServerFields,
  templateWizardSteps,
  type TemplateFormOutput,
  type TemplateFormValues,
} from './template-form';
import { templatePaths } from './template-paths';
import { useTemplateWizardTrail } from './wizard-frame';

// The form's checks (zod, the contract's schemas and the domain's rules) load at the user's first
// press or key, as the form needs them only for Next and Create; what the wizard sends comes with
// them: a submit comes only once the checks passed, so it is there.
const loadChecks = () => import('./template-form.schema');
const templateFormSchema = lazySchema(() => loadChecks().then((m) => m.templateFormSchema));
export const loadTemplateInput = () => loadChecks().then((m) => m.formToTemplateInput);

// The steps after the first bring the VCS provider's queries, selects and a checkbox that the first
// step does not show: they load once the user starts on the form (a press or a key anywhere), well
// before Next reaches them.
const loadLaterSteps = () => import('./template-wizard-steps');
const TemplateVcsStep = lazy(() => loadLaterSteps().then((m) => ({ default: m.TemplateVcsStep })));
const TemplateEngineStep = lazy(() => loadLaterSteps().then((m) => ({ default: m.TemplateEngineStep })));
const TemplateRunnerStep = lazy(() => loadLaterSteps().then((m) => ({ default: m.TemplateRunnerStep })));
const TemplateTtlStep = lazy(() => loadLaterSteps().then((m) => ({ default: m.TemplateTtlStep })));

/** A later step while its code loads (only when Next comes before the download ends). */
function LaterStep({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Skeleton className="h-40 w-full" />}>{children}</Suspense>;
}

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
        const formToTemplateInput = await loadTemplateInput();
        const created = await create.mutateAsync(formToTemplateInput(values));
        toast.success(t`Template ${created.name} created.`);
        void navigate(templatePaths.details(created.id, 'namespaces'));
      }}
      onCancel={() => void navigate(templatePaths.list())}
    />
  );
}

export interface TemplateWizardProps {
  title: string;
  submitLabel: string;
  initial: TemplateFormValues;
  template?: Template;
  onSubmit: (values: TemplateFormOutput) => Promise<void>;
  onCancel: () => void;
}

/** The template wizard, to create one (above) or edit one (template-edit-page.tsx). */
export function TemplateWizard({ title, submitLabel, initial, template, onSubmit, onCancel }: TemplateWizardProps) {
  const { t } = useLingui();
  const form = useContractForm({ schema: templateFormSchema, defaultValues: initial, messages: templateFieldMessages });
  useOnFirstInput(loadLaterSteps);
  return (
    <FormWizardPage
      title={title}
      trail={useTemplateWizardTrail(template)}
      current={template ? t`Edit` : t`Create`}
      form={form}
      steps={templateWizardSteps}
      content={{
        general: { title: t`Name`, content: <GeneralStep /> },
        vcs: { title: t`Code`, content: <LaterStep><TemplateVcsStep /></LaterStep> },
        engine: { title: t`Engine`, content: <LaterStep><TemplateEngineStep /></LaterStep> },
        runner: { title: t`Runners`, content: <LaterStep><TemplateRunnerStep /></LaterStep> },
        ttl: { title: t`Time to live`, content: <LaterStep><TemplateTtlStep /></LaterStep> },
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
