import { controlPolicySeverityScore, sortPolicyResultsBySeverity, type EnforcementLevel, type GroupSeverity } from '@terrace/domain';
import type { PolicyCheck, PolicyDefinition, PolicyRunResult } from './types';

/** Where a policy or group is mapped (spec §3: organization, namespace, template, blueprint, stack). */
export type PolicyTargetType = 'organization' | 'namespace' | 'template' | 'blueprint' | 'stack';

export interface StackPlace {
  organizationId: string;
  stackId: string;
  namespaceId: string;
  templateId?: string | null | undefined;
  blueprintId?: string | null | undefined;
}

export interface PolicyMapping {
  controlPolicyId: string;
  targetType: PolicyTargetType;
  targetId: string;
  enforcementLevel: EnforcementLevel;
}

export interface GroupMapping {
  targetType: PolicyTargetType;
  targetId: string;
  enforcementLevel?: EnforcementLevel | null | undefined;
  bySeverity?: Partial<Record<GroupSeverity, EnforcementLevel>> | null | undefined;
  overrideEnforcements?: { controlPolicyId: string; enforcementLevel: EnforcementLevel; stackIds?: string[] | undefined }[] | null | undefined;
  group: { controlPolicies: { controlPolicyId: string; severity: GroupSeverity }[] };
}

const strictness: Record<EnforcementLevel, number> = { warning: 0, softMandatory: 1, hardMandatory: 2 };
export const stricter = (a: EnforcementLevel, b: EnforcementLevel): EnforcementLevel => (strictness[b] > strictness[a] ? b : a);

/** Whether a mapping's target is this stack or one of the places it sits in. */
export function appliesTo(place: StackPlace, target: { targetType: PolicyTargetType; targetId: string }): boolean {
  switch (target.targetType) {
    case 'organization':
      return target.targetId === place.organizationId;
    case 'namespace':
      return target.targetId === place.namespaceId;
    case 'template':
      return Boolean(place.templateId) && target.targetId === place.templateId;
    case 'blueprint':
      return Boolean(place.blueprintId) && target.targetId === place.blueprintId;
    case 'stack':
      return target.targetId === place.stackId;
  }
}

/** The level a group mapping gives one of its policies on this stack (an override for the stack wins). */
export function groupLevel(mapping: GroupMapping, policy: { controlPolicyId: string; severity: GroupSeverity }, stackId: string): EnforcementLevel {
  const override = (mapping.overrideEnforcements ?? []).find(
    (o) => o.controlPolicyId === policy.controlPolicyId && (!o.stackIds || o.stackIds.length === 0 || o.stackIds.includes(stackId)),
  );
  if (override) return override.enforcementLevel;
  return mapping.bySeverity?.[policy.severity] ?? mapping.enforcementLevel ?? 'warning';
}

/**
 * The policies in force on a stack and the level of each: every mapping of the policy itself or of
 * a group holding it, to the organization, the stack's namespace, template, blueprint or the stack;
 * when several reach the same policy, the strictest level wins.
 */
export function effectivePolicies(place: StackPlace, policyMappings: PolicyMapping[], groupMappings: GroupMapping[]): Map<string, EnforcementLevel> {
  const levels = new Map<string, EnforcementLevel>();
  const add = (id: string, level: EnforcementLevel) => levels.set(id, levels.has(id) ? stricter(levels.get(id) as EnforcementLevel, level) : level);
  for (const m of policyMappings) if (appliesTo(place, m)) add(m.controlPolicyId, m.enforcementLevel);
  for (const m of groupMappings) {
    if (!appliesTo(place, m)) continue;
    for (const p of m.group.controlPolicies) add(p.controlPolicyId, groupLevel(m, p, place.stackId));
  }
  return levels;
}

/** One policy's check as the run records it (with the severity score of spec §4). */
export function runResultOf(policy: PolicyDefinition, enforcementLevel: EnforcementLevel, check: PolicyCheck): PolicyRunResult {
  return {
    controlPolicyId: policy.id,
    policyName: policy.name,
    policyType: policy.type,
    enforcementLevel,
    status: check.status,
    hasPolicyChecksPassed: check.status === 'passed',
    severityScore: controlPolicySeverityScore(check.status, enforcementLevel),
    failedResources: check.failedResources,
    ...(check.errorMessage ? { errorMessage: check.errorMessage } : {}),
    ...(check.result !== undefined ? { result: check.result } : {}),
  };
}

export type PoliciesOutcome = 'passed' | 'warning' | 'softFailed' | 'hardFailed' | 'error';

/**
 * What the results mean for the run (design §5.1): a hard-mandatory failure stops it, and so does a
 * hard-mandatory check that could not be made (safe side); a soft failure waits for
 * approveFailedPolicies, a soft check that could not be made waits too (the error variant);
 * warnings pass with the warning shown.
 */
export function outcomeOf(results: readonly Pick<PolicyRunResult, 'status' | 'enforcementLevel'>[]): PoliciesOutcome {
  const not = results.filter((r) => r.status !== 'passed');
  if (not.some((r) => r.enforcementLevel === 'hardMandatory')) return 'hardFailed';
  if (not.some((r) => r.enforcementLevel === 'softMandatory' && r.status === 'failed')) return 'softFailed';
  if (not.some((r) => r.enforcementLevel === 'softMandatory')) return 'error';
  if (not.length) return 'warning';
  return 'passed';
}

export { sortPolicyResultsBySeverity };
