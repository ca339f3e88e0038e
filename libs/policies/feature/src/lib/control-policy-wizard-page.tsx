import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { FormWizardEntity, FormWizardPage, toast, useContractForm } from '@terrace/design-system';
import {
  policiesQueries,
  policyPaths,
  useCreateControlPolicyMutation,
  useUpdateControlPolicyMutation,
  type ControlPolicy,
} from '@terrace/policies/data-access';
import { useApiClient } from '@terrace/session';
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
} from './control-policy-form';
import { ControlPolicyGeneralStep } from './control-policy-general-step';
import { ControlPolicyRulesStep } from './control-policy-rules-step';
import { ManagedWizardNotice } from './managed-wizard-notice';

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
  return (
    <FormWizardPage
      title={title}
      trail={[<Link key="list" to={policyPaths.list()}>{t`Control policies`}</Link>]}
      current={policy ? policy.name : t`Create`}
      form={form}
      steps={controlPolicyWizardSteps}
      content={{
        general: { title: t`Policy type`, content: <ControlPolicyGeneralStep typeLocked={policy !== undefined} /> },
        rules: { title: t`Rules`, content: <ControlPolicyRulesStep /> },
      }}
      serverFields={controlPolicyServerFields}
      submitLabel={submitLabel}
      onSubmit={onSubmit}
      onCancel={onCancel}
    />
  );
}
