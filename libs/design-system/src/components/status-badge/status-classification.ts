import { isCanceledStatus, isErroredStatus, isSuccessfulStatus, stepStatuses, type AnyRunStatus } from '@terrace/domain';

/** Any status a StatusBadge can show: run and step statuses, plus 'finishedError' of step results. */
export type AnyStatus = AnyRunStatus;

/** The step statuses, re-exported for stories and tests. */
export const stepStatusList = stepStatuses;

export type StatusClass = 'errored' | 'successful' | 'canceled' | 'inProgress' | 'waiting';

// The spec classifies only errored, successful and canceled. The rest are split here for colour alone: runs
// waiting on a person or a queue are amber, runs doing work are blue, and the terminal leftovers
// (cancelled by something else, finished without a verdict) are grey like canceled.
const waiting = new Set<AnyStatus>(['notStarted', 'queued', 'waitingForApproval']);
const terminalNeutral = new Set<AnyStatus>([
  'canceledByDependency',
  'canceledByFailedStackInitialization',
  'finished',
]);

export function classifyStatus(status: AnyStatus): StatusClass {
  // The spec's classification (spec automation §4) lives in @terrace/domain, shared with the API.
  if (isErroredStatus(status)) return 'errored';
  if (isSuccessfulStatus(status)) return 'successful';
  if (isCanceledStatus(status) || terminalNeutral.has(status)) return 'canceled';
  if (waiting.has(status)) return 'waiting';
  return 'inProgress';
}
