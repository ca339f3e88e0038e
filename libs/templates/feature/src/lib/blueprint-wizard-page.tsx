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
import { useCreateBlueprintMutation, type Blueprint } from '@terrace/templates/data-access';
import { lazy, Suspense, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import {
  blueprintFieldMessages,
  blueprintServerFields,
  blueprintWizardSteps,
  emptyBlueprintForm,
  type BlueprintFormOutput,
  type BlueprintFormValues,
} from './blueprint-form';
import { templatePaths } from './template-paths';
import { useTemplateWizardTrail } from './wizard-frame';

// The form's checks (zod, the contract's schemas and the domain's rules) load at the user's first
// press or key, as the form needs them only for Next and Create; what the wizard sends (the value
// conditions' parsing) comes with them: a submit comes only once the checks passed, so it is there.
const loadChecks = () => import('./blueprint-form.schema');
const blueprintFormSchema = lazySchema(() => loadChecks().then((m) => m.blueprintFormSchema));
export const loadBlueprintInput = () => loadChecks().then((m) => m.formToBlueprintInput);

// The steps after the first bring the VCS provider's queries, selects, the value conditions'
// operators and checkboxes that the first step does not show: they load once the user starts on the
// form (a press or a key anywhere), well before Next reaches them.
const loadLaterSteps = () => import('./blueprint-wizard-steps');
const BlueprintVcsStep = lazy(() => loadLaterSteps().then((m) => ({ default: m.BlueprintVcsStep })));
const BlueprintStackStep = lazy(() => loadLaterSteps().then((m) => ({ default: m.BlueprintStackStep })));
const BlueprintParametersStep = lazy(() => loadLaterSteps().then((m) => ({ default: m.BlueprintParametersStep })));
const BlueprintInitializationStep = lazy(() => loadLaterSteps().then((m) => ({ default: m.BlueprintInitializationStep })));

/** A later step while its code loads (only when Next comes before the download ends). */
function LaterStep({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Skeleton className="h-40 w-full" />}>{children}</Suspense>;
}

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
        const formToBlueprintInput = await loadBlueprintInput();
        const created = await create.mutateAsync(formToBlueprintInput(values));
        toast.success(t`Blueprint ${created.name} created.`);
        void navigate(templatePaths.details(created.id, 'namespaces'));
      }}
      onCancel={() => void navigate(templatePaths.list('blueprints'))}
    />
  );
}

export interface BlueprintWizardProps {
  title: string;
  submitLabel: string;
  initial: BlueprintFormValues;
  blueprint?: Blueprint;
  onSubmit: (values: BlueprintFormOutput) => Promise<void>;
  onCancel: () => void;
}

/** The blueprint wizard, to create one (above) or edit one (blueprint-edit-page.tsx). */
export function BlueprintWizard({ title, submitLabel, initial, blueprint, onSubmit, onCancel }: BlueprintWizardProps) {
  const { t } = useLingui();
  const form = useContractForm({ schema: blueprintFormSchema, defaultValues: initial, messages: blueprintFieldMessages });
  useOnFirstInput(loadLaterSteps);
  return (
    <FormWizardPage
      title={title}
      trail={useTemplateWizardTrail(blueprint)}
      current={blueprint ? t`Edit` : t`Create`}
      form={form}
      steps={blueprintWizardSteps}
      content={{
        general: { title: t`Name`, content: <GeneralStep /> },
        vcs: { title: t`Code`, content: <LaterStep><BlueprintVcsStep /></LaterStep> },
        stack: { title: t`Stack configuration`, content: <LaterStep><BlueprintStackStep /></LaterStep> },
        parameters: { title: t`Substitute parameters`, content: <LaterStep><BlueprintParametersStep /></LaterStep> },
        initialization: { title: t`Initialization`, content: <LaterStep><BlueprintInitializationStep /></LaterStep> },
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
