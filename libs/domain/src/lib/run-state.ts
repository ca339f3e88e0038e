import { isRunActive, runStatuses, type RunKind, type RunStatus } from './run-status';

/**
 * The run state machine (design automation-core §5.1) as one pure transition table. The server's
 * `transitionRun` is the only writer of a run's status and consults `nextRunStatus` for every
 * change; a pair the table lacks is refused (409 with `invalidTransitionMessage`). Statuses are the
 * spec's (run-status.ts); active / finished is the classification of run-status.ts.
 */

/** The kinds of run the machine knows: the contract's, plus drift checks (plans that classify drift). */
export type RunStateKind = RunKind | 'drift';

/** Kinds that change infrastructure or state: they hold the stack's run mutex while active. */
export const mutatingRunKinds: readonly RunStateKind[] = ['deployment', 'destroy', 'task'];
export const isMutatingRunKind = (kind: RunStateKind): boolean => mutatingRunKinds.includes(kind);

/** Kinds that go through control policies and approval before their apply phase. */
const deploymentKinds: readonly RunStateKind[] = ['deployment', 'destroy'];

export type RunActor = 'user' | 'system' | 'runner' | 'sweeper';

export const runEvents = [
  /** The stack mutex was acquired (or is not needed: plans, drift): a job is queued. */
  'queue',
  /** A newer deployment of the same stack and branch superseded a waiting one. */
  'supersede',
  /** A user cancels. Waiting runs end at once; a run on a runner is signalled (cancelling). */
  'cancel',
  /** A user cancels again ≥10 s after cancel: the runner kills the process. */
  'forceCancel',
  /** A user rejects a deployment waiting for an approval. */
  'reject',
  /** A user moves a waiting run to the head of its stack's queue (priority 0). */
  'forceStart',
  /** The upstream run this one waits on ended failed or canceled. */
  'upstreamFailed',
  /** The stack's initialisation failed before this run could start. */
  'stackInitializationFailed',
  /** A runner claimed the run's queued job (plan, apply or task). */
  'claim',
  /** Plan phase ended without changes (any kind: a deployment with nothing to apply ends here too). */
  'planNoChanges',
  /** Plan phase ended with changes for a plan or drift check. */
  'planSucceeded',
  /** The plan phase (or the job around it) failed. */
  'planFailed',
  /** Control policies: a hard-mandatory policy failed. */
  'policiesHardFailed',
  /** Control policies: a soft-mandatory policy failed (someone may override). */
  'policiesSoftFailed',
  /** Control policies: a soft-mandatory policy could not be evaluated (someone may override). */
  'policiesErrored',
  /** Policies passed (or warnings only) and the approval rule is autoApprove: the apply job is queued. */
  'autoApprove',
  /** Policies passed and the approval rule asks for people: wait (with a deadline). */
  'requireApproval',
  /** A user with that permission overrides failed or unevaluable control policies. */
  'approveFailedPolicies',
  /** The approvals received satisfy the rule: the apply job is queued. */
  'approvalSatisfied',
  /** The approval deadline passed (sweeper). */
  'approvalExpired',
  /** Apply phase succeeded. */
  'applySucceeded',
  /** Apply phase failed (exit ≠ 0). */
  'applyFailed',
  /** Task phase succeeded / failed. */
  'taskSucceeded',
  'taskFailed',
  /** The runner reports the cancelled job ended. */
  'runnerCanceled',
  /** The job's lease expired (runner gone) or it failed before any step ran. */
  'jobLost',
  /**
   * A lost job that is safe to run again (a speculative plan's, or a plan or task job its runner
   * never started): queued again for another runner (bounded attempts, sweeper).
   */
  'jobRequeued',
  /**
   * A lost apply job its runner never started (claimed, no step reported): nothing was applied, so
   * the run is approved again and the apply job queued for another runner (bounded attempts, sweeper).
   */
  'applyRequeued',
  'jobErrored',
  /** The stack was deleted with the run still active. */
  'stackDeleted',
] as const;
export type RunEvent = (typeof runEvents)[number];

export interface RunTransition {
  from: readonly RunStatus[];
  event: RunEvent;
  /** The status after; `from` keeps the status (forceStart only changes the priority). */
  to: RunStatus | 'unchanged';
  /** Who may cause it. */
  actors: readonly RunActor[];
  /** Only for these kinds (every kind when absent). */
  kinds?: readonly RunStateKind[];
}

const activeStatuses = runStatuses.filter(isRunActive);
const waitingForPolicies: RunStatus[] = ['waitingForFailedControlPoliciesApproval', 'waitingForErrorControlPoliciesApproval'];
const waitingForPeople: RunStatus[] = ['waitingForApproval', ...waitingForPolicies];
const readyToApply: RunStatus[] = ['approved', 'approvedFailedControlPolicies'];
/** A runner holds the job; cancelling still lets the job's own ending through (it may finish first). */
const onRunner: RunStatus[] = ['inProgress', 'cancelling'];

/** The table of design §5.1. Every status change of a run is one row of it. */
export const runTransitions: readonly RunTransition[] = [
  { from: ['notStarted'], event: 'queue', to: 'queued', actors: ['system'] },
  { from: ['notStarted', 'queued'], event: 'supersede', to: 'skipped', actors: ['system'] },
  { from: ['notStarted', 'queued', ...readyToApply, ...waitingForPeople], event: 'cancel', to: 'canceled', actors: ['user'] },
  { from: ['inProgress'], event: 'cancel', to: 'cancelling', actors: ['user'] },
  { from: ['cancelling'], event: 'forceCancel', to: 'canceled', actors: ['user'] },
  { from: waitingForPeople, event: 'reject', to: 'canceled', actors: ['user'], kinds: deploymentKinds },
  { from: ['notStarted', 'queued'], event: 'forceStart', to: 'unchanged', actors: ['user'] },
  { from: ['notStarted'], event: 'upstreamFailed', to: 'canceledByDependency', actors: ['system'] },
  { from: ['notStarted'], event: 'stackInitializationFailed', to: 'canceledByFailedStackInitialization', actors: ['system'] },
  { from: ['queued', ...readyToApply], event: 'claim', to: 'inProgress', actors: ['runner'] },
  { from: onRunner, event: 'planNoChanges', to: 'succeeded', actors: ['runner'] },
  { from: onRunner, event: 'planSucceeded', to: 'succeeded', actors: ['runner'], kinds: ['plan', 'drift'] },
  { from: onRunner, event: 'planFailed', to: 'failed', actors: ['runner'] },
  { from: ['inProgress'], event: 'policiesHardFailed', to: 'failed', actors: ['runner', 'system'], kinds: deploymentKinds },
  { from: ['inProgress'], event: 'policiesSoftFailed', to: 'waitingForFailedControlPoliciesApproval', actors: ['runner', 'system'], kinds: deploymentKinds },
  { from: ['inProgress'], event: 'policiesErrored', to: 'waitingForErrorControlPoliciesApproval', actors: ['runner', 'system'], kinds: deploymentKinds },
  { from: ['inProgress'], event: 'autoApprove', to: 'approved', actors: ['runner', 'system'], kinds: deploymentKinds },
  // After failed policies were overridden, an autoApprove rule keeps the overridden status (the apply job is queued).
  { from: ['approvedFailedControlPolicies'], event: 'autoApprove', to: 'unchanged', actors: ['user', 'system'], kinds: deploymentKinds },
  { from: ['inProgress', 'approvedFailedControlPolicies'], event: 'requireApproval', to: 'waitingForApproval', actors: ['runner', 'user', 'system'], kinds: deploymentKinds },
  { from: waitingForPolicies, event: 'approveFailedPolicies', to: 'approvedFailedControlPolicies', actors: ['user'], kinds: deploymentKinds },
  { from: ['waitingForApproval'], event: 'approvalSatisfied', to: 'approved', actors: ['user'], kinds: deploymentKinds },
  { from: waitingForPeople, event: 'approvalExpired', to: 'approvalTimeout', actors: ['sweeper'], kinds: deploymentKinds },
  { from: onRunner, event: 'applySucceeded', to: 'succeeded', actors: ['runner'], kinds: deploymentKinds },
  { from: onRunner, event: 'applyFailed', to: 'applyFailure', actors: ['runner'], kinds: deploymentKinds },
  { from: onRunner, event: 'taskSucceeded', to: 'succeeded', actors: ['runner'], kinds: ['task'] },
  { from: onRunner, event: 'taskFailed', to: 'failed', actors: ['runner'], kinds: ['task'] },
  { from: ['cancelling'], event: 'runnerCanceled', to: 'canceled', actors: ['runner'] },
  { from: ['inProgress'], event: 'jobLost', to: 'error', actors: ['sweeper', 'runner'] },
  // The runner holding a cancelled job died: the cancel is what the user asked for.
  { from: ['cancelling'], event: 'jobLost', to: 'canceled', actors: ['sweeper', 'runner'] },
  // A plan that changes nothing (a pull request's, a drift check's), or a job that never started, is
  // safe to run again elsewhere (the sweeper decides by the job's phase and status).
  { from: ['inProgress'], event: 'jobRequeued', to: 'queued', actors: ['sweeper'] },
  // An apply job never started goes back to where the claim took it from: approved, its job queued.
  { from: ['inProgress'], event: 'applyRequeued', to: 'approved', actors: ['sweeper'], kinds: deploymentKinds },
  { from: onRunner, event: 'jobErrored', to: 'error', actors: ['runner', 'system'] },
  { from: activeStatuses, event: 'stackDeleted', to: 'canceled', actors: ['system'] },
];

/** The row of the table for a status, an event and a kind; undefined when the change is not allowed. */
export function findRunTransition(from: RunStatus, event: RunEvent, kind: RunStateKind): RunTransition | undefined {
  return runTransitions.find((t) => t.event === event && t.from.includes(from) && (!t.kinds || t.kinds.includes(kind)));
}

/** The status after `event`, or null when the table refuses it. */
export function nextRunStatus(from: RunStatus, event: RunEvent, kind: RunStateKind): RunStatus | null {
  const transition = findRunTransition(from, event, kind);
  if (!transition) return null;
  return transition.to === 'unchanged' ? from : transition.to;
}

/** The events a run of `kind` in `status` accepts (the console offers the matching actions). */
export function allowedRunEvents(status: RunStatus, kind: RunStateKind): RunEvent[] {
  return runEvents.filter((event) => findRunTransition(status, event, kind) !== undefined);
}

const eventWords: Record<RunEvent, string> = {
  queue: 'queued',
  supersede: 'superseded',
  cancel: 'cancelled',
  forceCancel: 'force-cancelled',
  reject: 'rejected',
  forceStart: 'force-started',
  upstreamFailed: 'cancelled by its dependency',
  stackInitializationFailed: 'cancelled by the stack initialization',
  claim: 'started by a runner',
  planNoChanges: 'finished without changes',
  planSucceeded: 'finished',
  planFailed: 'failed',
  policiesHardFailed: 'failed on control policies',
  policiesSoftFailed: 'stopped on control policies',
  policiesErrored: 'stopped on control policies',
  autoApprove: 'approved',
  requireApproval: 'sent for approval',
  approveFailedPolicies: 'approved despite failed control policies',
  approvalSatisfied: 'approved',
  approvalExpired: 'timed out waiting for approval',
  applySucceeded: 'applied',
  applyFailed: 'failed to apply',
  taskSucceeded: 'finished',
  taskFailed: 'failed',
  runnerCanceled: 'cancelled',
  jobLost: 'lost by its runner',
  jobRequeued: 'queued again after its runner was lost',
  applyRequeued: 'approved again after its runner was lost',
  jobErrored: 'failed',
  stackDeleted: 'cancelled with its stack',
};

/** What the user reads when a run cannot be `event`ed from `status` (OTF #673: never only in logs). */
export function invalidTransitionMessage(status: RunStatus, event: RunEvent): string {
  return `A run in status '${status}' cannot be ${eventWords[event]}`;
}
