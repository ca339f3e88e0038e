import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import {
  BreadcrumbItem,
  BreadcrumbLink,
  BreadcrumbPage,
  Breadcrumbs,
  ControlledField,
  ErrorState,
  Input,
  PageHeader,
  Skeleton,
  Stack,
  submitFormWizard,
  Textarea,
  toast,
  useContractForm,
  useFormWizardSteps,
  Wizard,
} from '@terrace/design-system';
import {
  policiesQueries,
  policyPaths,
  useCreateControlPolicyGroupMutation,
  useUpdateControlPolicyGroupMutation,
  type ControlPolicyGroup,
} from '@terrace/policies/data-access';
import { useApiClient } from '@terrace/session';
import { useState, type ReactNode } from 'react';
import { FormProvider } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import {
  emptyPolicyGroupForm,
  formToPolicyGroupInput,
  policyGroupFieldMessages,
  policyGroupFormSchema,
  policyGroupToForm,
  policyGroupWizardSteps,
  type PolicyGroupFormOutput,
  type PolicyGroupFormValues,
  type PolicyGroupWizardStep,
} from './policy-group-form';
import { PolicyGroupPoliciesStep } from './policy-group-policies-step';

/** /createControlPolicyGroupWizard */
export function CreatePolicyGroupWizardPage() {
  const { t } = useLingui();
  const create = useCreateControlPolicyGroupMutation();
  const navigate = useNavigate();
  return (
    <PolicyGroupWizard
      title={t`Create policy group`}
      submitLabel={t`Create group`}
      initial={emptyPolicyGroupForm()}
      onSubmit={async (values) => {
        const created = await create.mutateAsync(formToPolicyGroupInput(values));
        toast.success(t`Policy group ${created.name} created.`);
        void navigate(policyPaths.group(created.id));
      }}
      onCancel={() => void navigate(policyPaths.list('groups'))}
    />
  );
}

/** /editControlPolicyGroupWizard/:controlPolicyGroupId */
export function EditPolicyGroupWizardPage() {
  const { t } = useLingui();
  const { controlPolicyGroupId = '' } = useParams();
  const client = useApiClient();
  const group = useQuery(policiesQueries.group(client, controlPolicyGroupId));
  if (group.isPending) {
    return (
      <Stack gap={6} className="p-6" aria-busy="true">
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-96 w-full" />
      </Stack>
    );
  }
  if (group.isError) {
    return (
      <Stack gap={6} className="p-6">
        <PageHeader title={t`Edit policy group`} />
        <ErrorState error={group.error} onRetry={() => void group.refetch()} retrying={group.isFetching} />
      </Stack>
    );
  }
  if (group.data.isManaged) {
    return (
      <Stack gap={6} className="p-6">
        <PageHeader title={t`Edit policy group`} />
        <p>{t`${group.data.name} is a managed group: it cannot be changed, only applied.`}</p>
        <Link className="text-primary-subtle-foreground hover:underline" to={policyPaths.group(group.data.id)}>{t`Back to the group`}</Link>
      </Stack>
    );
  }
  return <EditPolicyGroupWizard group={group.data} />;
}

function EditPolicyGroupWizard({ group }: { group: ControlPolicyGroup }) {
  const { t } = useLingui();
  const update = useUpdateControlPolicyGroupMutation();
  const navigate = useNavigate();
  return (
    <PolicyGroupWizard
      title={t`Edit policy group ${group.name}`}
      submitLabel={t`Save group`}
      initial={policyGroupToForm(group)}
      group={group}
      onSubmit={async (values) => {
        const input = formToPolicyGroupInput(values);
        const updated = await update.mutateAsync({ controlPolicyGroupId: group.id, input: { ...input, description: input.description ?? null } });
        toast.success(t`Policy group ${updated.name} saved.`);
        void navigate(policyPaths.group(updated.id));
      }}
      onCancel={() => void navigate(policyPaths.group(group.id))}
    />
  );
}

interface PolicyGroupWizardProps {
  title: string;
  submitLabel: string;
  initial: PolicyGroupFormValues;
  group?: ControlPolicyGroup;
  onSubmit: (values: PolicyGroupFormOutput) => Promise<void>;
  onCancel: () => void;
}

function PolicyGroupWizard({ title, submitLabel, initial, group, onSubmit, onCancel }: PolicyGroupWizardProps) {
  const { t } = useLingui();
  const form = useContractForm({ schema: policyGroupFormSchema, defaultValues: initial, messages: policyGroupFieldMessages });
  const [step, setStep] = useState<PolicyGroupWizardStep>('general');
  const content: Record<PolicyGroupWizardStep, { title: string; content: ReactNode }> = {
    general: {
      title: t`Name`,
      content: (
        <Stack gap={4} className="max-w-xl">
          <ControlledField<PolicyGroupFormValues, 'name'> name="name" label={t`Name`} required>
            {(field) => <Input {...field} />}
          </ControlledField>
          <ControlledField<PolicyGroupFormValues, 'description'> name="description" label={t`Description`}>
            {(field) => <Textarea rows={3} {...field} />}
          </ControlledField>
        </Stack>
      ),
    },
    policies: { title: t`Policies`, content: <PolicyGroupPoliciesStep /> },
  };
  const steps = useFormWizardSteps(
    form,
    policyGroupWizardSteps.map((s) => ({ ...s, ...content[s.id] })),
  );
  const finish = () =>
    submitFormWizard(form, policyGroupWizardSteps, { onSubmit, serverFields: { 'entity.controlPolicies': 'controlPolicies' }, goTo: setStep });
  return (
    <Stack gap={6} className="p-6">
      <PageHeader
        title={title}
        breadcrumbs={
          <Breadcrumbs>
            <BreadcrumbItem>
              <BreadcrumbLink asChild>
                <Link to={policyPaths.list('groups')}>{t`Policy groups`}</Link>
              </BreadcrumbLink>
            </BreadcrumbItem>
            {group && (
              <BreadcrumbItem>
                <BreadcrumbLink asChild>
                  <Link to={policyPaths.group(group.id)}>{group.name}</Link>
                </BreadcrumbLink>
              </BreadcrumbItem>
            )}
            <BreadcrumbItem>
              <BreadcrumbPage>{group ? t`Edit` : t`Create`}</BreadcrumbPage>
            </BreadcrumbItem>
          </Breadcrumbs>
        }
      />
      <FormProvider {...form}>
        <Wizard
          orientation="vertical"
          steps={steps}
          step={Math.max(0, policyGroupWizardSteps.findIndex((s) => s.id === step))}
          onStepChange={(index) => {
            const next = policyGroupWizardSteps[index];
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
