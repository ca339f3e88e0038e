import type { RunStatus } from '@terrace/domain';

/** Step statuses of spec automation §4. */
// TODO(domain): switch to `stepStatuses` / `StepStatus` from @terrace/domain once the `domain`
// branch lands on main.
export const stepStatusList = [
  'notStarted',
  'inProgress',
  'succeeded',
  'error',
  'failed',
  'skipped',
  'waitingForFailedControlPoliciesApproval',
  'waitingForErrorControlPoliciesApproval',
  'waitingForApproval',
  'approvalTimeout',
  'issuesFound',
  'successWithWarning',
] as const;
export type StepStatusValue = (typeof stepStatusList)[number];

/** Any status a StatusBadge can show: run and step statuses, plus 'finishedError' of step results. */
export type AnyStatus = RunStatus | StepStatusValue | 'finishedError';

export type StatusClass = 'errored' | 'successful' | 'canceled' | 'inProgress' | 'waiting';

// TODO(domain): replace these three sets with `isErroredStatus`, `isSuccessfulStatus` and
// `isCanceledStatus` from @terrace/domain once the `domain` branch lands on main. They follow
// spec automation §4 "Classification" word for word.
const errored = new Set<AnyStatus>([
  'error',
  'failed',
  'finishedError',
  'applyFailure',
  'approvalTimeout',
  'waitingForFailedControlPoliciesApproval',
  'waitingForErrorControlPoliciesApproval',
  'issuesFound',
]);
const successful = new Set<AnyStatus>(['succeeded', 'skipped', 'successWithWarning']);
const canceled = new Set<AnyStatus>(['canceled', 'cancelling']);

// The spec classifies only the three sets above. The rest are split here for colour alone: runs
// waiting on a person or a queue are amber, runs doing work are blue, and the terminal leftovers
// (cancelled by something else, finished without a verdict) are grey like canceled.
const waiting = new Set<AnyStatus>(['notStarted', 'queued', 'waitingForApproval']);
const terminalNeutral = new Set<AnyStatus>([
  'canceledByDependency',
  'canceledByFailedStackInitialization',
  'finished',
]);

export function classifyStatus(status: AnyStatus): StatusClass {
  if (errored.has(status)) return 'errored';
  if (successful.has(status)) return 'successful';
  if (canceled.has(status) || terminalNeutral.has(status)) return 'canceled';
  if (waiting.has(status)) return 'waiting';
  return 'inProgress';
}
