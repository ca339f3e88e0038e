import {
  zApprovalOverrideBehavior,
  zApprovalRuleType,
  zDeploymentApprovalRule,
  zIacConfig,
  zNamespaceCreateInput,
  zNamespaceRunnerConfig,
} from '@terrace/api-client/schemas';
import { domainRule, trimmed, unwrapOptional } from '@terrace/design-system';
import { validateApprovalTeams, validateDefaultIacVersion, validateRunnerGroups } from '@terrace/domain';
import { z } from 'zod/mini';

// The namespace wizard's checks, in a module of their own: the wizard loads them (and zod) at the
// user's first press or key (namespace-form.ts, lazySchema).
// Every limit below comes from the contract's generated schemas; the form adds only what the wire
// does not say: text is trimmed, an empty text means "not set", and the domain's rules.
const wire = zNamespaceCreateInput.shape;
const iacVersion = trimmed(unwrapOptional(zIacConfig.shape.terraformVersion)).check(domainRule(validateDefaultIacVersion));
const capability = z.object({ enabled: z.boolean(), isOverridable: z.boolean() });

export const namespaceFormSchema = z.object({
  name: trimmed(wire.name),
  description: trimmed(unwrapOptional(wire.description)),
  iacConfig: z.object({ terraformVersion: iacVersion, terragruntVersion: iacVersion, opentofuVersion: iacVersion }),
  runnerConfig: z
    .object({
      mode: zNamespaceRunnerConfig.shape.mode,
      groups: unwrapOptional(zNamespaceRunnerConfig.shape.groups),
      isOverridable: z.boolean(),
    })
    .check(domainRule((runner) => validateRunnerGroups(runner.mode, runner.groups), { path: ['groups'] })),
  approval: z
    .object({
      ruleType: zApprovalRuleType,
      teams: unwrapOptional(unwrapOptional(zDeploymentApprovalRule.shape.parameters).shape.teams),
      overrideBehavior: zApprovalOverrideBehavior,
    })
    .check(domainRule((approval) => validateApprovalTeams(approval.ruleType, approval.teams), { path: ['teams'] })),
  capabilities: z.object({ deployOnPush: capability, planOnPr: capability, driftDetection: capability }),
});
