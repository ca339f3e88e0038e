import {
  CM_DEFAULT_RUNNER_GROUP,
  findRunTransition,
  invalidTransitionMessage,
  isMutatingRunKind,
  isRunActive,
  type RunEvent,
  type RunStateKind,
  type RunStatus,
} from '@terrace/domain';
import { newId, type IdKind } from '../../crypto/ids';
import type { Database, Transaction } from '../../db/database';
import { Scope } from '../../db/scope';
import { DomainError } from '../../http/domain-error';
import { acquireStackRunMutex, handOverStackRunMutex, lockStackRunMutex, recordStackLatestRun } from '../stacks/stack-runs.service';
import {
  closeOpenSteps,
  findLiveJob,
  findRun,
  insertJob,
  insertSteps,
  insertRun,
  insertTransition,
  lockNextWaitingRun,
  lockRun,
  notify,
  reblockWaitingRuns,
  updateJob,
  updateRun,
  writeStep,
  type RunChanges,
  type RunRow,
} from './runs.repository';

// The run state machine's only writer (design §5.1, §5.2): every status change of a run goes
// through `transitionRun` inside the caller's transaction. It checks the table of
// @terrace/domain run-state, writes run_transitions, keeps the stack's latest-run summary, takes,
// releases and hands over the stack's run mutex, queues and cancels jobs and NOTIFYs.

/** The PostgreSQL NOTIFY channel of run status changes (payload: {runId, organizationId, status}). */
export const RUN_STATUS_CHANNEL = 'run_status';
/** A queued job is announced here with its runner group id as the payload (RUNS-INTERFACE.md). */
export const RUN_JOBS_NOTIFY_CHANNEL = 'run_jobs';
/** How long a deployment waits for approval unless told otherwise (design §5.1: 7 days). */
export const DEFAULT_APPROVAL_TIMEOUT_MS = 7 * 24 * 3600 * 1000;
/** Force cancel is offered this long after cancel (OTF's cool-off). */
export const FORCE_CANCEL_AFTER_MS = 10_000;

export type RunKind = RunRow['kind'];
export type JobPhase = 'plan' | 'apply' | 'task';

/** What one transaction of the runs domain carries. */
export interface RunsTx {
  tx: Transaction;
  scope: Scope;
  organizationId: string;
  approvalTimeoutMs: number;
  /** Called in the transaction when a run ends (drift: classify a drift check, check after an apply). */
  onRunEnded?: RunEndedHook | undefined;
}

/** What other domains do when a run ends, inside the transaction of its terminal transition. */
export type RunEndedHook = (t: RunsTx, run: RunRow) => Promise<void>;

export function inRunsTransaction<T>(
  db: Database,
  organizationId: string,
  options: { approvalTimeoutMs?: number | undefined; onRunEnded?: RunEndedHook | undefined },
  work: (t: RunsTx) => Promise<T>,
): Promise<T> {
  return db.transaction((tx) =>
    work({
      tx,
      scope: new Scope(tx, organizationId),
      organizationId,
      approvalTimeoutMs: options.approvalTimeoutMs ?? DEFAULT_APPROVAL_TIMEOUT_MS,
      onRunEnded: options.onRunEnded,
    }),
  );
}

export interface TransitionActor {
  kind: 'user' | 'runner' | 'system' | 'sweeper';
  id?: string | null;
}
export const systemActor: TransitionActor = { kind: 'system' };

export interface TransitionOptions {
  reason?: string;
  /** Shown on the run (errors, timeouts, lost runners). */
  errorSummary?: string;
  /** Other columns written with the status. */
  changes?: RunChanges;
}

/** The conflict a refused transition answers (409, the message is for the user). */
export class InvalidRunTransition extends DomainError {
  constructor(status: RunStatus, event: RunEvent) {
    super('conflict', invalidTransitionMessage(status, event));
  }
}

const stateKind = (kind: RunKind): RunStateKind => (kind === 'drift' ? 'drift' : kind);

/** Job priorities of design §0: apply 0 < deployment plan and task 1 < manual plan 2 < drift 3. */
export function jobPriority(kind: RunKind, phase: JobPhase): number {
  if (phase === 'apply') return 0;
  if (kind === 'plan') return 2;
  if (kind === 'drift') return 3;
  return 1;
}

export const idKindOf = (kind: RunKind): IdKind =>
  kind === 'plan' ? 'plan' : kind === 'task' ? 'task' : kind === 'drift' ? 'drift' : 'deployment';

/** The steps each kind shows from its start (contract RunStepName order); runners may add others. */
export const plannedSteps: Record<RunKind, readonly string[]> = {
  plan: ['gitClone', 'terraformInit', 'terraformPlan'],
  drift: ['gitClone', 'terraformInit', 'terraformPlan'],
  deployment: ['gitClone', 'terraformInit', 'terraformPlan', 'controlPolicies', 'approval', 'terraformApply', 'outputs'],
  destroy: ['gitClone', 'terraformInit', 'terraformPlan', 'controlPolicies', 'approval', 'terraformApply', 'outputs'],
  task: ['gitClone', 'terraformInit', 'taskExecution'],
  external_run: [],
};

/** The full order of the contract's RunStepName: where a step the runner adds is shown. */
export const stepOrder = [
  'gitClone',
  'customFlowBeforeInit',
  'terraformInit',
  'customFlowAfterInit',
  'tfLint',
  'tfSec',
  'customFlowBeforePlan',
  'terraformPlan',
  'customFlowAfterPlan',
  'infracost',
  'controlPolicies',
  'runTasks',
  'approval',
  'customFlowBeforeApply',
  'terraformApply',
  'customFlowAfterApply',
  'taskExecution',
  'outputs',
] as const;
export const stepPosition = (key: string): number => {
  const i = (stepOrder as readonly string[]).indexOf(key);
  return i === -1 ? stepOrder.length : i;
};

// ---------------------------------------------------------------------------------------------
// Creation

export interface NewRun {
  kind: RunKind;
  namespaceId: string;
  stackId: string;
  stackCreatedBy: string | null;
  trigger?: string;
  initiator: Record<string, unknown>;
  gitInfo: Record<string, unknown>;
  /** The pull request a plan was started for (contract TriggerInfo). */
  triggerInfo?: Record<string, unknown> | undefined;
  iacType: string;
  iacVersion: string | null;
  config: Record<string, unknown>;
  /** The approval rules of the stack when the run was created (deployments). */
  approvalRules?: unknown[];
  createdBy: string | null;
}

/**
 * Creates a run: notStarted, then at once queued for plans (they never take the mutex) or for a
 * mutating run that acquires its stack's free mutex; otherwise it waits, blocked by the holder.
 */
export async function beginRun(t: RunsTx, input: NewRun, actor: TransitionActor): Promise<RunRow> {
  const mutating = isMutatingRunKind(stateKind(input.kind));
  // Serialise with the stack's mutex changes first (see lockStackRunMutex).
  const stack = mutating ? await lockStackRunMutex(t.scope, input.stackId) : undefined;
  if (mutating && !stack) throw new DomainError('not_found', `Stack not found: ${input.stackId}`);
  const inserted = await insertRun(t.scope, {
    id: newId(idKindOf(input.kind)),
    namespaceId: input.namespaceId,
    stackId: input.stackId,
    stackCreatedBy: input.stackCreatedBy,
    kind: input.kind,
    status: 'notStarted',
    mutating,
    priority: jobPriority(input.kind, input.kind === 'task' ? 'task' : 'plan'),
    trigger: input.trigger ?? 'manual',
    initiator: input.initiator,
    gitInfo: input.gitInfo,
    triggerInfo: input.triggerInfo ?? null,
    iacType: input.iacType,
    iacVersion: input.iacVersion,
    config: input.config,
    approval: input.approvalRules ? { rules: input.approvalRules } : null,
    transitionCount: 1,
    createdBy: input.createdBy,
  });
  await insertTransition(t.scope, {
    runId: inserted.id,
    seq: 1,
    fromStatus: null,
    toStatus: 'notStarted',
    event: 'create',
    actorKind: actor.kind,
    actorId: actor.id ?? null,
  });
  await insertSteps(t.scope, inserted.id, plannedSteps[input.kind]);
  // Drift checks run in the background (the drift domain shows them): they never replace the
  // stack's latest run, which the stacks list shows as what was last done to the stack.
  if (input.kind !== 'drift') await recordStackLatestRun(t.scope, input.stackId, inserted, true);
  // A holder that is no longer active (a bug or a run deleted under it) does not keep the stack.
  if (mutating && stack?.activeRunId) {
    const holder = await findRun(t.scope, stack.activeRunId);
    if (!holder?.isActive) {
      await handOverStackRunMutex(t.scope, input.stackId, stack.activeRunId, null);
      stack.activeRunId = null;
    }
  }
  if (!mutating || (await acquireStackRunMutex(t.scope, input.stackId, inserted.id))) {
    return transitionRun(t, inserted.id, 'queue', systemActor);
  }
  return updateRun(t.scope, inserted.id, { blockedBy: { kind: 'stackMutex', runId: stack?.activeRunId ?? null } });
}

// ---------------------------------------------------------------------------------------------
// Transitions

/** The runner group a run's jobs go to (captured from the stack's runner settings at creation). */
export const runnerGroupOf = (run: RunRow): string => (run.config['runnerGroupId'] as string | undefined) ?? CM_DEFAULT_RUNNER_GROUP;

/** Announces a queued job to the runners' long polls (delivered when the transaction commits). */
export async function notifyJobQueued(tx: Transaction, runnerGroupId: string): Promise<void> {
  await notify(tx, RUN_JOBS_NOTIFY_CHANNEL, runnerGroupId);
}

async function queueJob(t: RunsTx, run: RunRow, phase: JobPhase, priority: number): Promise<void> {
  const runnerGroupId = runnerGroupOf(run);
  await insertJob(t.scope, { id: newId('runJob'), runId: run.id, stackId: run.stackId, runnerGroupId, phase, status: 'queued', priority });
  await notifyJobQueued(t.tx, runnerGroupId);
}

/** Ends the run's live job: a queued one is withdrawn, a claimed or running one canceled. */
async function endLiveJob(t: RunsTx, runId: string, error: string | null): Promise<void> {
  const job = await findLiveJob(t.scope, runId);
  if (job) await updateJob(t.scope, job.id, { status: 'canceled', finishedAt: new Date(), ...(error ? { error } : {}) });
}

/** Releases the stack's mutex held by `run` and hands it to the next waiting run (same transaction). */
async function releaseAndPromote(t: RunsTx, run: RunRow): Promise<void> {
  const stack = await lockStackRunMutex(t.scope, run.stackId);
  if (!stack || stack.activeRunId !== run.id) return;
  const next = await lockNextWaitingRun(t.tx, t.organizationId, run.stackId);
  await handOverStackRunMutex(t.scope, run.stackId, run.id, next?.id ?? null);
  if (next) {
    await reblockWaitingRuns(t.scope, run.stackId, next.id);
    await transitionRun(t, next.id, 'queue', systemActor, { reason: `The stack's previous run ${run.id} ended` });
  }
}

/**
 * Repairs one stack's run mutex (design §5.2; the mutex repair sweep calls it): a holder that is no
 * longer an active run releases it to the next waiting run, and a free mutex goes to the next
 * waiting run. Answers what it repaired; nothing when the stack was consistent (the normal case:
 * every end of a run hands the mutex over in its own transaction).
 */
export async function repairStackRunMutex(t: RunsTx, stackId: string): Promise<'released' | 'promoted' | null> {
  const stack = await lockStackRunMutex(t.scope, stackId);
  if (!stack) return null;
  if (stack.activeRunId) {
    const holder = await lockRun(t.scope, stack.activeRunId);
    if (holder && isRunActive(holder.status as RunStatus)) return null;
    const next = await lockNextWaitingRun(t.tx, t.organizationId, stackId);
    await handOverStackRunMutex(t.scope, stackId, stack.activeRunId, next?.id ?? null);
    if (next) {
      await reblockWaitingRuns(t.scope, stackId, next.id);
      await transitionRun(t, next.id, 'queue', systemActor, { reason: `The stack's run mutex was held by ${stack.activeRunId}, which had ended` });
    }
    return 'released';
  }
  const next = await lockNextWaitingRun(t.tx, t.organizationId, stackId);
  if (!next || !(await acquireStackRunMutex(t.scope, stackId, next.id))) return null;
  await reblockWaitingRuns(t.scope, stackId, next.id);
  await transitionRun(t, next.id, 'queue', systemActor, { reason: 'The stack was free while this run waited' });
  return 'promoted';
}

/**
 * Moves a run by `event` (the table of @terrace/domain run-state); refuses what the table lacks
 * with a 409 the user reads. Answers the run as written.
 */
export async function transitionRun(
  t: RunsTx,
  runId: string,
  event: RunEvent,
  actor: TransitionActor,
  options: TransitionOptions = {},
): Promise<RunRow> {
  const run = await lockRun(t.scope, runId);
  if (!run) throw new DomainError('not_found', `Run not found: ${runId}`);
  const from = run.status as RunStatus;
  const transition = findRunTransition(from, event, stateKind(run.kind));
  if (!transition || !transition.actors.includes(actor.kind)) throw new InvalidRunTransition(from, event);
  const to = transition.to === 'unchanged' ? from : transition.to;
  const now = new Date();
  const ends = isRunActive(from) && !isRunActive(to);

  const changes: RunChanges = { status: to, transitionCount: run.transitionCount + 1, ...options.changes };
  if (options.errorSummary !== undefined) changes.errorSummary = options.errorSummary;
  if (event === 'queue') {
    changes.queuedAt = now;
    changes.blockedBy = null;
  }
  if (event === 'claim') {
    changes.startedAt = run.startedAt ?? now;
    changes.blockedBy = null;
  }
  if (event === 'forceStart') changes.priority = 0;
  if (event === 'cancel') {
    changes.cancelRequestedAt = now;
    changes.cancelRequestedBy = actor.id ?? null;
  }
  if (event === 'requireApproval') changes.approvalDeadlineAt = new Date(now.getTime() + t.approvalTimeoutMs);
  if (!isRunActive(to)) {
    changes.finishedAt = now;
    changes.blockedBy = null;
  }
  const written = await updateRun(t.scope, run.id, changes);
  await insertTransition(t.scope, {
    runId: run.id,
    seq: written.transitionCount,
    fromStatus: from,
    toStatus: to,
    event,
    actorKind: actor.kind,
    actorId: actor.id ?? null,
    reason: options.reason ?? options.errorSummary ?? null,
  });

  // Side effects of the event.
  switch (event) {
    case 'queue':
      await queueJob(t, written, run.kind === 'task' ? 'task' : 'plan', written.priority);
      break;
    case 'forceStart': {
      const job = await findLiveJob(t.scope, run.id);
      if (job?.status === 'queued') await updateJob(t.scope, job.id, { priority: 0 });
      break;
    }
    case 'cancel':
      if (to === 'cancelling') {
        const job = await findLiveJob(t.scope, run.id);
        if (job) await updateJob(t.scope, job.id, { signal: 'cancel' });
      }
      break;
    case 'forceCancel': {
      const job = await findLiveJob(t.scope, run.id);
      if (job) await updateJob(t.scope, job.id, { signal: 'force', status: 'canceled', finishedAt: now });
      break;
    }
    case 'autoApprove':
    case 'approvalSatisfied':
      await writeStep(t.scope, run.id, 'approval', stepPosition('approval'), { status: 'succeeded', finished: true });
      await queueJob(t, written, 'apply', 0);
      break;
    case 'requireApproval':
      await writeStep(t.scope, run.id, 'approval', stepPosition('approval'), { status: 'waitingForApproval', started: true });
      break;
    case 'approvalExpired':
      await writeStep(t.scope, run.id, 'approval', stepPosition('approval'), { status: 'approvalTimeout', finished: true });
      break;
    default:
      break;
  }
  if (ends) {
    await endLiveJob(t, run.id, options.errorSummary ?? null);
    // Steps left running or waiting end with the run: errored, failed, or skipped when it was cancelled.
    await closeOpenSteps(t.scope, run.id, to === 'error' ? 'error' : to === 'failed' || to === 'applyFailure' ? 'failed' : to === 'approvalTimeout' ? 'approvalTimeout' : to === 'succeeded' ? 'succeeded' : 'skipped');
    if (run.mutating) await releaseAndPromote(t, written);
  }
  await recordStackLatestRun(t.scope, run.stackId, written, false);
  await notify(t.tx, RUN_STATUS_CHANNEL, JSON.stringify({ runId: run.id, organizationId: t.organizationId, status: to }));
  if (ends && t.onRunEnded) await t.onRunEnded(t, written);
  return written;
}
