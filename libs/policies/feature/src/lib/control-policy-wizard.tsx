import { useLingui } from '@lingui/react/macro';
import { FormWizardPage, lazySchema, Skeleton, useContractForm, useOnFirstInput } from '@terrace/design-system';
import { policyPaths, type ControlPolicy } from '@terrace/policies/data-access';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import {
  controlPolicyFieldMessages,
  controlPolicyServerFields,
  controlPolicyWizardSteps,
  type ControlPolicyFormOutput,
  type ControlPolicyFormValues,
} from './control-policy-form';
import { ControlPolicyGeneralStep } from './control-policy-general-step';

// The form's checks (zod and the schema) load at the user's first press or key, as the form needs
// them only for Next and the submit.
const controlPolicyFormSchema = lazySchema(() => import('./control-policy-form.schema').then((m) => m.controlPolicyFormSchema));

// The rules step brings a switch, radio choices and selects that the first step does not show: it
// loads once the user starts on the form (a press or a key anywhere), well before Next reaches it.
const loadRulesStep = () => import('./control-policy-rules-step').then((m) => ({ default: m.ControlPolicyRulesStep }));
const ControlPolicyRulesStep = lazy(loadRulesStep);

export interface ControlPolicyWizardProps {
  title: string;
  submitLabel: string;
  initial: ControlPolicyFormValues;
  policy?: ControlPolicy;
  onSubmit: (values: ControlPolicyFormOutput) => Promise<void>;
  onCancel: () => void;
}

/** The create and edit wizards of a control policy (control-policy-wizard-page.tsx, edit-control-policy-wizard-page.tsx). */
export function ControlPolicyWizard({ title, submitLabel, initial, policy, onSubmit, onCancel }: ControlPolicyWizardProps) {
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
