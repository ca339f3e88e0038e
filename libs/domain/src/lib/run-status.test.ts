import { describe, expect, it } from 'vitest';
import {
  approvalRuleTypes,
  isCanceledStatus,
  isErroredStatus,
  isRunActive,
  isRunFinished,
  isRunStatus,
  isSuccessfulStatus,
  runKinds,
  runStatuses,
  stepStatuses,
  taskTypes,
  type AnyRunStatus,
  type RunStatus,
} from './run-status';

describe('catalogues', () => {
  it.each([
    ['run statuses', runStatuses, 19],
    ['step statuses', stepStatuses, 12],
    ['run kinds', runKinds, 5],
    ['task types', taskTypes, 6],
    ['approval rule types', approvalRuleTypes, 4],
  ] as const)('%s lists each value once (%#)', (_name, list, size) => {
    expect(list).toHaveLength(size);
    expect(new Set(list).size).toBe(size);
  });
});

describe('status classification', () => {
  it.each<[AnyRunStatus, 'errored' | 'successful' | 'canceled' | 'none']>([
    ['error', 'errored'],
    ['failed', 'errored'],
    ['finishedError', 'errored'],
    ['applyFailure', 'errored'],
    ['approvalTimeout', 'errored'],
    ['waitingForFailedControlPoliciesApproval', 'errored'],
    ['waitingForErrorControlPoliciesApproval', 'errored'],
    ['issuesFound', 'errored'],
    ['succeeded', 'successful'],
    ['skipped', 'successful'],
    ['successWithWarning', 'successful'],
    ['canceled', 'canceled'],
    ['cancelling', 'canceled'],
    ['canceledByDependency', 'none'],
    ['inProgress', 'none'],
    ['queued', 'none'],
    ['finished', 'none'],
    ['approvedFailedControlPolicies', 'none'],
  ])('%s is %s', (status, expected) => {
    expect(isErroredStatus(status)).toBe(expected === 'errored');
    expect(isSuccessfulStatus(status)).toBe(expected === 'successful');
    expect(isCanceledStatus(status)).toBe(expected === 'canceled');
  });
});

describe('isRunActive / isRunFinished', () => {
  it.each<[RunStatus, boolean]>([
    ['notStarted', true],
    ['queued', true],
    ['inProgress', true],
    ['waitingForApproval', true],
    ['approved', true],
    ['cancelling', true],
    ['waitingForFailedControlPoliciesApproval', true],
    ['waitingForErrorControlPoliciesApproval', true],
    ['approvedFailedControlPolicies', true],
    ['approvalTimeout', false],
    ['succeeded', false],
    ['failed', false],
    ['error', false],
    ['applyFailure', false],
    ['skipped', false],
    ['canceled', false],
    ['finished', false],
    ['canceledByDependency', false],
    ['canceledByFailedStackInitialization', false],
  ])('%s active: %s', (status, active) => {
    expect(isRunActive(status)).toBe(active);
    expect(isRunFinished(status)).toBe(!active);
  });

  it('covers every run status in the table above', () => {
    expect(runStatuses.filter((s) => isRunActive(s))).toHaveLength(9);
  });
});

describe('isRunStatus', () => {
  it.each([
    ['succeeded', true],
    ['waitingForFailedControlPoliciesApproval', true],
    ['success', false],
    ['issuesFound', false],
    ['', false],
  ])('%s → %s', (value, expected) => {
    expect(isRunStatus(value)).toBe(expected);
  });
});
