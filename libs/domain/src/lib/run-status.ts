export const runStatuses = [
  'notStarted',
  'queued',
  'inProgress',
  'waitingForApproval',
  'approved',
  'approvalTimeout',
  'succeeded',
  'failed',
  'error',
  'applyFailure',
  'skipped',
  'canceled',
  'cancelling',
  'finished',
  'canceledByDependency',
  'canceledByFailedStackInitialization',
  'waitingForFailedControlPoliciesApproval',
  'waitingForErrorControlPoliciesApproval',
  'approvedFailedControlPolicies',
] as const;
export type RunStatus = (typeof runStatuses)[number];

export const stepStatuses = [
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
export type StepStatus = (typeof stepStatuses)[number];

/** Classification works on run and step statuses alike; 'finishedError' is only seen in step results. */
export type AnyRunStatus = RunStatus | StepStatus | 'finishedError';

export const runKinds = ['deployment', 'plan', 'destroy', 'task', 'external_run'] as const;
export type RunKind = (typeof runKinds)[number];

export const taskTypes = [
  'releaseStateLock',
  'taintResources',
  'untaintResources',
  'removeResources',
  'importResources',
  'refreshState',
] as const;
export type TaskType = (typeof taskTypes)[number];
export const refreshStateModes = ['Plan', 'Apply'] as const;
export type RefreshStateMode = (typeof refreshStateModes)[number];

export const approvalRuleTypes = [
  'requireApproval',
  'requireTwoApprovals',
  'requireTeamsApproval',
  'autoApprove',
] as const;
export type ApprovalRuleType = (typeof approvalRuleTypes)[number];

const erroredStatuses: ReadonlySet<AnyRunStatus> = new Set<AnyRunStatus>([
  'error',
  'failed',
  'finishedError',
  'applyFailure',
  'approvalTimeout',
  'waitingForFailedControlPoliciesApproval',
  'waitingForErrorControlPoliciesApproval',
  'issuesFound',
]);
const successfulStatuses: ReadonlySet<AnyRunStatus> = new Set<AnyRunStatus>([
  'succeeded',
  'skipped',
  'successWithWarning',
]);
const canceledStatuses: ReadonlySet<AnyRunStatus> = new Set<AnyRunStatus>([
  'canceled',
  'cancelling',
]);

/**
 * Statuses in which a run may still change. A run waiting for a control-policy override is both
 * errored and active: someone can still approve it.
 */
const activeRunStatuses: ReadonlySet<RunStatus> = new Set<RunStatus>([
  'notStarted',
  'queued',
  'inProgress',
  'waitingForApproval',
  'approved',
  'cancelling',
  'waitingForFailedControlPoliciesApproval',
  'waitingForErrorControlPoliciesApproval',
  'approvedFailedControlPolicies',
]);

export function isErroredStatus(status: AnyRunStatus): boolean {
  return erroredStatuses.has(status);
}

export function isSuccessfulStatus(status: AnyRunStatus): boolean {
  return successfulStatuses.has(status);
}

export function isCanceledStatus(status: AnyRunStatus): boolean {
  return canceledStatuses.has(status);
}

export function isRunActive(status: RunStatus): boolean {
  return activeRunStatuses.has(status);
}

/** The specification defines finished as "not active", so the two can never disagree. */
export function isRunFinished(status: RunStatus): boolean {
  return !isRunActive(status);
}

export function isRunStatus(value: string): value is RunStatus {
  return (runStatuses as readonly string[]).includes(value);
}
