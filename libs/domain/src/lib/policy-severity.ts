import type { Message } from './message';

export const enforcementLevels = ['warning', 'softMandatory', 'hardMandatory'] as const;
export type EnforcementLevel = (typeof enforcementLevels)[number];

export const severities = ['minor', 'moderate', 'major', 'critical'] as const;
export type Severity = (typeof severities)[number];

/** Colour tokens of the design system, not raw colours. */
export const severityColors: Record<Severity, 'yellow' | 'gold' | 'orange' | 'red'> = {
  minor: 'yellow',
  moderate: 'gold',
  major: 'orange',
  critical: 'red',
};

/** Policy groups store severity as low|medium|high|critical on the wire. */
export const groupSeverities = ['low', 'medium', 'high', 'critical'] as const;
export type GroupSeverity = (typeof groupSeverities)[number];

const severityByGroupSeverity: Record<GroupSeverity, Severity> = {
  low: 'minor',
  medium: 'moderate',
  high: 'major',
  critical: 'critical',
};

export function severityFromGroupSeverity(value: GroupSeverity): Severity {
  return severityByGroupSeverity[value];
}

/**
 * The highest severity any group gives each policy: what the policy list's severity column and
 * filter read (the server filters by it, the console shows it).
 */
export function highestSeverityByPolicy(
  groups: readonly { controlPolicies: readonly { controlPolicyId: string; severity: GroupSeverity }[] }[],
): Map<string, GroupSeverity> {
  const result = new Map<string, GroupSeverity>();
  for (const group of groups) {
    for (const entry of group.controlPolicies) {
      const current = result.get(entry.controlPolicyId);
      if (!current || groupSeverities.indexOf(entry.severity) > groupSeverities.indexOf(current)) result.set(entry.controlPolicyId, entry.severity);
    }
  }
  return result;
}

export const severityMessages = {
  minor: /*i18n*/ { id: 'severity.minor', message: 'Minor' },
  moderate: /*i18n*/ { id: 'severity.moderate', message: 'Moderate' },
  major: /*i18n*/ { id: 'severity.major', message: 'Major' },
  critical: /*i18n*/ { id: 'severity.critical', message: 'Critical' },
} as const satisfies Record<Severity, Message>;

export const policyCheckStatuses = ['passed', 'failed', 'error'] as const;
export type PolicyCheckStatus = (typeof policyCheckStatuses)[number];

export const policyCheckMessages = {
  passed: /*i18n*/ { id: 'policy.check.passed', message: 'Passed' },
  failed: /*i18n*/ { id: 'policy.check.failed', message: 'Failed' },
  error: /*i18n*/ { id: 'policy.check.error', message: 'Unable to Check' },
} as const satisfies Record<PolicyCheckStatus, Message>;

export function policyCheckLabel(status: PolicyCheckStatus): Message {
  return policyCheckMessages[status];
}

const scores: Record<PolicyCheckStatus, Record<EnforcementLevel, number>> = {
  failed: { hardMandatory: 9, softMandatory: 7, warning: 5 },
  error: { hardMandatory: 8, softMandatory: 6, warning: 4 },
  passed: { hardMandatory: 3, softMandatory: 2, warning: 1 },
};

/** Higher is worse; ranks policy results so blocking failures come first. */
export function controlPolicySeverityScore(
  status: PolicyCheckStatus,
  level: EnforcementLevel,
): number {
  return scores[status][level];
}

export interface PolicyResultRow {
  status?: PolicyCheckStatus | null;
  hasPolicyChecksPassed?: boolean;
  enforcementLevel: EnforcementLevel;
}

/** Older results carry no status, only the boolean. */
export function resolvePolicyCheckStatus(
  row: Pick<PolicyResultRow, 'status' | 'hasPolicyChecksPassed'>,
): PolicyCheckStatus {
  if (row.status) return row.status;
  return row.hasPolicyChecksPassed === true ? 'passed' : 'failed';
}

export function policyRowScore(row: PolicyResultRow): number {
  return controlPolicySeverityScore(resolvePolicyCheckStatus(row), row.enforcementLevel);
}

/** Worst first; rows of equal score keep their order (Array.prototype.sort is stable). */
export function sortPolicyResultsBySeverity<T extends PolicyResultRow>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => policyRowScore(b) - policyRowScore(a));
}
