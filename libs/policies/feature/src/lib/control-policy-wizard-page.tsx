import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { FormWizardEntity, FormWizardPage, lazySchema, Skeleton, toast, useContractForm, useOnFirstInput } from '@terrace/design-system';
import {
  policiesQueries,
  policyPaths,
  useCreateControlPolicyMutation,
  useUpdateControlPolicyMutation,
  type ControlPolicy,
} from '@terrace/policies/data-access';
import { useApiClient } from '@terrace/session';
import { lazy, Suspense } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  controlPolicyFieldMessages,
  controlPolicyServerFields,
  controlPolicyToForm,
  controlPolicyWizardSteps,
  emptyControlPolicyForm,
  formToControlPolicyInput,
  type ControlPolicyFormOutput,
  type ControlPolicyFormValues,
} from './control-policy-form';
import { ControlPolicyGeneralStep } from './control-policy-general-step';
import { ManagedWizardNotice } from './managed-wizard-notice';

// The form's checks (zod and the schema) load at the user's first press or key, as the form needs
// them only for Next and the submit.
const controlPolicyFormSchema = lazySchema(() => import('./control-policy-form.schema').then((m) => m.controlPolicyFormSchema));

// The rules step brings a switch, radio choices and selects that the first step does not show: it
// loads once the user starts on the form (a press or a key anywhere), well before Next reaches it.
const loadRulesStep = () => import('./control-policy-rules-step').then((m) => ({ default: m.ControlPolicyRulesStep }));
const ControlPolicyRulesStep = lazy(loadRulesStep);

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
  useOnFirstInput(loadRulesStep);
  return (
    <FormWizardPage
      title={title}
      trail={[<Link key="list" to={policyPaths.list()}>{t`Control policies`}</Link>]}
      current={policy ? policy.name : t`Create`}
      form={form}
      steps={controlPolicyWizardSteps}
      content={{
        general: { title: t`Policy type`, content: <ControlPolicyGeneralStep typeLocked={policy !== undefined} /> },
        rules: {
          title: t`Rules`,
          // The fallback shows only when Next comes before the step's download ends.
          content: (
            <Suspense fallback={<Skeleton className="h-40 w-full max-w-3xl" />}>
              <ControlPolicyRulesStep />
            </Suspense>
          ),
        },
      }}
      serverFields={controlPolicyServerFields}
      submitLabel={submitLabel}
      onSubmit={onSubmit}
      onCancel={onCancel}
    />
  );
}
