import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { FormWizardEntity, toast } from '@terrace/design-system';
import { policiesQueries, policyPaths, useUpdateControlPolicyGroupMutation, type ControlPolicyGroup } from '@terrace/policies/data-access';
import { useApiClient } from '@terrace/session';
import { useNavigate, useParams } from 'react-router';
import { formToPolicyGroupInput, policyGroupToForm } from './policy-group-form';
import { PolicyGroupWizard } from './policy-group-wizard';
import { ManagedWizardNotice } from './managed-wizard-notice';

// A page of its own, apart from the create wizard's (policy-group-wizard-page.tsx): the create
// page loads neither the group's query, the update nor the managed group's notice.

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
