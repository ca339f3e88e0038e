import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { isApiError } from '@terrace/api-client';
import {
  BreadcrumbItem,
  BreadcrumbLink,
  BreadcrumbPage,
  Breadcrumbs,
  ErrorState,
  PageHeader,
  Skeleton,
  Stack,
  toast,
  Wizard,
  type WizardStep,
} from '@terrace/design-system';
import {
  namespacesQueries,
  useCreateNamespaceMutation,
  useUpdateNamespaceMutation,
  type Namespace,
} from '@terrace/namespaces/data-access';
import { organizationQueries } from '@terrace/organization/data-access';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  emptyNamespaceForm,
  firstInvalidStep,
  formToNamespaceInput,
  namespaceToForm,
  validateNamespaceStep,
  type NamespaceFormErrors,
  type NamespaceFormValues,
  type NamespaceWizardStep,
} from './namespace-form';
import { NamespaceApprovalStep } from './namespace-approval-step';
import { NamespaceCapabilitiesStep } from './namespace-capabilities-step';
import { NamespaceGeneralStep } from './namespace-general-step';
import { NamespaceIacStep } from './namespace-iac-step';
import { namespacePaths } from './namespace-paths';
import { NamespaceRunnerStep } from './namespace-runner-step';
import { useApiClient } from '@terrace/session';

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
  if (namespace.isPending) {
    return (
      <Stack gap={6} className="p-6" aria-busy="true">
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-96 w-full" />
      </Stack>
    );
  }
  if (namespace.isError) {
    return (
      <Stack gap={6} className="p-6">
        <PageHeader title={t`Edit namespace`} />
        <ErrorState error={namespace.error} onRetry={() => void namespace.refetch()} retrying={namespace.isFetching} />
      </Stack>
    );
  }
  return <EditNamespaceWizard namespace={namespace.data} />;
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
  onSubmit: (values: NamespaceFormValues) => Promise<void>;
  onCancel: () => void;
}

// A server validation error names the field as a dotted path; it sends the user back to its step.
const fieldSteps: Record<string, { step: NamespaceWizardStep; field: keyof NamespaceFormErrors }> = {
  'entity.name': { step: 'general', field: 'name' },
  'entity.description': { step: 'general', field: 'description' },
  'entity.iacConfig.terraformVersion': { step: 'iac', field: 'terraformVersion' },
  'entity.iacConfig.terragruntVersion': { step: 'iac', field: 'terragruntVersion' },
  'entity.iacConfig.opentofuVersion': { step: 'iac', field: 'opentofuVersion' },
  'entity.runnerConfig.groups': { step: 'runner', field: 'runnerGroups' },
  'entity.deploymentApprovalPolicy.rules': { step: 'approval', field: 'approvalTeams' },
};

function NamespaceWizard({ title, submitLabel, initial, namespace, onSubmit, onCancel }: NamespaceWizardProps) {
  const { t } = useLingui();
  const client = useApiClient();
  const teams = useQuery(organizationQueries.teams(client));
  const [values, setValues] = useState(initial);
  // The errors shown, and the step they belong to (marked in the step list).
  const [problems, setProblems] = useState<{ step: NamespaceWizardStep; errors: NamespaceFormErrors }>({ step: 'general', errors: {} });
  const [step, setStep] = useState<NamespaceWizardStep>('general');

  const validate = (id: NamespaceWizardStep) => {
    const errors = validateNamespaceStep(id, values);
    setProblems({ step: id, errors });
    return Object.keys(errors).length === 0;
  };

  const stepProps = { values, onChange: setValues, errors: problems.errors };
  const steps = (
    [
      { id: 'general', title: t`Name`, content: <NamespaceGeneralStep {...stepProps} /> },
      { id: 'iac', title: t`IaC versions`, content: <NamespaceIacStep {...stepProps} /> },
      { id: 'runner', title: t`Runners`, content: <NamespaceRunnerStep {...stepProps} /> },
      { id: 'approval', title: t`Approval policy`, content: <NamespaceApprovalStep {...stepProps} teams={teams.data ?? []} /> },
      { id: 'capabilities', title: t`Capabilities`, content: <NamespaceCapabilitiesStep {...stepProps} /> },
    ] satisfies { id: NamespaceWizardStep; title: string; content: ReactNode }[]
  ).map(
    (s): WizardStep & { id: NamespaceWizardStep } => ({
      ...s,
      validate: () => validate(s.id),
      invalid: problems.step === s.id && Object.keys(problems.errors).length > 0,
    }),
  );

  const finish = async () => {
    // Every step is checked again: a later edit may have broken an earlier one.
    const invalid = firstInvalidStep(values);
    if (invalid) {
      setStep(invalid);
      validate(invalid);
      return;
    }
    try {
      await onSubmit(values);
    } catch (error) {
      // The client has toasted the reason; a field error also goes back to its step.
      const target = isApiError(error) && error.field ? fieldSteps[error.field] : undefined;
      if (target && isApiError(error)) {
        setStep(target.step);
        setProblems({ step: target.step, errors: { [target.field]: { id: 'server', message: error.message } } });
      }
    }
  };

  return (
    <Stack gap={6} className="p-6">
      <PageHeader
        title={title}
        breadcrumbs={
          <Breadcrumbs>
            <BreadcrumbItem>
              <BreadcrumbLink asChild>
                <Link to={namespacePaths.list()}>{t`Namespaces`}</Link>
              </BreadcrumbLink>
            </BreadcrumbItem>
            {namespace && (
              <BreadcrumbItem>
                <BreadcrumbLink asChild>
                  <Link to={namespacePaths.details(namespace.id)}>{namespace.name}</Link>
                </BreadcrumbLink>
              </BreadcrumbItem>
            )}
            <BreadcrumbItem>
              <BreadcrumbPage>{namespace ? t`Edit` : t`Create`}</BreadcrumbPage>
            </BreadcrumbItem>
          </Breadcrumbs>
        }
      />
      <Wizard
        orientation="vertical"
        steps={steps}
        step={Math.max(0, steps.findIndex((s) => s.id === step))}
        onStepChange={(index) => {
          const next = steps[index];
          if (!next) return;
          setProblems((current) => ({ ...current, errors: {} }));
          setStep(next.id);
        }}
        finishLabel={submitLabel}
        onFinish={finish}
        onCancel={onCancel}
      />
    </Stack>
  );
}
