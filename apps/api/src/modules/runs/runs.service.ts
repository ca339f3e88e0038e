import { CM_DEFAULT_RUNNER_GROUP, isRunActive, renderMessage, validateBranchName, type Permission, type RunStatus } from '@terrace/domain';
import { newId } from '../../crypto/ids';
import { pagingOf } from '../../db/paged-list';
import { readOrganization } from '../../db/scope';
import type { Schemas } from '../../http/contract-types';
import { DomainError, notFound, validationError } from '../../http/domain-error';
import type { Actor } from '../../permissions/actor';
import type { PermissionEngine } from '../../permissions/permission-engine';
import { initiatorOf, recordAudit } from '../audit/audit.service';
import { stackForRuns, stackNamesByIds, type StackForRuns } from '../stacks/stack-runs.service';
import { approvalSatisfied, type ApprovalRule } from './approval-policy';
import { auditEntityOf, customFlowResultKeys, evaluateApprovalPolicy, stepResultKeys, type RunJobsDeps } from './run-jobs.service';
import {
  approvalsOfRuns,
  findRun,
  insertApprovalIfAbsent,
  insertComment,
  jobQueuePositions,
  latestRunOfKinds,
  listApprovals,
  listComments as listCommentRows,
  listRuns as listRunRows,
  listSteps,
  lockRun,
  stackQueuePositions,
  stepsOfRuns,
  type RunApprovalRow,
  type RunFilter,
  type RunRow,
  type RunStepRow,
} from './runs.repository';
import {
  beginRun,
  FORCE_CANCEL_AFTER_MS,
  inRunsTransaction,
  stepOrder,
  transitionRun,
  type NewRun,
  type RunKind,
  type RunsTx,
  type TransitionActor,
} from './run-state.service';

export interface RunsDeps extends RunJobsDeps {
  engine: PermissionEngine;
  /** The teams a user is in (IAM), for requireTeamsApproval. */
  teamIdsOfUser?: (organizationId: string, userId: string) => Promise<string[]>;
  /** Whether whoever started a deployment may approve it (default: yes). */
  allowSelfApproval?: boolean;
}

type Run = Schemas['Run'];
type RunRef = Schemas['RunRef'];
type RunStep = Schemas['RunStep'];

const labels: Record<RunKind, string> = {
  plan: 'Plan',
  deployment: 'Deployment',
  destroy: 'Deployment',
  task: 'Task',
  drift: 'Drift detection',
  external_run: 'Run',
};
const deploymentKinds: RunKind[] = ['deployment', 'destroy'];
const anyKind: RunKind[] = ['plan', 'deployment', 'destroy', 'task', 'drift', 'external_run'];

// ---------------------------------------------------------------------------------------------
// Access: the stack-level permissions of spec §6, on the run's stack

const stackTarget = (run: RunRow) => ({ id: run.stackId, namespaceId: run.namespaceId, createdBy: run.stackCreatedBy });

/**
 * The run the actor may `permission` on its stack. An unknown id (or another organization's, or
 * one of another kind) is 404 once the actor could act at all: a namespace-only user cannot tell a
 * missing run from one it may not see.
 */
async function runFor(deps: RunsDeps, actor: Actor, runId: string, permission: Permission, kinds: readonly RunKind[]): Promise<RunRow> {
  const run = await readOrganization(deps.db, actor.organizationId, (scope) => findRun(scope, runId));
  if (!run || !kinds.includes(run.kind)) {
    await deps.engine.require(actor, permission, {});
    throw notFound(labels[kinds[0] as RunKind], runId);
  }
  await deps.engine.requireOnStack(actor, permission, stackTarget(run));
  return run;
}

async function stackFor(deps: RunsDeps, actor: Actor, stackId: string, permission: Permission): Promise<StackForRuns> {
  const stack = await stackForRuns(deps.db, actor.organizationId, stackId);
  if (!stack) {
    await deps.engine.require(actor, permission, {});
    throw notFound('Stack', stackId);
  }
  await deps.engine.requireOnStack(actor, permission, stack);
  return stack;
}

const userActor = (actor: Actor): TransitionActor => ({ kind: 'user', id: actor.userId });

// ---------------------------------------------------------------------------------------------
// The wire views

const userTypeOf = (actor: Actor): Schemas['InitiatorType'] =>
  actor.userType === 'programmaticUser' ? 'programmaticUser' : actor.userType === 'ssoUser' ? 'ssoUser' : 'user';

const iacVersionKey = { terraform: 'terraformVersion', terragrunt: 'terragruntVersion', opentofu: 'opentofuVersion' } as const;

function toSteps(rows: RunStepRow[] | undefined): RunStep[] {
  return (rows ?? [])
    .filter((s) => (stepOrder as readonly string[]).includes(s.key))
    .map((s) => ({
      name: s.key as RunStep['name'],
      status: s.status as RunStep['status'],
      ...(s.startedAt ? { startedAt: s.startedAt.toISOString() } : {}),
      ...(s.finishedAt ? { finishedAt: s.finishedAt.toISOString() } : {}),
    }));
}

interface Extras {
  stackName?: string | undefined;
  position?: number | undefined;
}

export function toRun(row: RunRow, extras: Extras = {}): Run {
  const initiator = row.initiator as Run['initiator'];
  const config = row.config as { taskToExecute?: Schemas['TaskToExecute']; isDestroy?: boolean };
  const status = row.status as RunStatus;
  const end = row.finishedAt ?? (isRunActive(status) ? new Date() : row.updatedAt);
  const key = iacVersionKey[row.iacType as keyof typeof iacVersionKey];
  return {
    id: row.id,
    kind: row.kind === 'drift' ? 'plan' : row.kind,
    stackId: row.stackId,
    ...(extras.stackName !== undefined ? { stackName: extras.stackName } : {}),
    namespaceId: row.namespaceId,
    status,
    isActive: row.isActive,
    ...(initiator ? { initiator } : {}),
    durationInMs: Math.max(0, end.getTime() - row.createdAt.getTime()),
    gitInfo: row.gitInfo as Run['gitInfo'],
    ...(row.triggerInfo ? { triggerInfo: row.triggerInfo as Run['triggerInfo'] } : {}),
    iacType: row.iacType as Run['iacType'],
    ...(key && row.iacVersion ? { iacVersion: { [key]: row.iacVersion } } : {}),
    config: {
      ...(config.taskToExecute ? { taskToExecute: config.taskToExecute } : {}),
      ...(row.kind === 'deployment' || row.kind === 'destroy' ? { isDestroy: row.kind === 'destroy' } : {}),
    },
    ...(row.errorSummary ? { errorSummary: row.errorSummary } : {}),
    ...(row.blockedBy ? { blockedBy: row.blockedBy as Run['blockedBy'] } : {}),
    ...(extras.position !== undefined ? { positionInQueue: extras.position } : {}),
    ...(row.approvalDeadlineAt && status === 'waitingForApproval' ? { approvalDeadlineAt: row.approvalDeadlineAt.toISOString() } : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function planSummaryView(row: RunRow): Schemas['PlanSummary'] | undefined {
  const s = row.planSummary as Schemas['PlanSummary'] | null;
  if (!s) return undefined;
  return { create: s.create ?? [], replace: s.replace ?? [], update: s.update ?? [], delete: s.delete ?? [], hasOutputChanges: s.hasOutputChanges ?? false };
}

const toRunRef = (row: RunRow): RunRef => ({ id: row.id, status: row.status as RunStatus, isActive: row.isActive, createdAt: row.createdAt.toISOString() });

interface Details {
  steps: Map<string, RunStepRow[]>;
  approvals: Map<string, RunApprovalRow[]>;
  names: Map<string, string>;
  positions: Map<string, number>;
}

async function detailsOf(deps: RunsDeps, organizationId: string, rows: RunRow[]): Promise<Details> {
  const ids = rows.map((r) => r.id);
  const waiting = rows.filter((r) => r.status === 'notStarted').map((r) => r.id);
  const queued = rows.filter((r) => r.status === 'queued').map((r) => r.id);
  const [steps, approvals, names, stackPositions, jobPositions] = await Promise.all([
    readOrganization(deps.db, organizationId, (scope) => stepsOfRuns(scope, ids)),
    readOrganization(deps.db, organizationId, (scope) => approvalsOfRuns(scope, rows.filter((r) => deploymentKinds.includes(r.kind)).map((r) => r.id))),
    stackNamesByIds(deps.db, organizationId, rows.map((r) => r.stackId)),
    stackQueuePositions(deps.db, organizationId, waiting),
    jobQueuePositions(deps.db, organizationId, queued),
  ]);
  return { steps, approvals, names, positions: new Map([...stackPositions, ...jobPositions]) };
}

function view(row: RunRow, details: Details) {
  const run = toRun(row, { stackName: details.names.get(row.stackId), position: details.positions.get(row.id) });
  const steps = toSteps(details.steps.get(row.id));
  if (row.kind === 'plan' || row.kind === 'drift') {
    const summary = planSummaryView(row);
    return { ...run, planSteps: steps, ...(summary ? { planSummary: summary } : {}) };
  }
  if (row.kind === 'task') return { ...run, taskSteps: steps };
  if (deploymentKinds.includes(row.kind)) {
    return {
      ...run,
      isDestroy: row.kind === 'destroy',
      deploymentSteps: steps,
      deploymentStates: steps,
      approvals: (details.approvals.get(row.id) ?? [])
        .filter((a) => a.decision === 'approve')
        .map((a) => ({ userName: a.userName, approvedAt: a.at.toISOString() })),
      // The policy it was started under, so the console can say how many approvals it needs.
      approvalRules: ((row.approval?.['rules'] as Schemas['DeploymentApprovalRule'][] | undefined) ?? []),
    };
  }
  return run;
}

async function viewsOf(deps: RunsDeps, organizationId: string, rows: RunRow[]) {
  const details = await detailsOf(deps, organizationId, rows);
  return rows.map((row) => view(row, details));
}

/** The result of each step under the spec's result keys (RunStepResults). */
export function stepResults(run: RunRow, steps: RunStepRow[]): Schemas['RunStepResults'] {
  const results: Record<string, unknown> = {};
  const customFlow: Record<string, unknown> = {};
  for (const step of steps) {
    const own = (step.result ?? {}) as Record<string, unknown>;
    if (stepResultKeys[step.key]) results[stepResultKeys[step.key] as string] = { ...own, status: step.status };
    else if (customFlowResultKeys[step.key]) customFlow[customFlowResultKeys[step.key] as string] = { ...own, status: step.status };
  }
  if (Object.keys(customFlow).length) results['customFlow'] = customFlow;
  if (run.errorSummary) results['errorSummary'] = run.errorSummary;
  return results as Schemas['RunStepResults'];
}

async function stateOf(deps: RunsDeps, organizationId: string, run: RunRow, withResults: boolean) {
  const steps = await readOrganization(deps.db, organizationId, (scope) => listSteps(scope, run.id));
  const state = { runId: run.id, status: run.status as RunStatus, isActive: run.isActive, steps: toSteps(steps) };
  return withResults ? { ...state, results: stepResults(run, steps) } : state;
}

// ---------------------------------------------------------------------------------------------
// Lists and reads

export interface ListRunsQuery {
  stackId?: string | undefined;
  namespaceId?: string | undefined;
  runId?: string | undefined;
  kind?: Schemas['RunKind'] | undefined;
  status?: Schemas['RunStatus'] | undefined;
  isActive?: boolean | undefined;
  updatedInTheLastHours?: number | undefined;
  page: number;
  pageSize: number;
}

async function pageOfRuns(deps: RunsDeps, actor: Actor, filter: Partial<RunFilter>, paging: { page: number; pageSize: number }) {
  const { rows, total } = await readOrganization(deps.db, actor.organizationId, (scope) => listRunRows(scope, filter, paging));
  return { items: await viewsOf(deps, actor.organizationId, rows), paging: pagingOf(paging, total) };
}

/** Runs across stacks (Active Runs, a stack's runs tab): paged, newest first, filtered server side. */
export async function listRuns(deps: RunsDeps, actor: Actor, query: ListRunsQuery) {
  const filter: Partial<RunFilter> = {
    namespaceId: query.namespaceId,
    runId: query.runId,
    status: query.status,
    isActive: query.isActive,
    kinds: query.kind ? (query.kind === 'plan' ? ['plan', 'drift'] : [query.kind]) : undefined,
    updatedInTheLastHours: query.updatedInTheLastHours,
  };
  if (query.stackId) {
    await stackFor(deps, actor, query.stackId, 'stack:read');
    filter.stackId = query.stackId;
  } else {
    filter.visible = (await deps.engine.visibleStacks(actor, 'stack:read')) ?? undefined;
  }
  return pageOfRuns(deps, actor, filter, query);
}

async function listOfKinds(deps: RunsDeps, actor: Actor, stackId: string, kinds: RunKind[], runId: string | undefined, paging: { page: number; pageSize: number }, extra: Partial<RunFilter> = {}) {
  await stackFor(deps, actor, stackId, 'stack:read');
  return pageOfRuns(deps, actor, { stackId, kinds, runId, ...extra }, paging);
}

export const listPlans = (deps: RunsDeps, actor: Actor, query: { stackId: string; planId?: string | undefined; page: number; pageSize: number }) =>
  listOfKinds(deps, actor, query.stackId, ['plan', 'drift'], query.planId, query);

export const listDeployments = (deps: RunsDeps, actor: Actor, query: { stackId: string; deploymentId?: string | undefined; page: number; pageSize: number }) =>
  listOfKinds(deps, actor, query.stackId, deploymentKinds, query.deploymentId, query);

export async function listTasks(
  deps: RunsDeps,
  actor: Actor,
  query: { stackId: string; taskId?: string | undefined; taskType?: Schemas['TaskType'] | undefined; page: number; pageSize: number },
) {
  return listOfKinds(deps, actor, query.stackId, ['task'], query.taskId, query, query.taskType ? { taskType: query.taskType } : {});
}

async function getOne(deps: RunsDeps, actor: Actor, runId: string, kinds: RunKind[]) {
  const run = await runFor(deps, actor, runId, 'stack:read', kinds);
  const [item] = await viewsOf(deps, actor.organizationId, [run]);
  return item;
}

export const getPlan = (deps: RunsDeps, actor: Actor, planId: string) => getOne(deps, actor, planId, ['plan', 'drift']) as Promise<Schemas['Plan']>;
export const getDeployment = (deps: RunsDeps, actor: Actor, deploymentId: string) => getOne(deps, actor, deploymentId, deploymentKinds) as Promise<Schemas['Deployment']>;
export const getTask = (deps: RunsDeps, actor: Actor, taskId: string) => getOne(deps, actor, taskId, ['task']) as Promise<Schemas['Task']>;

/** The stack's newest deployment (or destroy); none when it was never deployed. */
export async function getLatestDeployment(deps: RunsDeps, actor: Actor, stackId: string): Promise<Schemas['Deployment'][]> {
  await stackFor(deps, actor, stackId, 'stack:read');
  const row = await readOrganization(deps.db, actor.organizationId, (scope) => latestRunOfKinds(scope, stackId, deploymentKinds));
  return row ? ((await viewsOf(deps, actor.organizationId, [row])) as Schemas['Deployment'][]) : [];
}

export async function getRunState(deps: RunsDeps, actor: Actor, runId: string, kinds: RunKind[], withResults: boolean) {
  const run = await runFor(deps, actor, runId, 'stack:read', kinds);
  return stateOf(deps, actor.organizationId, run, withResults);
}

export const planKinds: RunKind[] = ['plan', 'drift'];
export const taskKinds: RunKind[] = ['task'];
export { deploymentKinds };

/** A run seen as a remote run: a plan, or the apply of a deployment. */
/** A run as its page shows it, read by the system (no actor): the PR comment of a finished plan. */
export async function runForSystem(deps: RunsDeps, organizationId: string, runId: string) {
  const row = await readOrganization(deps.db, organizationId, (scope) => findRun(scope, runId));
  return row ? (await viewsOf(deps, organizationId, [row]))[0] : undefined;
}

export async function getRemoteRunDetails(deps: RunsDeps, actor: Actor, runId: string): Promise<Schemas['RemoteRun']> {
  const run = await runFor(deps, actor, runId, 'stack:read', anyKind);
  const summary = planSummaryView(run);
  return {
    id: run.id,
    stackId: run.stackId,
    operation: run.kind === 'plan' || run.kind === 'drift' ? 'plan' : 'apply',
    status: run.status as RunStatus,
    isActive: run.isActive,
    ...(run.initiator ? { initiator: run.initiator as Schemas['RunInitiator'] } : {}),
    ...(summary ? { planSummary: summary } : {}),
    createdAt: run.createdAt.toISOString(),
  };
}

// ---------------------------------------------------------------------------------------------
// Starting runs

const shaPattern = /^[0-9a-f]{7,64}$/i;

function runnerGroupOfStack(stack: StackForRuns): string {
  return stack.settings.runnerConfig.value?.groups?.[0] ?? CM_DEFAULT_RUNNER_GROUP;
}

function newRunOf(stack: StackForRuns, actor: Actor, kind: RunKind, git: { branch?: string | undefined; headSha?: string | undefined }, config: Record<string, unknown>): NewRun {
  const vcs = stack.data.vcsInfo;
  return {
    kind,
    namespaceId: stack.namespaceId,
    stackId: stack.id,
    stackCreatedBy: stack.createdBy,
    trigger: 'manual',
    initiator: { userName: actor.email, username: actor.email, userType: userTypeOf(actor) },
    gitInfo: {
      ...(vcs?.repoName ? { repoName: vcs.repoName } : {}),
      ...((git.branch ?? vcs?.branch) ? { branch: git.branch ?? vcs?.branch } : {}),
      ...(git.headSha ? { headSha: git.headSha } : {}),
    },
    iacType: stack.iacType,
    iacVersion: stack.settings.iacVersion.value ?? null,
    config: { ...config, runnerGroupId: runnerGroupOfStack(stack) },
    ...(kind === 'deployment' || kind === 'destroy' ? { approvalRules: (stack.settings.deploymentApprovalPolicy.value?.rules ?? []) as unknown[] } : {}),
    createdBy: actor.userId,
  };
}

/**
 * A run another domain starts on a stack (drift checks, auto sync, drift remediations): by a user,
 * or by the system when `actor` is null (initiator `systemName`, user type system). Begin it with
 * run-state.service's beginRun in the caller's transaction.
 */
export function stackRunOf(
  stack: StackForRuns,
  actor: Actor | null,
  kind: RunKind,
  options: { trigger: string; config?: Record<string, unknown>; systemName?: string },
): NewRun {
  const system = { email: options.systemName ?? 'system', userId: null, userType: 'user' } as unknown as Actor;
  const run = newRunOf(stack, actor ?? system, kind, {}, { ...(kind === 'deployment' ? { isDestroy: false } : {}), ...(options.config ?? {}) });
  return {
    ...run,
    trigger: options.trigger,
    ...(actor ? {} : { initiator: { userName: options.systemName ?? 'system', username: options.systemName ?? 'system', userType: 'system' }, createdBy: null }),
  };
}

function checkHeadSha(headSha: string | undefined, field: string): string | undefined {
  if (headSha === undefined) return undefined;
  if (!shaPattern.test(headSha)) throw validationError('The commit must be a hexadecimal git commit id (7 to 64 characters)', field);
  return headSha.toLowerCase();
}

async function start(deps: RunsDeps, actor: Actor, input: NewRun): Promise<RunRef> {
  return inRunsTransaction(deps.db, actor.organizationId, deps, async (t) => {
    const run = await beginRun(t, input, userActor(actor));
    await recordAudit(t.scope, initiatorOf(actor), { entityType: auditEntityOf(run.kind), entityId: run.id, action: 'create' });
    return toRunRef(run);
  });
}

export async function createPlan(deps: RunsDeps, actor: Actor, input: Schemas['PlanInput']): Promise<RunRef> {
  const stack = await stackFor(deps, actor, input.stackId, 'plan:start');
  if (input.headBranch !== undefined) {
    const problem = validateBranchName(input.headBranch);
    if (problem || !input.headBranch.trim()) throw validationError(problem ? renderMessage(problem) : 'The branch must not be blank', 'entity.headBranch');
  }
  const headSha = checkHeadSha(input.headSha, 'entity.headSha');
  return start(deps, actor, newRunOf(stack, actor, 'plan', { branch: input.headBranch, headSha }, {}));
}

export async function createDeployment(deps: RunsDeps, actor: Actor, input: Schemas['DeploymentInput']): Promise<RunRef> {
  const destroy = input.isDestroy === true;
  const stack = await stackFor(deps, actor, input.stackId, destroy ? 'destroyDeployment:start' : 'deployment:start');
  const headSha = checkHeadSha(input.headSha, 'entity.headSha');
  return start(deps, actor, newRunOf(stack, actor, destroy ? 'destroy' : 'deployment', { headSha }, { isDestroy: destroy }));
}

function checkTask(task: Schemas['TaskToExecute']): Schemas['TaskToExecute'] {
  const field = 'entity.taskToExecute';
  const nonBlank = (value: string, at: string) => {
    if (!value.trim()) throw validationError('The value must not be blank', at);
    return value.trim();
  };
  switch (task.taskType) {
    case 'releaseStateLock':
      return { taskType: 'releaseStateLock', lockId: nonBlank(task.lockId, `${field}.lockId`) };
    case 'importResources':
      return {
        taskType: 'importResources',
        resources: task.resources.map((r, i) => ({
          ...r,
          resourceAddress: nonBlank(r.resourceAddress, `${field}.resources.${i}.resourceAddress`),
          importId: nonBlank(r.importId, `${field}.resources.${i}.importId`),
        })),
      };
    case 'refreshState':
      return { taskType: 'refreshState', mode: task.mode };
    default:
      return { taskType: task.taskType, resourcesAddresses: task.resourcesAddresses.map((a, i) => nonBlank(a, `${field}.resourcesAddresses.${i}`)) };
  }
}

export async function createTask(deps: RunsDeps, actor: Actor, input: Schemas['TaskInput']): Promise<RunRef> {
  const stack = await stackFor(deps, actor, input.stackId, 'task:start');
  const taskToExecute = checkTask(input.taskToExecute);
  // Releasing a state lock force-unlocks it (the task's token may): the creator must be allowed to.
  if (taskToExecute.taskType === 'releaseStateLock') await deps.engine.requireOnStack(actor, 'stackState:forceUnlock', stack);
  return start(deps, actor, newRunOf(stack, actor, 'task', {}, { taskToExecute }));
}

// ---------------------------------------------------------------------------------------------
// Acting on runs

/** One user action on a run in one transaction: the run locked, changed through transitionRun, audited. */
async function act(deps: RunsDeps, actor: Actor, run: RunRow, work: (t: RunsTx, locked: RunRow) => Promise<RunRow>): Promise<RunRef> {
  return inRunsTransaction(deps.db, actor.organizationId, deps, async (t) => {
    const locked = await lockRun(t.scope, run.id);
    if (!locked) throw notFound(labels[run.kind], run.id);
    const after = await work(t, locked);
    await recordAudit(t.scope, initiatorOf(actor), { entityType: auditEntityOf(run.kind), entityId: run.id, action: 'update' });
    return toRunRef(after);
  });
}

/**
 * Cancel: waiting runs end at once, a run on a runner is signalled (cancelling). A cancelling run
 * is killed by a forced cancel (deployments: `force`; plans and tasks: cancel again), offered 10 s
 * after the cancel.
 */
async function cancelRunAs(deps: RunsDeps, actor: Actor, run: RunRow, force: boolean): Promise<RunRef> {
  return act(deps, actor, run, async (t, locked) => {
    if (locked.status !== 'cancelling') return transitionRun(t, locked.id, 'cancel', userActor(actor), { reason: 'Cancelled' });
    if (!force) throw new DomainError('conflict', 'The run is already being cancelled; force the cancel to stop it at once');
    const since = locked.cancelRequestedAt ? Date.now() - locked.cancelRequestedAt.getTime() : FORCE_CANCEL_AFTER_MS;
    if (since < FORCE_CANCEL_AFTER_MS) {
      throw new DomainError('conflict', `The run is being cancelled; force cancel is possible ${Math.ceil((FORCE_CANCEL_AFTER_MS - since) / 1000)} s from now`);
    }
    return transitionRun(t, locked.id, 'forceCancel', userActor(actor), { reason: 'Force-cancelled' });
  });
}

export async function cancelPlan(deps: RunsDeps, actor: Actor, planId: string) {
  return cancelRunAs(deps, actor, await runFor(deps, actor, planId, 'plan:cancel', planKinds), true);
}

export async function cancelDeployment(deps: RunsDeps, actor: Actor, deploymentId: string, force: boolean) {
  return cancelRunAs(deps, actor, await runFor(deps, actor, deploymentId, 'deployment:cancel', deploymentKinds), force);
}

export async function cancelTask(deps: RunsDeps, actor: Actor, taskId: string) {
  return cancelRunAs(deps, actor, await runFor(deps, actor, taskId, 'task:cancel', taskKinds), true);
}

async function forceStart(deps: RunsDeps, actor: Actor, run: RunRow): Promise<RunRef> {
  return act(deps, actor, run, (t, locked) => transitionRun(t, locked.id, 'forceStart', userActor(actor)));
}

export async function forceStartPlan(deps: RunsDeps, actor: Actor, planId: string) {
  return forceStart(deps, actor, await runFor(deps, actor, planId, 'plan:start', planKinds));
}

export async function forceStartDeployment(deps: RunsDeps, actor: Actor, deploymentId: string) {
  const run = await runFor(deps, actor, deploymentId, 'deployment:start', deploymentKinds);
  if (run.kind === 'destroy') await deps.engine.requireOnStack(actor, 'destroyDeployment:start', stackTarget(run));
  return forceStart(deps, actor, run);
}

/** Approves a deployment waiting for approval; once the policy's rules hold, its apply job is queued. */
export async function approveDeployment(deps: RunsDeps, actor: Actor, deploymentId: string): Promise<RunRef> {
  const run = await runFor(deps, actor, deploymentId, 'deployment:approve', deploymentKinds);
  const teams = deps.teamIdsOfUser ? await deps.teamIdsOfUser(actor.organizationId, actor.userId) : [];
  return act(deps, actor, run, async (t, locked) => {
    if (locked.status !== 'waitingForApproval') {
      throw new DomainError('conflict', `A deployment in status '${locked.status}' is not waiting for approval`);
    }
    if (deps.allowSelfApproval === false && locked.createdBy === actor.userId) {
      throw new DomainError('conflict', 'Whoever started a deployment may not approve it');
    }
    const inserted = await insertApprovalIfAbsent(t.scope, { runId: locked.id, userId: actor.userId, userName: actor.email, decision: 'approve', teams });
    if (!inserted) throw new DomainError('conflict', 'You have already approved this deployment');
    const rules = ((locked.approval?.['rules'] as ApprovalRule[] | undefined) ?? []) as ApprovalRule[];
    const approvals = (await listApprovals(t.scope, locked.id)).filter((a) => a.decision === 'approve');
    if (!approvalSatisfied(rules, approvals)) {
      return locked;
    }
    return transitionRun(t, locked.id, 'approvalSatisfied', userActor(actor), { reason: `Approved by ${approvals.map((a) => a.userName).join(', ')}` });
  });
}

/** Overrides failed (or unevaluable) soft-mandatory control policies; the approval rules then apply. */
export async function approveDeploymentFailedPolicies(deps: RunsDeps, actor: Actor, deploymentId: string): Promise<RunRef> {
  const run = await runFor(deps, actor, deploymentId, 'deployment:approveFailedPolicies', deploymentKinds);
  return act(deps, actor, run, async (t, locked) => {
    const overridden = await transitionRun(t, locked.id, 'approveFailedPolicies', userActor(actor));
    await insertApprovalIfAbsent(t.scope, { runId: locked.id, userId: actor.userId, userName: actor.email, decision: 'approveFailedPolicies', teams: [] });
    return evaluateApprovalPolicy(t, overridden, userActor(actor));
  });
}

// ---------------------------------------------------------------------------------------------
// Comments

const toComment = (row: { id: string; runId: string; text: string; author: string; createdAt: Date }): Schemas['RunComment'] => ({
  id: row.id,
  runId: row.runId,
  text: row.text,
  author: row.author,
  createdAt: row.createdAt.toISOString(),
});

export async function listComments(deps: RunsDeps, actor: Actor, runId: string): Promise<Schemas['RunComment'][]> {
  const run = await runFor(deps, actor, runId, 'stack:read', anyKind);
  return (await readOrganization(deps.db, actor.organizationId, (scope) => listCommentRows(scope, run.id))).map(toComment);
}

export async function createComment(deps: RunsDeps, actor: Actor, input: Schemas['RunCommentInput']): Promise<Schemas['RunComment']> {
  const text = input.text.trim();
  if (!text) throw validationError('The comment must not be blank', 'entity.text');
  const run = await runFor(deps, actor, input.runId, 'stack:read', anyKind);
  return inRunsTransaction(deps.db, actor.organizationId, deps, async (t) => {
    const row = await insertComment(t.scope, { id: newId('runComment'), runId: run.id, text, author: actor.email, authorUserId: actor.userId });
    await recordAudit(t.scope, initiatorOf(actor), { entityType: auditEntityOf(run.kind), entityId: run.id, entityName: 'comment', action: 'update' });
    return toComment(row);
  });
}
