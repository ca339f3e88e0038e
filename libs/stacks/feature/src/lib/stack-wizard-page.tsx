import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import {
  BreadcrumbItem,
  BreadcrumbLink,
  BreadcrumbPage,
  Breadcrumbs,
  ErrorState,
  PageHeader,
  Skeleton,
  Stack as Column,
  Wizard,
  submitFormWizard,
  toast,
  useContractForm,
  useFormWizardSteps,
} from '@terrace/design-system';
import { namespacesQueries } from '@terrace/namespaces/data-access';
import { useApiClient } from '@terrace/session';
import { stacksQueries, useCreateStackMutation, useUpdateStackMutation, type Stack } from '@terrace/stacks/data-access';
import { useState, type ReactNode } from 'react';
import { FormProvider, useWatch } from 'react-hook-form';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  emptyStackForm,
  formToStackInput,
  stackFieldMessages,
  stackFormSchema,
  stackServerFields,
  stackToForm,
  stackWizardSteps,
  type StackFormOutput,
  type StackFormValues,
  type StackWizardStep,
} from './stack-form';
import { stackPaths } from './stack-paths';
import { StackCodeStep, StackEngineStep, StackGeneralStep, StackSettingsStep, StackTtlStep } from './stack-wizard-steps';

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

/** Loads the stack a wizard starts from (edit, or clone's ?stackId=). */
function WithStack({ stackId, title, children }: { stackId: string; title: string; children: (stack: Stack) => ReactNode }) {
  const client = useApiClient();
  const stack = useQuery(stacksQueries.detail(client, stackId));
  if (stack.isPending)
    return (
      <Column gap={6} className="p-6" aria-busy="true">
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-96 w-full" />
      </Column>
    );
  if (stack.isError)
    return (
      <Column gap={6} className="p-6">
        <PageHeader title={title} />
        <ErrorState error={stack.error} onRetry={() => void stack.refetch()} retrying={stack.isFetching} />
      </Column>
    );
  return <>{children(stack.data)}</>;
}

/** /cloneStackWizard?stackId=: a new stack with another stack's settings. */
export function CloneStackRoute() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const create = useCreateStackMutation();
  const navigate = useNavigate();
  return (
    <WithStack stackId={params.get('stackId') ?? ''} title={t`Clone stack`}>
      {(source) => (
        <StackWizard
          title={t`Clone stack ${source.name}`}
          submitLabel={t`Create stack`}
          initial={stackToForm(source, true)}
          onSubmit={async (values) => {
            const created = await create.mutateAsync(formToStackInput(values));
            toast.success(t`Stack ${created.name} created.`);
            void navigate(stackPaths.details(created.id));
          }}
          onCancel={() => void navigate(stackPaths.details(source.id))}
        />
      )}
    </WithStack>
  );
}

/** /editStackWizard/:stackId */
export function EditStackRoute() {
  const { t } = useLingui();
  const { stackId = '' } = useParams();
  const update = useUpdateStackMutation();
  const navigate = useNavigate();
  return (
    <WithStack stackId={stackId} title={t`Edit stack`}>
      {(stack) => (
        <StackWizard
          title={t`Edit stack ${stack.name}`}
          submitLabel={t`Save stack`}
          initial={stackToForm(stack)}
          stack={stack}
          onSubmit={async (values) => {
            // The namespace changes only through a move (typed confirmation), never here.
            const { namespaceId: _unchanged, ...input } = formToStackInput(values);
            const updated = await update.mutateAsync({ stackId: stack.id, input });
            toast.success(t`Stack ${updated.name} saved.`);
            void navigate(stackPaths.details(updated.id));
          }}
          onCancel={() => void navigate(stackPaths.details(stack.id))}
        />
      )}
    </WithStack>
  );
}

interface StackWizardProps {
  title: string;
  submitLabel: string;
  initial: StackFormValues;
  stack?: Stack;
  /** Rejects when the server refuses; every value stays as typed. */
  onSubmit: (values: StackFormOutput) => Promise<void>;
  onCancel: () => void;
}

function StackWizard({ title, submitLabel, initial, stack, onSubmit, onCancel }: StackWizardProps) {
  const form = useContractForm({ schema: stackFormSchema, defaultValues: initial, messages: stackFieldMessages });
  return (
    <FormProvider {...form}>
      <StackWizardBody title={title} submitLabel={submitLabel} stack={stack} onSubmit={onSubmit} onCancel={onCancel} form={form} />
    </FormProvider>
  );
}

function StackWizardBody({
  title,
  submitLabel,
  stack,
  onSubmit,
  onCancel,
  form,
}: Omit<StackWizardProps, 'initial'> & { form: ReturnType<typeof useContractForm<typeof stackFormSchema>> }) {
  const { t } = useLingui();
  const client = useApiClient();
  const namespaceId = useWatch<StackFormValues, 'namespaceId'>({ name: 'namespaceId' });
  const namespace = useQuery({ ...namespacesQueries.detail(client, namespaceId), enabled: namespaceId !== '' });
  const [step, setStep] = useState<StackWizardStep>('general');
  const content: Record<StackWizardStep, { title: string; content: ReactNode }> = {
    general: { title: t`Name and namespace`, content: <StackGeneralStep namespaceLocked={Boolean(stack)} /> },
    code: { title: t`Code`, content: <StackCodeStep /> },
    engine: { title: t`Engine and version`, content: <StackEngineStep namespace={namespace.data} /> },
    settings: { title: t`Runner, approvals and capabilities`, content: <StackSettingsStep namespace={namespace.data} /> },
    ttl: { title: t`Time to live`, content: <StackTtlStep /> },
  };
  const steps = useFormWizardSteps(
    form,
    stackWizardSteps.map((s) => ({ ...s, ...content[s.id] })),
  );
  const finish = () => submitFormWizard(form, stackWizardSteps, { onSubmit, serverFields: stackServerFields, goTo: setStep });

  return (
    <Column gap={6} className="p-6">
      <PageHeader
        title={title}
        breadcrumbs={
          <Breadcrumbs>
            {namespace.data && (
              <BreadcrumbItem>
                <BreadcrumbLink asChild>
                  <Link to={stackPaths.namespace(namespace.data.id)}>{namespace.data.name}</Link>
                </BreadcrumbLink>
              </BreadcrumbItem>
            )}
            {stack && (
              <BreadcrumbItem>
                <BreadcrumbLink asChild>
                  <Link to={stackPaths.details(stack.id)}>{stack.name}</Link>
                </BreadcrumbLink>
              </BreadcrumbItem>
            )}
            <BreadcrumbItem>
              <BreadcrumbPage>{stack ? t`Edit` : t`Create stack`}</BreadcrumbPage>
            </BreadcrumbItem>
          </Breadcrumbs>
        }
      />
      <Wizard
        orientation="vertical"
        steps={steps}
        step={Math.max(0, stackWizardSteps.findIndex((s) => s.id === step))}
        onStepChange={(index) => {
          const next = stackWizardSteps[index];
          if (next) setStep(next.id);
        }}
        finishLabel={submitLabel}
        onFinish={finish}
        onCancel={onCancel}
      />
    </Column>
  );
}
