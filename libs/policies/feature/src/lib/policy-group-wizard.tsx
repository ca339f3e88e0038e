import { useLingui } from '@lingui/react/macro';
import { ControlledField, FormWizardPage, Input, lazySchema, Skeleton, Stack, Textarea, useContractForm, useOnFirstInput } from '@terrace/design-system';
import { policyPaths, type ControlPolicyGroup } from '@terrace/policies/data-access';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { policyGroupFieldMessages, policyGroupWizardSteps, type PolicyGroupFormOutput, type PolicyGroupFormValues } from './policy-group-form';

// The form's checks (zod and the schema) load at the user's first press or key, as the form needs
// them only for Next and the submit.
const policyGroupFormSchema = lazySchema(() => import('./policy-group-form.schema').then((m) => m.policyGroupFormSchema));

// The policies step brings checkboxes and selects that the first step does not show: it loads once
// the user starts on the form (a press or a key anywhere), well before Next reaches it.
const loadPoliciesStep = () => import('./policy-group-policies-step').then((m) => ({ default: m.PolicyGroupPoliciesStep }));
const PolicyGroupPoliciesStep = lazy(loadPoliciesStep);

export interface PolicyGroupWizardProps {
  title: string;
  submitLabel: string;
  initial: PolicyGroupFormValues;
  group?: ControlPolicyGroup;
  onSubmit: (values: PolicyGroupFormOutput) => Promise<void>;
  onCancel: () => void;
}

/** The create and edit wizards of a policy group (policy-group-wizard-page.tsx, edit-policy-group-wizard-page.tsx). */
export function PolicyGroupWizard({ title, submitLabel, initial, group, onSubmit, onCancel }: PolicyGroupWizardProps) {
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
