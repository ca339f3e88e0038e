import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import {
  ControlledField,
  FormWizardEntity,
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
import {
  policiesQueries,
  policyPaths,
  useCreateControlPolicyGroupMutation,
  useUpdateControlPolicyGroupMutation,
  type ControlPolicyGroup,
} from '@terrace/policies/data-access';
import { useApiClient } from '@terrace/session';
import { lazy, Suspense } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  emptyPolicyGroupForm,
  formToPolicyGroupInput,
  policyGroupFieldMessages,
  policyGroupToForm,
  policyGroupWizardSteps,
  type PolicyGroupFormOutput,
  type PolicyGroupFormValues,
} from './policy-group-form';
import { ManagedWizardNotice } from './managed-wizard-notice';

// The form's checks (zod and the schema) load at the user's first press or key, as the form needs
// them only for Next and the submit.
const policyGroupFormSchema = lazySchema(() => import('./policy-group-form.schema').then((m) => m.policyGroupFormSchema));

// The policies step brings checkboxes and selects that the first step does not show: it loads once
// the user starts on the form (a press or a key anywhere), well before Next reaches it.
const loadPoliciesStep = () => import('./policy-group-policies-step').then((m) => ({ default: m.PolicyGroupPoliciesStep }));
const PolicyGroupPoliciesStep = lazy(loadPoliciesStep);

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
  return (
    <FormWizardEntity query={group} title={t`Edit policy group`}>
      {(data) =>
        data.isManaged ? (
          <ManagedWizardNotice
            title={t`Edit policy group`}
            message={t`${data.name} is a managed group: it cannot be changed, only applied.`}
            back={{ to: policyPaths.group(data.id), label: t`Back to the group` }}
          />
        ) : (
          <EditPolicyGroupWizard group={data} />
        )
      }
    </FormWizardEntity>
  );
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
  useOnFirstInput(loadPoliciesStep);
  return (
    <FormWizardPage
      title={title}
      trail={[
        <Link key="list" to={policyPaths.list('groups')}>{t`Policy groups`}</Link>,
        group && <Link key="group" to={policyPaths.group(group.id)}>{group.name}</Link>,
      ]}
      current={group ? t`Edit` : t`Create`}
      form={form}
      steps={policyGroupWizardSteps}
      content={{
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
        policies: {
          title: t`Policies`,
          // The fallback shows only when Next comes before the step's download ends.
          content: (
            <Suspense fallback={<Skeleton className="h-48 w-full max-w-3xl" />}>
              <PolicyGroupPoliciesStep />
            </Suspense>
          ),
        },
      }}
      serverFields={{ 'entity.controlPolicies': 'controlPolicies' }}
      submitLabel={submitLabel}
      onSubmit={onSubmit}
      onCancel={onCancel}
    />
  );
}
