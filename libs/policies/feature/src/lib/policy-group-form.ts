import { msg } from '@lingui/core/macro';
import type { FieldMessages } from '@terrace/design-system';
import type { ControlPolicyGroup, ControlPolicyGroupInput } from '@terrace/policies/data-access';
import type { z } from 'zod/mini';
import type { policyGroupFormSchema } from './policy-group-form.schema';

// The form's values and what goes on the wire; its checks (zod) are in policy-group-form.schema.ts.

export type PolicyGroupFormValues = z.input<typeof policyGroupFormSchema>;
export type PolicyGroupFormOutput = z.output<typeof policyGroupFormSchema>;

export const policyGroupFieldMessages: FieldMessages = {
  name: { required: msg`Enter a name for the group.` },
};

export const policyGroupWizardSteps = [
  { id: 'general', fields: ['name', 'description'] },
  { id: 'policies', fields: ['controlPolicies'] },
] as const;
export type PolicyGroupWizardStep = (typeof policyGroupWizardSteps)[number]['id'];

export function emptyPolicyGroupForm(): PolicyGroupFormValues {
  return { name: '', description: '', controlPolicies: [] };
}

export function policyGroupToForm(group: ControlPolicyGroup): PolicyGroupFormValues {
  return { name: group.name, description: group.description ?? '', controlPolicies: group.controlPolicies.map((p) => ({ ...p })) };
}

export function formToPolicyGroupInput(values: PolicyGroupFormOutput): ControlPolicyGroupInput {
  return { name: values.name, ...(values.description ? { description: values.description } : {}), controlPolicies: values.controlPolicies };
}
