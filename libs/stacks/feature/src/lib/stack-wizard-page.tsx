import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  EmptyState,
  ErrorState,
  FormWizardEntity,
  FormWizardPage,
  Input,
  Label,
  PageHeader,
  Skeleton,
  Stack as Column,
  toast,
  useContractForm,
  useWatch,
} from '@terrace/design-system';
import { namespacesQueries } from '@terrace/namespaces/data-access';
import { useApiClient } from '@terrace/session';
import { stacksQueries, useCreateStackMutation, useUpdateStackMutation, type Stack } from '@terrace/stacks/data-access';
import { Copy } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
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
} from './stack-form';
import { iacTypeLabels } from './stack-labels';
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
  return (
    <FormWizardEntity query={stack} title={title}>
      {children}
    </FormWizardEntity>
  );
}

/** /cloneStackWizard?stackId=: a new stack with another stack's settings; without ?stackId, the user picks that stack first. */
export function CloneStackRoute() {
  const { t } = useLingui();
  const [params, setParams] = useSearchParams();
  const create = useCreateStackMutation();
  const navigate = useNavigate();
  const stackId = params.get('stackId') ?? '';
  if (!stackId) return <ChooseStackToClone onChoose={(id) => setParams({ stackId: id })} onCancel={() => void navigate(-1)} />;
  return (
    <WithStack stackId={stackId} title={t`Clone stack`}>
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

/** The first step of a clone opened without a stack: find the stack to start from (by part of its name). */
function ChooseStackToClone({ onChoose, onCancel }: { onChoose: (stackId: string) => void; onCancel: () => void }) {
  const { t, i18n } = useLingui();
  const client = useApiClient();
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(draft.trim()), 300);
    return () => clearTimeout(timer);
  }, [draft]);
  const stacks = useQuery(stacksQueries.list(client, { page: 1, pageSize: 20, ...(search ? { name: search } : {}), sortBy: 'name', sortOrder: 'asc' }));
  const searchId = useId();
  return (
    <Column gap={6} className="p-6">
      <PageHeader title={t`Clone stack`} description={t`Choose the stack whose settings the new stack starts from.`} />
      <Column gap={3} className="max-w-2xl">
        <Label htmlFor={searchId}>{t`Find a stack by name`}</Label>
        <Input id={searchId} type="search" value={draft} onChange={(event) => setDraft(event.target.value)} autoComplete="off" />
        {stacks.isPending ? (
          <Skeleton className="h-40 w-full" />
        ) : stacks.isError ? (
          <ErrorState error={stacks.error} onRetry={() => void stacks.refetch()} retrying={stacks.isFetching} />
        ) : stacks.data.items.length === 0 ? (
          <EmptyState
            icon={<Copy aria-hidden />}
            title={search ? t`No stack matches ${search}` : t`No stacks to clone yet`}
            text={search ? t`Try another part of the name.` : t`Create a stack first; it can then be cloned.`}
          />
        ) : (
          <ul className="divide-y divide-border rounded-md border border-border" aria-label={t`Stacks`}>
            {stacks.data.items.map((stack) => (
              <li key={stack.id} className="flex flex-wrap items-center justify-between gap-3 px-3 py-2">
                <span className="flex min-w-0 flex-col">
                  <span className="font-medium">{stack.name}</span>
                  <span className="text-xs text-muted-foreground">
                    {[stack.namespaceName ?? stack.namespaceId, i18n._(iacTypeLabels[stack.iacType])].join(' · ')}
                  </span>
                </span>
                <Button variant="outline" size="sm" aria-label={t`Clone ${stack.name}`} onClick={() => onChoose(stack.id)}>
                  <Copy aria-hidden />
                  {t`Clone`}
                </Button>
              </li>
            ))}
          </ul>
        )}
        {stacks.isSuccess && stacks.data.total > stacks.data.items.length && (
          <p className="text-sm text-muted-foreground">{t`Showing ${stacks.data.items.length} of ${stacks.data.total}: type part of a name to find others.`}</p>
        )}
        <div>
          <Button variant="outline" onClick={onCancel}>
            {t`Cancel`}
          </Button>
        </div>
      </Column>
    </Column>
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
  const { t } = useLingui();
  const client = useApiClient();
  const form = useContractForm({ schema: stackFormSchema, defaultValues: initial, messages: stackFieldMessages });
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
        code: { title: t`Code`, content: <StackCodeStep /> },
        engine: { title: t`Engine and version`, content: <StackEngineStep namespace={namespace.data} /> },
        settings: { title: t`Runner, approvals and capabilities`, content: <StackSettingsStep namespace={namespace.data} /> },
        ttl: { title: t`Time to live`, content: <StackTtlStep /> },
      }}
      serverFields={stackServerFields}
      submitLabel={submitLabel}
      onSubmit={onSubmit}
      onCancel={onCancel}
    />
  );
}
