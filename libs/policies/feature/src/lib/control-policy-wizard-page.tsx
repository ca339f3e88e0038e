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
  Stack,
  submitFormWizard,
  toast,
  useContractForm,
  useFormWizardSteps,
  Wizard,
} from '@terrace/design-system';
import {
  policiesQueries,
  policyPaths,
  useCreateControlPolicyMutation,
  useUpdateControlPolicyMutation,
  type ControlPolicy,
} from '@terrace/policies/data-access';
import { useApiClient } from '@terrace/session';
import { useState, type ReactNode } from 'react';
import { FormProvider } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import {
  controlPolicyFieldMessages,
  controlPolicyFormSchema,
  controlPolicyServerFields,
  controlPolicyToForm,
  controlPolicyWizardSteps,
  emptyControlPolicyForm,
  formToControlPolicyInput,
  type ControlPolicyFormOutput,
  type ControlPolicyFormValues,
  type ControlPolicyWizardStep,
} from './control-policy-form';
import { ControlPolicyGeneralStep } from './control-policy-general-step';
import { ControlPolicyRulesStep } from './control-policy-rules-step';

/** /createControlPolicyWizard */
export function CreateControlPolicyWizardPage() {
  const { t } = useLingui();
  const create = useCreateControlPolicyMutation();
  const navigate = useNavigate();
  return (
    <ControlPolicyWizard
      title={t`Create control policy`}
      submitLabel={t`Create policy`}
      initial={emptyControlPolicyForm()}
      onSubmit={async (values) => {
        const created = await create.mutateAsync(formToControlPolicyInput(values));
        toast.success(t`Control policy ${created.name} created.`);
        void navigate(policyPaths.list());
      }}
      onCancel={() => void navigate(policyPaths.list())}
    />
  );
}

/** /editControlPolicyWizard/:controlPolicyId */
export function EditControlPolicyWizardPage() {
  const { t } = useLingui();
  const { controlPolicyId = '' } = useParams();
  const client = useApiClient();
  const policy = useQuery(policiesQueries.detail(client, controlPolicyId));
  if (policy.isPending) {
    return (
      <Stack gap={6} className="p-6" aria-busy="true">
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-96 w-full" />
      </Stack>
    );
  }
  if (policy.isError) {
    return (
      <Stack gap={6} className="p-6">
        <PageHeader title={t`Edit control policy`} />
        <ErrorState error={policy.error} onRetry={() => void policy.refetch()} retrying={policy.isFetching} />
      </Stack>
    );
  }
  if (policy.data.isManaged) {
    return (
      <Stack gap={6} className="p-6">
        <PageHeader title={t`Edit control policy`} />
        <p>{t`${policy.data.name} is a managed policy: it cannot be changed, only applied.`}</p>
        <Link className="text-primary-subtle-foreground hover:underline" to={policyPaths.list()}>
          {t`Back to control policies`}
        </Link>
      </Stack>
    );
  }
  return <EditControlPolicyWizard policy={policy.data} />;
}

function EditControlPolicyWizard({ policy }: { policy: ControlPolicy }) {
  const { t } = useLingui();
  const update = useUpdateControlPolicyMutation();
  const navigate = useNavigate();
  return (
    <ControlPolicyWizard
      title={t`Edit control policy ${policy.name}`}
      submitLabel={t`Save policy`}
      initial={controlPolicyToForm(policy)}
      policy={policy}
      onSubmit={async (values) => {
        const { type: _type, ...input } = formToControlPolicyInput(values);
        const updated = await update.mutateAsync({ controlPolicyId: policy.id, input: { ...input, description: input.description ?? null } });
        toast.success(t`Control policy ${updated.name} saved.`);
        void navigate(policyPaths.list());
      }}
      onCancel={() => void navigate(policyPaths.list())}
    />
  );
}

interface ControlPolicyWizardProps {
  title: string;
  submitLabel: string;
  initial: ControlPolicyFormValues;
  policy?: ControlPolicy;
  onSubmit: (values: ControlPolicyFormOutput) => Promise<void>;
  onCancel: () => void;
}

function ControlPolicyWizard({ title, submitLabel, initial, policy, onSubmit, onCancel }: ControlPolicyWizardProps) {
  const { t } = useLingui();
  const form = useContractForm({ schema: controlPolicyFormSchema, defaultValues: initial, messages: controlPolicyFieldMessages });
  const [step, setStep] = useState<ControlPolicyWizardStep>('general');
  const content: Record<ControlPolicyWizardStep, { title: string; content: ReactNode }> = {
    general: { title: t`Policy type`, content: <ControlPolicyGeneralStep typeLocked={policy !== undefined} /> },
    rules: { title: t`Rules`, content: <ControlPolicyRulesStep /> },
  };
  const steps = useFormWizardSteps(
    form,
    controlPolicyWizardSteps.map((s) => ({ ...s, ...content[s.id] })),
  );
  const finish = () => submitFormWizard(form, controlPolicyWizardSteps, { onSubmit, serverFields: controlPolicyServerFields, goTo: setStep });

  return (
    <Stack gap={6} className="p-6">
      <PageHeader
        title={title}
        breadcrumbs={
          <Breadcrumbs>
            <BreadcrumbItem>
              <BreadcrumbLink asChild>
                <Link to={policyPaths.list()}>{t`Control policies`}</Link>
              </BreadcrumbLink>
            </BreadcrumbItem>
            <BreadcrumbItem>
              <BreadcrumbPage>{policy ? policy.name : t`Create`}</BreadcrumbPage>
            </BreadcrumbItem>
          </Breadcrumbs>
        }
      />
      <FormProvider {...form}>
        <Wizard
          orientation="vertical"
          steps={steps}
          step={Math.max(0, controlPolicyWizardSteps.findIndex((s) => s.id === step))}
          onStepChange={(index) => {
            const next = controlPolicyWizardSteps[index];
            if (next) setStep(next.id);
          }}
          finishLabel={submitLabel}
          onFinish={finish}
          onCancel={onCancel}
        />
      </FormProvider>
    </Stack>
  );
}
