import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { FormWizardEntity, toast } from '@terrace/design-system';
import { policiesQueries, policyPaths, useUpdateControlPolicyMutation, type ControlPolicy } from '@terrace/policies/data-access';
import { useApiClient } from '@terrace/session';
import { useNavigate, useParams } from 'react-router';
import { controlPolicyToForm, formToControlPolicyInput } from './control-policy-form';
import { ControlPolicyWizard } from './control-policy-wizard';
import { ManagedWizardNotice } from './managed-wizard-notice';

// A page of its own, apart from the create wizard's (control-policy-wizard-page.tsx): the create
// page loads neither the policy's query, the update nor the managed policy's notice.

/** /editControlPolicyWizard/:controlPolicyId */
export function EditControlPolicyWizardPage() {
  const { t } = useLingui();
  const { controlPolicyId = '' } = useParams();
  const client = useApiClient();
  const policy = useQuery(policiesQueries.detail(client, controlPolicyId));
  return (
    <FormWizardEntity query={policy} title={t`Edit control policy`}>
      {(data) =>
        data.isManaged ? (
          <ManagedWizardNotice
            title={t`Edit control policy`}
            message={t`${data.name} is a managed policy: it cannot be changed, only applied.`}
            back={{ to: policyPaths.list(), label: t`Back to control policies` }}
          />
        ) : (
          <EditControlPolicyWizard policy={data} />
        )
      }
    </FormWizardEntity>
  );
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
