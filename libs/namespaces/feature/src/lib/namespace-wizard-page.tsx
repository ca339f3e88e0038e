import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import {
  FormWizardEntity,
  FormWizardPage,
  lazySchema,
  Skeleton,
  toast,
  useContractForm,
  useOnFirstInput,
} from '@terrace/design-system';
import {
  namespacesQueries,
  useCreateNamespaceMutation,
  useUpdateNamespaceMutation,
  type Namespace,
} from '@terrace/namespaces/data-access';
import { organizationQueries } from '@terrace/organization/data-access';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  emptyNamespaceForm,
  formToNamespaceInput,
  namespaceFieldMessages,
  namespaceServerFields,
  namespaceToForm,
  namespaceWizardSteps,
  type NamespaceFormOutput,
  type NamespaceFormValues,
} from './namespace-form';
import { NamespaceGeneralStep } from './namespace-general-step';
import { NamespaceIacStep } from './namespace-iac-step';
import { namespacePaths } from './namespace-paths';
import { useApiClient } from '@terrace/session';

// The form's checks (zod and the schema, about 11 KiB gzip) load at the user's first press or key,
// as the form needs them only for Next and Create.
const namespaceFormSchema = lazySchema(() => import('./namespace-form.schema').then((m) => m.namespaceFormSchema));

// The runner, approval and capability steps bring radio groups, switches and checkboxes (about
// 10 KiB gzip) that the first step does not show: they load once the user starts on the form (a
// press or a key anywhere), well before Next reaches them.
const laterSteps = {
  runner: () => import('./namespace-runner-step').then((m) => ({ default: m.NamespaceRunnerStep })),
  approval: () => import('./namespace-approval-step').then((m) => ({ default: m.NamespaceApprovalStep })),
  capabilities: () => import('./namespace-capabilities-step').then((m) => ({ default: m.NamespaceCapabilitiesStep })),
};
const NamespaceRunnerStep = lazy(laterSteps.runner);
const NamespaceApprovalStep = lazy(laterSteps.approval);
const NamespaceCapabilitiesStep = lazy(laterSteps.capabilities);
const loadLaterSteps = () => Promise.all(Object.values(laterSteps).map((step) => step()));

/** A later step while its code loads (only when Next comes before the download ends). */
function LaterStep({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Skeleton className="h-40 w-full" />}>{children}</Suspense>;
}

/** /createNamespaceWizard */
export function CreateNamespaceWizardPage() {
  const { t } = useLingui();
  const create = useCreateNamespaceMutation();
  const navigate = useNavigate();
  return (
    <NamespaceWizard
      title={t`Create namespace`}
      submitLabel={t`Create namespace`}
      initial={emptyNamespaceForm()}
      onSubmit={async (values) => {
        const created = await create.mutateAsync(formToNamespaceInput(values));
        toast.success(t`Namespace ${created.name} created.`);
        void navigate(namespacePaths.details(created.id));
      }}
      onCancel={() => void navigate(namespacePaths.list())}
    />
  );
}

/** /editNamespaceWizard/:namespaceId */
export function EditNamespaceWizardPage() {
  const { t } = useLingui();
  const { namespaceId = '' } = useParams();
  const client = useApiClient();
  const namespace = useQuery(namespacesQueries.detail(client, namespaceId));
  return (
    <FormWizardEntity query={namespace} title={t`Edit namespace`}>
      {(data) => <EditNamespaceWizard namespace={data} />}
    </FormWizardEntity>
  );
}

function EditNamespaceWizard({ namespace }: { namespace: Namespace }) {
  const { t } = useLingui();
  const update = useUpdateNamespaceMutation();
  const navigate = useNavigate();
  return (
    <NamespaceWizard
      title={t`Edit namespace ${namespace.name}`}
      submitLabel={t`Save namespace`}
      initial={namespaceToForm(namespace)}
      namespace={namespace}
      onSubmit={async (values) => {
        const updated = await update.mutateAsync({ namespaceId: namespace.id, input: formToNamespaceInput(values) });
        toast.success(t`Namespace ${updated.name} saved.`);
        void navigate(namespacePaths.details(updated.id));
      }}
      onCancel={() => void navigate(namespacePaths.details(namespace.id))}
    />
  );
}

interface NamespaceWizardProps {
  title: string;
  submitLabel: string;
  initial: NamespaceFormValues;
  namespace?: Namespace;
  /** Rejects when the server refuses; every value stays as typed. */
  onSubmit: (values: NamespaceFormOutput) => Promise<void>;
  onCancel: () => void;
}

function NamespaceWizard({ title, submitLabel, initial, namespace, onSubmit, onCancel }: NamespaceWizardProps) {
  const { t } = useLingui();
  const client = useApiClient();
  const teams = useQuery(organizationQueries.teams(client));
  const form = useContractForm({ schema: namespaceFormSchema, defaultValues: initial, messages: namespaceFieldMessages });
  useOnFirstInput(loadLaterSteps);
  return (
    <FormWizardPage
      title={title}
      trail={[
        <Link key="list" to={namespacePaths.list()}>{t`Namespaces`}</Link>,
        namespace && <Link key="namespace" to={namespacePaths.details(namespace.id)}>{namespace.name}</Link>,
      ]}
      current={namespace ? t`Edit` : t`Create`}
      form={form}
      steps={namespaceWizardSteps}
      content={{
        general: { title: t`Name`, content: <NamespaceGeneralStep /> },
        iac: { title: t`IaC versions`, content: <NamespaceIacStep /> },
        runner: { title: t`Runners`, content: <LaterStep><NamespaceRunnerStep /></LaterStep> },
        approval: { title: t`Approval policy`, content: <LaterStep><NamespaceApprovalStep teams={teams.data ?? []} /></LaterStep> },
        capabilities: { title: t`Capabilities`, content: <LaterStep><NamespaceCapabilitiesStep /></LaterStep> },
      }}
      serverFields={namespaceServerFields}
      submitLabel={submitLabel}
      onSubmit={onSubmit}
      onCancel={onCancel}
    />
  );
}
