import { msg } from '@lingui/core/macro';
import { zControlPolicyGroupInput, zSeverity } from '@terrace/api-client/schemas';
import { domainRule, trimmed } from '@terrace/design-system';
import { z } from 'zod/mini';

// The policy group wizard's checks, in a module of their own: the wizard loads them (and zod) at
// the user's first press or key (policy-group-wizard-page.tsx, lazySchema).
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
