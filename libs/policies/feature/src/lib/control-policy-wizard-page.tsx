import { useLingui } from '@lingui/react/macro';
import { toast } from '@terrace/design-system';
import { policyPaths, useCreateControlPolicyMutation } from '@terrace/policies/data-access';
import { useNavigate } from 'react-router';
import { emptyControlPolicyForm, formToControlPolicyInput } from './control-policy-form';
import { ControlPolicyWizard } from './control-policy-wizard';

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
