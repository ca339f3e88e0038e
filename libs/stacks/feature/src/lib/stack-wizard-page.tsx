import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { FormWizardPage, lazySchema, Skeleton, toast, useContractForm, useOnFirstInput, useWatch } from '@terrace/design-system';
import { namespacesQueries } from '@terrace/namespaces/data-access';
import { useApiClient } from '@terrace/session';
import { useCreateStackMutation, type Stack } from '@terrace/stacks/data-access';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { emptyStackForm, stackFieldMessages, stackServerFields, stackWizardSteps, type StackFormOutput, type StackFormValues } from './stack-form';
import { StackGeneralStep } from './stack-general-step';
import { formToStackInput } from './stack-input';
import { stackPaths } from './stack-paths';

// The form's checks (zod and the schema, about 11 KiB gzip) load at the user's first press or key,
// as the form needs them only for Next and Create.
const stackFormSchema = lazySchema(() => import('./stack-form.schema').then((m) => m.stackFormSchema));

// The code, engine, settings and time-to-live steps bring selects, a switch and multi-selects that
// the first step does not show: they load once the user starts on the form (a press or a key
// anywhere), well before Next reaches them.
const loadLaterSteps = () => import('./stack-wizard-steps');
const StackCodeStep = lazy(() => loadLaterSteps().then((m) => ({ default: m.StackCodeStep })));
const StackEngineStep = lazy(() => loadLaterSteps().then((m) => ({ default: m.StackEngineStep })));
const StackSettingsStep = lazy(() => loadLaterSteps().then((m) => ({ default: m.StackSettingsStep })));
const StackTtlStep = lazy(() => loadLaterSteps().then((m) => ({ default: m.StackTtlStep })));

/** A later step while its code loads (only when Next comes before the download ends). */
function LaterStep({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Skeleton className="h-40 w-full" />}>{children}</Suspense>;
}

/** /createStackWizard (?namespaceId= preselects the namespace). */
export function CreateStackRoute() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const create = useCreateStackMutation();
  const navigate = useNavigate();
  const namespaceId = params.get('namespaceId') ?? '';
  return (
    <StackWizard
      title={t`Create stack`}
      submitLabel={t`Create stack`}
      initial={emptyStackForm(namespaceId)}
      onSubmit={async (values) => {
        const created = await create.mutateAsync(formToStackInput(values));
        toast.success(t`Stack ${created.name} created.`);
        void navigate(stackPaths.details(created.id));
      }}
      onCancel={() => void (namespaceId ? navigate(stackPaths.namespace(namespaceId)) : navigate(-1))}
    />
  );
}

export interface StackWizardProps {
  title: string;
  submitLabel: string;
  initial: StackFormValues;
  stack?: Stack;
  /** Rejects when the server refuses; every value stays as typed. */
  onSubmit: (values: StackFormOutput) => Promise<void>;
  onCancel: () => void;
}

/** The create, clone and edit wizards' form: name and namespace, code, engine, settings, time to live. */
export function StackWizard({ title, submitLabel, initial, stack, onSubmit, onCancel }: StackWizardProps) {
  const { t } = useLingui();
  const client = useApiClient();
  const form = useContractForm({ schema: stackFormSchema, defaultValues: initial, messages: stackFieldMessages });
  useOnFirstInput(loadLaterSteps);
  const namespaceId = useWatch({ control: form.control, name: 'namespaceId' });
  const namespace = useQuery({ ...namespacesQueries.detail(client, namespaceId), enabled: namespaceId !== '' });
  return (
    <FormWizardPage
      title={title}
      trail={[
        namespace.data && (
          <Link key="namespace" to={stackPaths.namespace(namespace.data.id)}>
            {namespace.data.name}
          </Link>
        ),
        stack && (
          <Link key="stack" to={stackPaths.details(stack.id)}>
            {stack.name}
          </Link>
        ),
      ]}
      current={stack ? t`Edit` : t`Create stack`}
      form={form}
      steps={stackWizardSteps}
      content={{
        general: { title: t`Name and namespace`, content: <StackGeneralStep namespaceLocked={Boolean(stack)} /> },
        code: { title: t`Code`, content: <LaterStep><StackCodeStep /></LaterStep> },
        engine: { title: t`Engine and version`, content: <LaterStep><StackEngineStep namespace={namespace.data} /></LaterStep> },
        settings: { title: t`Runner, approvals and capabilities`, content: <LaterStep><StackSettingsStep namespace={namespace.data} /></LaterStep> },
        ttl: { title: t`Time to live`, content: <LaterStep><StackTtlStep /></LaterStep> },
      }}
      serverFields={stackServerFields}
      submitLabel={submitLabel}
      onSubmit={onSubmit}
      onCancel={onCancel}
    />
  );
}
