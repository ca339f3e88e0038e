import { msg } from '@lingui/core/macro';
import { zControlPolicyGroupInput, zSeverity } from '@terrace/api-client/schemas';
import { domainRule, trimmed, type FieldMessages } from '@terrace/design-system';
import type { ControlPolicyGroup, ControlPolicyGroupInput } from '@terrace/policies/data-access';
import { z } from 'zod/mini';

const wire = zControlPolicyGroupInput.shape;

export const groupMessages = {
  atLeastOnePolicy: msg`Choose at least one policy.`,
};

export const policyGroupFormSchema = z.object({
  name: trimmed(wire.name),
  description: trimmed(),
  // Policies are picked from the list the server gave: their ids need no pattern check.
  controlPolicies: z
    .array(z.object({ controlPolicyId: z.string(), severity: zSeverity }))
    .check(domainRule((policies: { controlPolicyId: string }[]) => (policies.length === 0 ? groupMessages.atLeastOnePolicy : undefined))),
});

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
