import { describe, expect, it } from 'vitest';
import { renderMessage } from './message';
import {
  controlPolicySeverityScore,
  highestSeverityByPolicy,
  policyCheckLabel,
  resolvePolicyCheckStatus,
  severityColors,
  severityFromGroupSeverity,
  sortPolicyResultsBySeverity,
  type EnforcementLevel,
  type GroupSeverity,
  type PolicyCheckStatus,
  type PolicyResultRow,
  type Severity,
} from './policy-severity';

describe('controlPolicySeverityScore', () => {
  it.each<[PolicyCheckStatus, EnforcementLevel, number]>([
    ['failed', 'hardMandatory', 9],
    ['error', 'hardMandatory', 8],
    ['failed', 'softMandatory', 7],
    ['error', 'softMandatory', 6],
    ['failed', 'warning', 5],
    ['error', 'warning', 4],
    ['passed', 'hardMandatory', 3],
    ['passed', 'softMandatory', 2],
    ['passed', 'warning', 1],
  ])('%s %s → %i', (status, level, score) => {
    expect(controlPolicySeverityScore(status, level)).toBe(score);
  });
});

describe('resolvePolicyCheckStatus', () => {
  it.each<[PolicyResultRow['status'], boolean | undefined, PolicyCheckStatus]>([
    ['error', true, 'error'],
    ['failed', true, 'failed'],
    ['passed', false, 'passed'],
    [undefined, true, 'passed'],
    [undefined, false, 'failed'],
    [null, true, 'passed'],
    [undefined, undefined, 'failed'],
  ])('status %s, hasPolicyChecksPassed %s → %s', (status, hasPolicyChecksPassed, expected) => {
    expect(resolvePolicyCheckStatus({ status, hasPolicyChecksPassed })).toBe(expected);
  });
});

describe('policyCheckLabel', () => {
  it.each<[PolicyCheckStatus, string]>([
    ['passed', 'Passed'],
    ['failed', 'Failed'],
    ['error', 'Unable to Check'],
  ])('%s → %s', (status, text) => {
    expect(renderMessage(policyCheckLabel(status))).toBe(text);
  });
});

describe('severities', () => {
  it.each<[GroupSeverity, Severity, string]>([
    ['low', 'minor', 'yellow'],
    ['medium', 'moderate', 'gold'],
    ['high', 'major', 'orange'],
    ['critical', 'critical', 'red'],
  ])('%s → %s (%s)', (group, severity, color) => {
    expect(severityFromGroupSeverity(group)).toBe(severity);
    expect(severityColors[severity]).toBe(color);
  });
});

describe('sortPolicyResultsBySeverity', () => {
  it('puts the worst first and keeps the order of equal rows', () => {
    const rows = [
      { name: 'a', status: 'passed', enforcementLevel: 'warning' },
      { name: 'b', hasPolicyChecksPassed: false, enforcementLevel: 'hardMandatory' },
      { name: 'c', status: 'error', enforcementLevel: 'softMandatory' },
      { name: 'd', hasPolicyChecksPassed: true, enforcementLevel: 'warning' },
      { name: 'e', status: 'failed', enforcementLevel: 'hardMandatory' },
    ] satisfies (PolicyResultRow & { name: string })[];
    expect(sortPolicyResultsBySeverity(rows).map((r) => r.name)).toEqual(['b', 'e', 'c', 'a', 'd']);
    expect(rows[0]?.name).toBe('a');
  });
});

describe('highestSeverityByPolicy', () => {
  it('keeps, per policy, the highest severity of the groups that hold it', () => {
    const result = highestSeverityByPolicy([
      { controlPolicies: [{ controlPolicyId: 'pol-a', severity: 'medium' }, { controlPolicyId: 'pol-b', severity: 'critical' }] },
      { controlPolicies: [{ controlPolicyId: 'pol-a', severity: 'high' }, { controlPolicyId: 'pol-b', severity: 'low' }] },
    ]);
    expect(Object.fromEntries(result)).toEqual({ 'pol-a': 'high', 'pol-b': 'critical' });
  });
});
