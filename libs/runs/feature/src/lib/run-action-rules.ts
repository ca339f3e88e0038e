import { allowedRunEvents, isRunStatus, type RunEvent } from '@terrace/domain';
import type { RunDetailKind, RunStatus } from '@terrace/runs/data-access';

export type RunAction = 'approve' | 'approveFailedPolicies' | 'cancel' | 'forceCancel' | 'forceStart';

// Each action is a user event of the run state machine the server applies (libs/domain run-state).
const eventOf: Record<RunAction, RunEvent> = {
  approve: 'approvalSatisfied',
  approveFailedPolicies: 'approveFailedPolicies',
  cancel: 'cancel',
  forceCancel: 'forceCancel',
  forceStart: 'forceStart',
};
// What the contract offers per kind: tasks have no force start, and only deployments a forced cancel.
const offered: Record<RunDetailKind, readonly RunAction[]> = {
  plan: ['forceStart', 'cancel'],
  deployment: ['approve', 'approveFailedPolicies', 'forceStart', 'cancel', 'forceCancel'],
  task: ['cancel'],
};

/**
 * What may be done to a run in its status: the actions the contract has for its kind whose event
 * the run state machine accepts now (approve a deployment waiting for approval, override failed
 * policies, force-start a waiting run, cancel, force the cancel of a deployment that is cancelling).
 */
export function availableRunActions(kind: RunDetailKind, status: RunStatus): RunAction[] {
  if (!isRunStatus(status)) return [];
  const events = allowedRunEvents(status, kind);
  return offered[kind].filter((action) => events.includes(eventOf[action]));
}
