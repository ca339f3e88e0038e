import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { FormWizardPage, lazySchema, Skeleton, toast, useContractForm, useOnFirstInput, useWatch } from '@terrace/design-system';
import { namespacesQueries } from '@terrace/namespaces/data-access';
import { useApiClient } from '@terrace/session';
import { useCreateStackMutation, type Stack } from '@terrace/stacks/data-access';
import { lazy, Suspense, type ComponentProps } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { emptyStackForm, stackFieldMessages, stackServerFields, stackWizardSteps, type StackFormOutput, type StackFormValues } from './stack-form';
import { StackGeneralStep } from './stack-general-step';
import { stackPaths } from './stack-paths';

// The form's checks (zod and the schema, about 11 KiB gzip) and the code, engine, settings and
// time-to-live steps (selects, a switch, multi-selects that the first step does not show) load
// once the user starts on the form (a press or a key anywhere), well before Next or Create needs
// them, through stack-wizard-later.ts.
const loadLater = () => import('./stack-wizard-later');
const stackFormSchema = lazySchema(() => loadLater().then((m) => m.loadStackFormSchema()));
const loadLaterSteps = () => loadLater().then((m) => m.loadStackLaterStep());
const LaterSteps = lazy(() => loadLaterSteps().then((StackLaterStep) => ({ default: StackLaterStep })));

/** A later step, once its code has loaded (a skeleton only when Next comes before the download ends). */
function LaterStep(props: ComponentProps<typeof LaterSteps>) {
  return (
    <Suspense fallback={<Skeleton className="h-40 w-full" />}>
      <LaterSteps {...props} />
    </Suspense>
  );
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
        const created = await create.mutateAsync(values);
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
        code: { title: t`Code`, content: <LaterStep step="code" namespace={namespace.data} /> },
        engine: { title: t`Engine and version`, content: <LaterStep step="engine" namespace={namespace.data} /> },
        settings: { title: t`Runner, approvals and capabilities`, content: <LaterStep step="settings" namespace={namespace.data} /> },
        ttl: { title: t`Time to live`, content: <LaterStep step="ttl" namespace={namespace.data} /> },
      }}
      serverFields={stackServerFields}
      submitLabel={submitLabel}
      onSubmit={onSubmit}
      onCancel={onCancel}
    />
  );
}
