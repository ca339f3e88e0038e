import { useLingui } from '@lingui/react/macro';
import { toast } from '@terrace/design-system';
import { policyPaths, useCreateControlPolicyGroupMutation } from '@terrace/policies/data-access';
import { useNavigate } from 'react-router';
import { emptyPolicyGroupForm, formToPolicyGroupInput } from './policy-group-form';
import { PolicyGroupWizard } from './policy-group-wizard';

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
