import { createHash } from 'node:crypto';
import { findRunTransition, isMutatingRunKind, LATEST_VERSION, type RunEvent, type StepStatus } from '@terrace/domain';
import type { GitRemote } from '@terrace/git';
import { sql, type SQL } from 'drizzle-orm';
import type { SecretEnvelope } from '../../crypto/secret-envelope';
import type { Database } from '../../db/database';
import { readOrganization, Scope } from '../../db/scope';
import { DomainError } from '../../http/domain-error';
import { recordAudit, type AuditEntityType, type AuditInitiator } from '../audit/audit.service';
import { stackForRuns } from '../stacks/stack-runs.service';
import { dependencyInputsForRun } from '../stack-dependencies/stack-dependencies.service';
import { statesLockedWith } from '../terraform-state/state-history.service';
import { isAutoApproved, type ApprovalRule } from './approval-policy';
import { passingControlPolicies, type ControlPoliciesForJob, type ControlPoliciesOutcome, type RecordControlPolicies } from './control-policies';
import type {
  ClaimedJob,
  ExpiredJob,
  JobBackend,
  JobOutcome,
  JobRef,
  JobResourceChange,
  JobRunKind,
  JobSignal,
  JobSpec,
  JobStepReport,
  JobTask,
  JobVariable,
} from './job-spec';
import {
  expiredApprovalRuns,
  expiredJobs,
  extendJobLeases,
  findArtifact,
  findJobAnywhere,
  findRun,
  listSteps,
  lockJob,
  lockNextQueuedJob,
  lockRun,
  updateJob,
  updateRun,
  upsertArtifact,
  writeStep,
  type RunJobRow,
  type RunRow,
} from './runs.repository';
import {
  DEFAULT_APPROVAL_TIMEOUT_MS,
  notifyJobQueued,
  RUN_JOBS_NOTIFY_CHANNEL,
  stepPosition,
  transitionRun,
  type RunEndedHook,
  type RunsTx,
  type TransitionActor,
} from './run-state.service';

export type { ClaimedJob, ExpiredJob, JobOutcome, JobRef, JobSignal, JobSpec, JobStepReport } from './job-spec';
export { notifyJobQueued, RUN_STATUS_CHANNEL } from './run-state.service';

/** The PostgreSQL NOTIFY channel a queued job is announced on; the payload is the runner group id. */
export const RUN_JOBS_CHANNEL = RUN_JOBS_NOTIFY_CHANNEL;
/** Lease given at claim and by each heartbeat unless told otherwise (design §0: 90 s). */
export const DEFAULT_LEASE_SECONDS = 90;

/** What the runner side of the runs domain needs (the composition root wires it). */
export interface RunJobsDeps {
  db: Database;
  envelope: SecretEnvelope;
  /** A VCS provider's repository as git reaches it (vcs module's `repositoryRemote`). */
  repositoryRemote?: (organizationId: string, providerId: string, repoName: string) => Promise<GitRemote>;
  /** The stack's effective variables, secret values decrypted (variables module's `variablesForRun`). */
  variablesForRun?: (
    organizationId: string,
    stackId: string,
  ) => Promise<{ variables: { key: string; type: 'tfVar' | 'envVar'; value: string; isSensitive: boolean; isHcl?: boolean }[]; missing: string[] }>;
  /** The state backend a job talks to (the runner protocol mints the job token); local state without it. */
  stateBackend?: (job: ClaimedJob) => Promise<JobBackend>;
  /** How long a deployment waits for approval (default 7 days). */
  approvalTimeoutMs?: number;
  /** The control policies a plan job's runner evaluates (the control-policies module's; without them every plan passes). */
  controlPoliciesForJob?: ControlPoliciesForJob;
  /** Records the runner's policy results in the finishing transaction (the control-policies module's). */
  recordControlPolicies?: RecordControlPolicies;
  /** Called in the transaction of a run's terminal transition (the drift domain's). */
  onRunEnded?: RunEndedHook;
}

/** A report of an attempt that is no longer the job's live one (a zombie runner): refused. */
export class StaleAttemptError extends DomainError {
  readonly code = 'stale_attempt';
  constructor(jobId: string, attempt: number) {
    super('conflict', `Job ${jobId} attempt ${attempt} is not the job's live attempt`);
    this.name = 'StaleAttemptError';
  }
}

/** The job's spec cannot be built (no repository, required variables without a value): the run ended in error. */
export class JobSpecError extends DomainError {
  constructor(message: string) {
    super('conflict', message);
    this.name = 'JobSpecError';
  }
}

const liveStatuses: RunJobRow['status'][] = ['claimed', 'running'];

function runsTx(deps: RunJobsDeps, tx: RunsTx['tx'], organizationId: string): RunsTx {
  return {
    tx,
    scope: new Scope(tx, organizationId),
    organizationId,
    approvalTimeoutMs: deps.approvalTimeoutMs ?? DEFAULT_APPROVAL_TIMEOUT_MS,
    onRunEnded: deps.onRunEnded,
    envelope: deps.envelope,
  };
}

/** The audit entity of a run kind. */
export const auditEntityOf = (kind: RunRow['kind']): AuditEntityType =>
  kind === 'plan' ? 'plan' : kind === 'task' ? 'task' : kind === 'drift' ? 'driftDetection' : 'deployment';

const runnerInitiator = (runnerId: string | null): AuditInitiator => ({ name: `runner ${runnerId ?? 'unknown'}`, type: 'system', userId: null });
const runnerActor = (runnerId: string | null): TransitionActor => ({ kind: 'runner', id: runnerId });

const leaseUntil = (seconds: number) => sql`now() + make_interval(secs => ${seconds}::int)` as unknown as Date;

const toJobRunKind = (kind: RunRow['kind']): JobRunKind => (kind === 'external_run' ? 'plan' : kind);

function claimed(job: RunJobRow, run: RunRow): ClaimedJob {
  return { jobId: job.id, attempt: job.attempt, runId: run.id, runKind: toJobRunKind(run.kind), phase: job.phase, stackId: job.stackId, organizationId: job.organizationId };
}

// ---------------------------------------------------------------------------------------------
// Claim

/**
 * Claims the next queued job of a runner group in one transaction (advisory lock per group, FOR
 * UPDATE SKIP LOCKED, priority then age); attempt += 1; the run goes inProgress through transitionRun.
 */
export async function claimNextJob(
  deps: RunJobsDeps,
  request: { organizationId?: string; runnerGroupId: string; runnerId: string; leaseSeconds?: number; concurrencyLimit?: SQL },
): Promise<ClaimedJob | null> {
  const lease = request.leaseSeconds ?? DEFAULT_LEASE_SECONDS;
  return deps.db.transaction(async (tx) => {
    // A job whose run no longer waits for it (it should not exist) is withdrawn, and the next one tried.
    for (let tries = 0; tries < 20; tries += 1) {
      const job = await lockNextQueuedJob(tx, request.runnerGroupId, request.organizationId, request.concurrencyLimit);
      if (!job) return null;
      const t = runsTx(deps, tx, job.organizationId);
      const run = await lockRun(t.scope, job.runId);
      if (!run || !findRunTransition(run.status as never, 'claim', run.kind === 'external_run' ? 'plan' : run.kind)) {
        await updateJob(t.scope, job.id, { status: 'canceled', finishedAt: new Date(), error: 'The run no longer waits for this job' });
        continue;
      }
      const taken = await updateJob(t.scope, job.id, {
        status: 'claimed',
        attempt: job.attempt + 1,
        runnerId: request.runnerId,
        claimedAt: new Date(),
        leaseExpiresAt: leaseUntil(lease),
      });
      if (!taken) return null;
      const moved = await transitionRun(t, run.id, 'claim', runnerActor(request.runnerId), { changes: { phase: job.phase } });
      if (job.phase !== 'apply') {
        await writeStep(t.scope, run.id, 'gitClone', stepPosition('gitClone'), { status: 'inProgress', started: true });
      } else {
        await writeStep(t.scope, run.id, 'terraformApply', stepPosition('terraformApply'), { status: 'inProgress', started: true });
      }
      await recordAudit(t.scope, runnerInitiator(request.runnerId), { entityType: auditEntityOf(run.kind), entityId: run.id, action: 'update' });
      return claimed(taken, moved);
    }
    return null;
  });
}

// ---------------------------------------------------------------------------------------------
// The job's spec

async function liveJob(deps: RunJobsDeps, ref: JobRef): Promise<RunJobRow> {
  const job = await findJobAnywhere(deps.db, ref.jobId);
  if (!job || job.attempt !== ref.attempt || !liveStatuses.includes(job.status)) throw new StaleAttemptError(ref.jobId, ref.attempt);
  return job;
}

/** Whether this attempt of the job is still its live one (claimed or running): the runner protocol's fencing. */
export async function isJobAttemptLive(deps: Pick<RunJobsDeps, 'db'>, ref: JobRef): Promise<boolean> {
  const job = await findJobAnywhere(deps.db, ref.jobId);
  return !!job && job.attempt === ref.attempt && liveStatuses.includes(job.status);
}

/**
 * What a job's token may do with its stack's state (design §5.3, job tokens): the apply and task
 * phases write it; a deployment's plan locks it (the plan runs with the lock, see planOptionsOf)
 * but never writes it; a speculative plan (kind plan, drift) only reads it (-lock=false).
 */
export async function stateAccessOfJob(
  deps: Pick<RunJobsDeps, 'db'>,
  job: { organizationId: string; runId: string; phase: RunJobRow['phase'] },
): Promise<'read' | 'lock' | 'write' | 'forceUnlock'> {
  if (job.phase === 'apply') return 'write';
  const run = await readOrganization(deps.db, job.organizationId, (scope) => findRun(scope, job.runId));
  // A releaseStateLock task force-unlocks (terraform sends no lock id): its creator was allowed to.
  if (job.phase === 'task') return run && toTask(run.config)?.kind === 'releaseStateLock' ? 'forceUnlock' : 'write';
  return run && isMutatingRunKind(run.kind === 'external_run' ? 'plan' : run.kind) ? 'lock' : 'read';
}

/** Jobs claimed or running per runner group of an organization (runner groups' settings). */
export async function liveJobsByGroup(deps: Pick<RunJobsDeps, 'db'>, organizationId: string): Promise<Map<string, number>> {
  const result = await deps.db.execute<{ group: string; n: string }>(sql`
    select runner_group_id as "group", count(*) as n from run_jobs
    where organization_id = ${organizationId} and status in ('claimed', 'running') group by runner_group_id`);
  return new Map(result.rows.map((r) => [r.group, Number(r.n)]));
}

function toTask(config: Record<string, unknown>): JobTask | undefined {
  const task = config['taskToExecute'] as Record<string, unknown> | undefined;
  if (!task) return undefined;
  switch (task['taskType']) {
    case 'releaseStateLock':
      return { kind: 'releaseStateLock', lockId: String(task['lockId']) };
    case 'taintResources':
      return { kind: 'taint', addresses: task['resourcesAddresses'] as string[] };
    case 'untaintResources':
      return { kind: 'untaint', addresses: task['resourcesAddresses'] as string[] };
    case 'removeResources':
      return { kind: 'remove', addresses: task['resourcesAddresses'] as string[] };
    case 'importResources':
      return {
        kind: 'import',
        resources: (task['resources'] as { resourceAddress: string; importId: string }[]).map((r) => ({ address: r.resourceAddress, id: r.importId })),
      };
    case 'refreshState':
      return { kind: 'refreshState', refreshMode: task['mode'] === 'Apply' ? 'apply' : 'plan' };
    default:
      return undefined;
  }
}

const openArtifact = (deps: RunJobsDeps, organizationId: string, kind: string, runId: string, sealed: string) =>
  deps.envelope.decrypt(sealed, `${organizationId}|run-artifact:${kind}|${runId}`);
const sealArtifact = (deps: RunJobsDeps, organizationId: string, kind: string, runId: string, base64: string) =>
  deps.envelope.encrypt(base64, `${organizationId}|run-artifact:${kind}|${runId}`);

/** Ends the job's run in error because its spec cannot be built, and answers the error to throw. */
async function failAtSpec(deps: RunJobsDeps, job: RunJobRow, message: string): Promise<JobSpecError> {
  await deps.db.transaction(async (tx) => {
    const t = runsTx(deps, tx, job.organizationId);
    const run = await lockRun(t.scope, job.runId);
    const current = await lockJob(t.scope, job.id);
    if (!run || !current || current.attempt !== job.attempt || !liveStatuses.includes(current.status)) return;
    await updateJob(t.scope, job.id, { status: 'failed', finishedAt: new Date(), error: message });
    if (findRunTransition(run.status as never, 'jobErrored', run.kind === 'external_run' ? 'plan' : run.kind)) {
      await transitionRun(t, run.id, 'jobErrored', { kind: 'system' }, { errorSummary: message });
    }
  });
  return new JobSpecError(message);
}

/**
 * The plan options of a run: a refresh-only deployment (drift remediation accepting the cloud's
 * values) plans with -refresh-only; targets (remediating chosen resources) become -target.
 */
function planOptionsOf(run: RunRow): NonNullable<JobSpec['plan']> {
  const targets = Array.isArray(run.config['targets']) ? (run.config['targets'] as string[]) : [];
  return {
    destroy: run.kind === 'destroy',
    refreshOnly: run.config['refreshOnly'] === true,
    lock: isMutatingRunKind(run.kind === 'external_run' ? 'plan' : run.kind),
    ...(targets.length ? { targets } : {}),
  };
}

/** The plan JSON a run's plan phase stored (terraform show -json), read in the caller's transaction. */
export async function runPlanJson(deps: Pick<RunJobsDeps, 'envelope'>, t: RunsTx, runId: string): Promise<Record<string, unknown> | null> {
  const artifact = await findArtifact(t.scope, runId, 'planjson');
  if (!artifact) return null;
  const text = Buffer.from(openArtifact(deps as RunJobsDeps, t.organizationId, 'planjson', runId, artifact.sealed), 'base64').toString('utf8');
  return parsePlanJson(text);
}

/** The run kinds whose plan is checked by the control policies. */
const policyRunKinds = new Set<string>(['plan', 'deployment', 'destroy']);

/** The control policies a run's plan job was given (its spec's), read in the caller's transaction. */
async function jobControlPolicies(deps: RunJobsDeps, t: RunsTx, runId: string): Promise<NonNullable<JobSpec['controlPolicies']> | null> {
  const artifact = await findArtifact(t.scope, runId, 'policyinput');
  if (!artifact) return null;
  return JSON.parse(Buffer.from(openArtifact(deps, t.organizationId, 'policyinput', runId, artifact.sealed), 'base64').toString('utf8')) as NonNullable<JobSpec['controlPolicies']>;
}

/** The JobSpec of a live job (claimed or running, this attempt): variables decrypted. */
export async function jobSpec(deps: RunJobsDeps, ref: JobRef): Promise<JobSpec> {
  const job = await liveJob(deps, ref);
  const run = await readOrganization(deps.db, job.organizationId, (scope) => findRun(scope, job.runId));
  if (!run) throw new StaleAttemptError(ref.jobId, ref.attempt);
  const stack = await stackForRuns(deps.db, job.organizationId, run.stackId);
  if (!stack) throw await failAtSpec(deps, job, `The stack ${run.stackId} no longer exists`);
  const vcs = stack.data.vcsInfo;
  if (!vcs?.providerId || !vcs.repoName) {
    throw await failAtSpec(deps, job, 'This error occurred before individual steps could be executed: the stack has no repository');
  }
  if (!deps.repositoryRemote) throw await failAtSpec(deps, job, 'This error occurred before individual steps could be executed: repositories are not reachable');
  let remote: GitRemote;
  try {
    remote = await deps.repositoryRemote(job.organizationId, vcs.providerId, vcs.repoName);
  } catch (error) {
    const cause = error instanceof Error ? error.message : String(error);
    throw await failAtSpec(deps, job, `This error occurred before individual steps could be executed: ${cause}`);
  }
  const resolved = deps.variablesForRun ? await deps.variablesForRun(job.organizationId, run.stackId) : { variables: [], missing: [] };
  if (resolved.missing.length) {
    throw await failAtSpec(deps, job, `Required variables have no value: ${resolved.missing.join(', ')}`);
  }
  const variables: JobVariable[] = resolved.variables.map((v) => ({
    name: v.key,
    value: v.value,
    kind: v.type === 'envVar' ? 'environment' : 'terraform',
    sensitive: v.isSensitive,
    // An HCL value (a list, a map, an object) is written to the tfvars as it is, not quoted.
    ...(v.isHcl && v.type === 'tfVar' ? { hcl: true } : {}),
  }));
  // The referenced outputs of the stacks this one depends on (design §5.11) are its inputs too.
  for (const input of await dependencyInputsForRun({ db: deps.db, envelope: deps.envelope }, job.organizationId, run.stackId)) {
    const at = variables.findIndex((v) => v.kind === 'terraform' && v.name === input.name);
    const variable: JobVariable = { name: input.name, value: input.value, kind: 'terraform', sensitive: input.sensitive, ...(input.hcl ? { hcl: true } : {}) };
    if (at === -1) variables.push(variable);
    else variables[at] = variable;
  }
  const gitInfo = run.gitInfo as { branch?: string; headSha?: string };
  const credentials = remote.credentials
    ? remote.credentials.type === 'sshKey'
      ? // The host keys SSH clones trust (the provider's and the hosted services'): nothing else is.
        { sshPrivateKey: remote.credentials.privateKey, ...(remote.credentials.knownHosts ? { knownHosts: remote.credentials.knownHosts } : {}) }
      : { username: remote.credentials.username, password: remote.credentials.password }
    : undefined;
  const task = run.kind === 'task' ? toTask(run.config) : undefined;
  // The stack's terragrunt "run all" setting: every unit under its directory, each with its own state.
  const runAll = stack.iacType === 'terragrunt' && stack.data.iacConfig?.isTerragruntRunAll === true;
  if (runAll && task?.kind === 'releaseStateLock') {
    // The lock id does not say whose: the units whose state the server holds locked with it.
    task.lockedUnits = await statesLockedWith(deps, job.organizationId, stack.id, task.lockId);
  }
  const spec: JobSpec = {
    jobId: job.id,
    runId: run.id,
    runKind: toJobRunKind(run.kind),
    phase: job.phase,
    organizationId: job.organizationId,
    stackId: stack.id,
    stackName: stack.name,
    repository: {
      url: remote.url,
      branch: gitInfo.branch ?? vcs.branch ?? 'main',
      ...(gitInfo.headSha ? { commitSha: gitInfo.headSha } : {}),
      path: vcs.path ?? '',
      ...(credentials ? { credentials } : {}),
    },
    iac: { engine: stack.iacType, version: run.iacVersion ?? LATEST_VERSION, ...(runAll ? { runAll } : {}) },
    variables,
    varFiles: stack.data.iacConfig?.varFiles ?? [],
    hooks: { beforeInit: [], afterInit: [], beforePlan: [], afterPlan: [], beforeApply: [], afterApply: [] },
    ...(task ? { task } : {}),
    ...(job.phase !== 'task' ? { plan: planOptionsOf(run) } : {}),
    backend: deps.stateBackend ? await deps.stateBackend(claimed(job, run)) : { kind: 'local' },
  };
  if (job.phase === 'plan' && deps.controlPoliciesForJob && policyRunKinds.has(run.kind)) {
    // Resolved here, outside the finishing transaction (a repository's Rego is read now); what the
    // job was given is kept, so its finish is checked against it.
    const controlPolicies = await deps.controlPoliciesForJob(job.organizationId, { id: run.id, kind: run.kind, stackId: run.stackId, namespaceId: run.namespaceId, stackName: stack.name });
    await deps.db.transaction(async (tx) =>
      storeArtifact(deps, runsTx(deps, tx, job.organizationId), run.id, 'policyinput', Buffer.from(JSON.stringify(controlPolicies)).toString('base64')),
    );
    if (controlPolicies.policies.length) spec.controlPolicies = controlPolicies;
  }
  if (job.phase === 'apply') {
    for (const kind of ['planfile', 'lockfile'] as const) {
      const artifact = await readOrganization(deps.db, job.organizationId, (scope) => findArtifact(scope, run.id, kind));
      if (artifact) spec[kind === 'planfile' ? 'planFile' : 'lockFile'] = openArtifact(deps, job.organizationId, kind, run.id, artifact.sealed);
    }
  }
  return spec;
}

// ---------------------------------------------------------------------------------------------
// Steps, leases

/** Step keys as the engine names them (customFlow.beforeInit) become the contract's (customFlowBeforeInit). */
export function normaliseStepKey(key: string): string {
  const [head, tail] = key.split('.');
  return tail ? `${head}${tail.charAt(0).toUpperCase()}${tail.slice(1)}` : key;
}

/** Where a step's result sits in the contract's RunStepResults (customFlow steps under customFlow). */
export const stepResultKeys: Record<string, string> = {
  gitClone: 'gitCloneResult',
  terraformInit: 'terraformInitResult',
  tfLint: 'tfLintResult',
  tfSec: 'tfSecResult',
  terraformPlan: 'terraformPlanResult',
  infracost: 'infracostResult',
  controlPolicies: 'controlPoliciesResult',
  terraformApply: 'terraformApplyResult',
  taskExecution: 'taskExecutionResult',
};
export const customFlowResultKeys: Record<string, string> = {
  customFlowBeforeInit: 'beforeInit',
  customFlowAfterInit: 'afterInit',
  customFlowBeforePlan: 'beforePlan',
  customFlowAfterPlan: 'afterPlan',
  customFlowBeforeApply: 'beforeApply',
  customFlowAfterApply: 'afterApply',
};

/**
 * A step's own result: the engine sends it bare (stdOut, summary, …); the runner protocol may send
 * it under the contract's result key (`{ terraformPlanResult: {…} }`, `{ customFlow: { beforeInit } }`).
 */
export function unwrapStepResult(key: string, result: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!result) return undefined;
  const keyed = stepResultKeys[key];
  if (keyed && result[keyed] && typeof result[keyed] === 'object') return result[keyed] as Record<string, unknown>;
  const flow = customFlowResultKeys[key];
  const nested = flow ? (result['customFlow'] as Record<string, unknown> | undefined)?.[flow] : undefined;
  if (nested && typeof nested === 'object') return nested as Record<string, unknown>;
  return result;
}

const unfinishedStepStatuses: StepStatus[] = ['notStarted', 'inProgress', 'waitingForApproval', 'waitingForFailedControlPoliciesApproval', 'waitingForErrorControlPoliciesApproval'];

/** Locks the job's run then the job (the order every writer keeps) and checks the attempt is live. */
async function lockLive(t: RunsTx, job: RunJobRow, ref: JobRef): Promise<{ run: RunRow; job: RunJobRow }> {
  const run = await lockRun(t.scope, job.runId);
  const current = await lockJob(t.scope, job.id);
  if (!run || !current || current.attempt !== ref.attempt || !liveStatuses.includes(current.status)) throw new StaleAttemptError(ref.jobId, ref.attempt);
  return { run, job: current };
}

/** Records a step's status and result; answers the job's signal (cancel, force) for the runner. */
export async function recordStepResult(deps: RunJobsDeps, ref: JobRef, report: JobStepReport): Promise<{ signal: JobSignal }> {
  const found = await liveJob(deps, ref);
  return deps.db.transaction(async (tx) => {
    const t = runsTx(deps, tx, found.organizationId);
    const { run, job } = await lockLive(t, found, ref);
    const key = normaliseStepKey(report.key);
    await writeStep(t.scope, run.id, key, stepPosition(key), {
      status: report.status,
      result: unwrapStepResult(key, report.result),
      started: report.status !== 'notStarted',
      finished: !unfinishedStepStatuses.includes(report.status),
    });
    if (job.status === 'claimed') await updateJob(t.scope, job.id, { status: 'running', startedAt: new Date() });
    return { signal: job.signal };
  });
}

/** Heartbeat: extends the leases of the runner's live jobs; answers each job's signal (cancel for a job no longer its). */
export async function extendLeases(
  deps: RunJobsDeps,
  runnerId: string,
  jobs: JobRef[],
  leaseSeconds: number = DEFAULT_LEASE_SECONDS,
): Promise<{ signals: { jobId: string; signal: JobSignal }[] }> {
  const extended = new Map((await extendJobLeases(deps.db, runnerId, jobs, leaseSeconds)).map((r) => [r.id, r.signal]));
  return { signals: jobs.map((j) => ({ jobId: j.jobId, signal: extended.get(j.jobId) ?? 'cancel' })) };
}

// ---------------------------------------------------------------------------------------------
// Finish

interface StoredPlanSummary {
  create: { tfResourceName: string }[];
  update: { tfResourceName: string }[];
  delete: { tfResourceName: string }[];
  replace: { tfResourceName: string }[];
  add: number;
  change: number;
  destroy: number;
  replaceCount: number;
  import: number;
  hasChanges: boolean;
  hasOutputChanges: boolean;
}

/** The run's plan summary from the job's counts and resource changes (terraform show -json). */
export function planSummaryOf(outcome: Pick<JobOutcome, 'planSummary' | 'resourceChanges' | 'outputChanges'>): StoredPlanSummary {
  const lists = { create: [] as { tfResourceName: string }[], update: [] as { tfResourceName: string }[], delete: [] as { tfResourceName: string }[], replace: [] as { tfResourceName: string }[] };
  for (const change of outcome.resourceChanges ?? ([] as JobResourceChange[])) {
    const actions = change.change?.actions ?? change.actions ?? (change.action ? [change.action] : []);
    const entry = { tfResourceName: change.address };
    if (actions.includes('replace') || (actions.includes('create') && actions.includes('delete'))) lists.replace.push(entry);
    else if (actions.includes('create')) lists.create.push(entry);
    else if (actions.includes('delete')) lists.delete.push(entry);
    else if (actions.includes('update')) lists.update.push(entry);
  }
  const counts = outcome.planSummary;
  const add = counts?.add ?? lists.create.length;
  const change = counts?.change ?? lists.update.length;
  const destroy = counts?.destroy ?? lists.delete.length;
  const replace = counts?.replace ?? lists.replace.length;
  return {
    ...lists,
    add,
    change,
    destroy,
    replaceCount: replace,
    import: counts?.import ?? 0,
    hasChanges: counts?.hasChanges ?? add + change + destroy + replace + (outcome.outputChanges?.length ?? 0) > 0,
    hasOutputChanges: (outcome.outputChanges?.length ?? 0) > 0,
  };
}

async function storeArtifact(deps: RunJobsDeps, t: RunsTx, runId: string, kind: 'planfile' | 'planjson' | 'lockfile' | 'policyinput', base64: string): Promise<void> {
  const bytes = Buffer.from(base64, 'base64');
  await upsertArtifact(t.scope, {
    id: `art-${runId}-${kind}`,
    runId,
    kind,
    size: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    sealed: sealArtifact(deps, t.organizationId, kind, runId, base64),
  });
}

const policyStepStatus: Record<ControlPoliciesOutcome, StepStatus> = {
  passed: 'succeeded',
  warning: 'successWithWarning',
  softFailed: 'waitingForFailedControlPoliciesApproval',
  error: 'waitingForErrorControlPoliciesApproval',
  hardFailed: 'failed',
};

/** After control policies pass (or were overridden): autoApprove queues the apply job, otherwise the run waits for people. */
export async function evaluateApprovalPolicy(t: RunsTx, run: RunRow, actor: TransitionActor): Promise<RunRow> {
  const rules = ((run.approval?.['rules'] as ApprovalRule[] | undefined) ?? []) as ApprovalRule[];
  return transitionRun(t, run.id, isAutoApproved(rules) ? 'autoApprove' : 'requireApproval', actor);
}

async function finishPlanPhase(deps: RunJobsDeps, t: RunsTx, run: RunRow, outcome: JobOutcome, actor: TransitionActor): Promise<void> {
  if (outcome.planFile) await storeArtifact(deps, t, run.id, 'planfile', outcome.planFile);
  if (outcome.lockFile) await storeArtifact(deps, t, run.id, 'lockfile', outcome.lockFile);
  // terraform's `show -json` when the engine gives it, else the resource changes it reported.
  const planJson = parsePlanJson(outcome.planJson) ?? (outcome.resourceChanges ? { resource_changes: outcome.resourceChanges } : null);
  if (planJson) await storeArtifact(deps, t, run.id, 'planjson', Buffer.from(JSON.stringify(planJson)).toString('base64'));
  const summary = planSummaryOf(outcome);
  await updateRun(t.scope, run.id, { planSummary: summary as unknown as Record<string, unknown> });
  await writeStep(t.scope, run.id, 'terraformPlan', stepPosition('terraformPlan'), {
    status: 'succeeded',
    finished: true,
    result: { summary: { create: summary.create, update: summary.update, delete: summary.delete, replace: summary.replace, hasOutputChanges: summary.hasOutputChanges } },
  });
  const deploymentKind = run.kind === 'deployment' || run.kind === 'destroy';
  if (!summary.hasChanges) {
    if (deploymentKind) {
      for (const key of ['controlPolicies', 'approval', 'terraformApply', 'outputs']) {
        await writeStep(t.scope, run.id, key, stepPosition(key), { status: 'skipped', result: { skippedReason: 'The plan has no changes' } });
      }
    }
    await transitionRun(t, run.id, 'planNoChanges', actor);
    return;
  }
  // The runner evaluated the policies its spec carried; they are checked against it and recorded here.
  const record = deps.recordControlPolicies ?? passingControlPolicies;
  const reported = async () =>
    record(t.scope, { run: { id: run.id, kind: run.kind, stackId: run.stackId, namespaceId: run.namespaceId }, job: await jobControlPolicies(deps, t, run.id), reported: outcome.controlPolicyResults });
  if (!deploymentKind) {
    // A plan (a pull request's, a user's) shows its policy results as findings; they never stop it.
    if (run.kind === 'plan' && deps.recordControlPolicies) {
      const checked = await reported();
      if (checked.results?.length) {
        const status: StepStatus = checked.outcome === 'passed' ? 'succeeded' : 'issuesFound';
        await writeStep(t.scope, run.id, 'controlPolicies', stepPosition('controlPolicies'), {
          status,
          started: true,
          finished: true,
          result: { status, controlPoliciesRunResult: checked.results },
        });
      }
    }
    await transitionRun(t, run.id, 'planSucceeded', actor);
    return;
  }
  const policies = await reported();
  await writeStep(t.scope, run.id, 'controlPolicies', stepPosition('controlPolicies'), {
    status: policyStepStatus[policies.outcome],
    started: true,
    finished: policies.outcome === 'passed' || policies.outcome === 'warning' || policies.outcome === 'hardFailed',
    result: { status: policyStepStatus[policies.outcome], controlPoliciesRunResult: policies.results ?? [] },
  });
  await updateRun(t.scope, run.id, { policySummary: { outcome: policies.outcome, results: policies.results ?? [] } });
  const event: RunEvent | null =
    policies.outcome === 'hardFailed'
      ? 'policiesHardFailed'
      : policies.outcome === 'softFailed'
        ? 'policiesSoftFailed'
        : policies.outcome === 'error'
          ? 'policiesErrored'
          : null;
  if (event) {
    const hardFailures = (policies.results ?? []).filter((r) => r.enforcementLevel === 'hardMandatory' && r.status !== 'passed').map((r) => r.policyName);
    await transitionRun(
      t,
      run.id,
      event,
      actor,
      policies.outcome === 'hardFailed' ? { errorSummary: `A hard-mandatory control policy failed: ${hardFailures.slice(0, 3).join(', ')}${hardFailures.length > 3 ? ` and ${hardFailures.length - 3} more` : ''}` } : {},
    );
    return;
  }
  await evaluateApprovalPolicy(t, run, actor);
}

function parsePlanJson(text: string | undefined): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const beforeStepsMessage = 'This error occurred before individual steps could be executed';

/** Ends a job and moves its run on (one transaction); a stale attempt throws StaleAttemptError. */
export async function finishJob(deps: RunJobsDeps, ref: JobRef, outcome: JobOutcome): Promise<void> {
  const found = await liveJob(deps, ref);
  await deps.db.transaction(async (tx) => {
    const t = runsTx(deps, tx, found.organizationId);
    const { run, job } = await lockLive(t, found, ref);
    const actor = runnerActor(job.runnerId);
    await updateJob(t.scope, job.id, {
      status: outcome.status,
      finishedAt: new Date(),
      exitCode: outcome.exitCode ?? null,
      error: outcome.error ?? null,
    });
    const phase = job.phase;
    const succeeded = outcome.status === 'succeeded';
    // What the job actually ran: the commit of the branch, the version a constraint resolved to.
    const ran: Record<string, unknown> = {};
    if (outcome.commitSha && /^[0-9a-f]{7,64}$/i.test(outcome.commitSha)) ran['gitInfo'] = { ...run.gitInfo, headSha: outcome.commitSha.toLowerCase() };
    if (outcome.iacVersion) ran['iacVersion'] = outcome.iacVersion;
    if (Object.keys(ran).length) await updateRun(t.scope, run.id, ran);
    if (run.status === 'cancelling') {
      // The cancel raced the job's end: an apply or task that finished is what happened; anything else was cancelled.
      if (succeeded && phase === 'apply') await transitionRun(t, run.id, 'applySucceeded', actor);
      else if (succeeded && phase === 'task') await transitionRun(t, run.id, 'taskSucceeded', actor);
      else await transitionRun(t, run.id, 'runnerCanceled', actor);
    } else if (outcome.status === 'canceled') {
      await transitionRun(t, run.id, 'jobErrored', actor, { errorSummary: outcome.error ?? 'The runner cancelled the job without being asked to' });
    } else if (!succeeded) {
      // Failing to clone (authentication, a missing branch) or to get the binary is before the steps.
      const steps = await listSteps(t.scope, run.id);
      const anyStepRan = steps.some((s) => s.key !== 'gitClone' && s.status !== 'notStarted');
      if (outcome.errorSummary || !anyStepRan) {
        await transitionRun(t, run.id, 'jobErrored', actor, {
          errorSummary: outcome.errorSummary ?? `${beforeStepsMessage}${outcome.error ? `: ${outcome.error}` : ''}`,
        });
      } else {
        const event: RunEvent = phase === 'apply' ? 'applyFailed' : phase === 'task' ? 'taskFailed' : 'planFailed';
        await transitionRun(t, run.id, event, actor, outcome.error ? { errorSummary: outcome.error } : {});
      }
    } else if (phase === 'plan') {
      await finishPlanPhase(deps, t, run, outcome, actor);
    } else if (phase === 'apply') {
      await transitionRun(t, run.id, 'applySucceeded', actor);
    } else {
      await transitionRun(t, run.id, 'taskSucceeded', actor);
    }
    await recordAudit(t.scope, runnerInitiator(job.runnerId), { entityType: auditEntityOf(run.kind), entityId: run.id, action: 'update' });
  });
}

// ---------------------------------------------------------------------------------------------
// Sweepers

/** How many times a job safe to run again is claimed before a lost runner ends its run in error. */
export const MAX_REQUEUED_ATTEMPTS = 3;

/**
 * Sweeper: jobs whose lease expired are lost. A job safe to run again (a speculative plan's, kind
 * plan or drift; any job never started, an apply's too) is queued again, up to
 * MAX_REQUEUED_ATTEMPTS claims, the reason kept on the job and in the run's transitions;
 * any other run ends in error with `reasonFor(job)`.
 */
export async function failExpiredJobs(deps: RunJobsDeps, reasonFor: (job: ExpiredJob) => string): Promise<number> {
  let failed = 0;
  for (const candidate of await expiredJobs(deps.db, 200)) {
    const done = await deps.db.transaction(async (tx) => {
      const t = runsTx(deps, tx, candidate.organizationId);
      const run = await lockRun(t.scope, candidate.runId);
      const job = await lockJob(t.scope, candidate.id);
      // Re-read under the locks: a heartbeat or a finish may have come in since.
      if (!run || !job || job.attempt !== candidate.attempt || !liveStatuses.includes(job.status)) return false;
      if (!job.leaseExpiresAt || job.leaseExpiresAt.getTime() !== candidate.leaseExpiresAt?.getTime()) return false;
      const reason = reasonFor({
        jobId: job.id,
        runId: run.id,
        organizationId: job.organizationId,
        runnerId: job.runnerId,
        runnerGroupId: job.runnerGroupId,
        leaseExpiresAt: job.leaseExpiresAt,
      });
      // A speculative plan (a pull request's, a drift check's) changes nothing and locks nothing,
      // and a job whose runner never reported a step (still 'claimed') never ran, an apply's
      // included: another runner may run it again, a bounded number of times (an apply's run is
      // approved again). Anything else may have changed infrastructure half-way (an apply or a
      // task that ran): the run ends with the reason.
      const kind = run.kind === 'external_run' ? 'plan' : run.kind;
      const safeToRunAgain = job.status === 'claimed' || (job.phase === 'plan' && (kind === 'plan' || kind === 'drift'));
      const requeued: RunEvent = job.phase === 'apply' ? 'applyRequeued' : 'jobRequeued';
      if (safeToRunAgain && job.attempt < MAX_REQUEUED_ATTEMPTS && findRunTransition(run.status as never, requeued, kind)) {
        const why = `${reason} (attempt ${job.attempt} of ${MAX_REQUEUED_ATTEMPTS}: queued again for another runner)`;
        await updateJob(t.scope, job.id, { status: 'queued', runnerId: null, claimedAt: null, startedAt: null, leaseExpiresAt: null, signal: 'none', error: why });
        await transitionRun(t, run.id, requeued, { kind: 'sweeper' }, { reason: why });
        // The claim marked the apply step in progress; it has not started.
        if (job.phase === 'apply') await writeStep(t.scope, run.id, 'terraformApply', stepPosition('terraformApply'), { status: 'notStarted' });
        await notifyJobQueued(t.tx, job.runnerGroupId);
        await recordAudit(t.scope, { name: 'sweeper', type: 'system', userId: null }, { entityType: auditEntityOf(run.kind), entityId: run.id, action: 'update' });
        return true;
      }
      await updateJob(t.scope, job.id, { status: 'lost', finishedAt: new Date(), error: reason });
      if (findRunTransition(run.status as never, 'jobLost', kind)) {
        await transitionRun(t, run.id, 'jobLost', { kind: 'sweeper' }, { errorSummary: reason });
      }
      await recordAudit(t.scope, { name: 'sweeper', type: 'system', userId: null }, { entityType: auditEntityOf(run.kind), entityId: run.id, action: 'update' });
      return true;
    });
    if (done) failed += 1;
  }
  return failed;
}

/** Sweeper: deployments waiting for approval (or a policy override) past their deadline end in approvalTimeout. */
export async function expireApprovals(deps: RunJobsDeps): Promise<number> {
  let expired = 0;
  for (const candidate of await expiredApprovalRuns(deps.db, 200)) {
    const done = await deps.db.transaction(async (tx) => {
      const t = runsTx(deps, tx, candidate.organizationId);
      const run = await lockRun(t.scope, candidate.id);
      if (!run?.approvalDeadlineAt || run.approvalDeadlineAt.getTime() > Date.now()) return false;
      if (!findRunTransition(run.status as never, 'approvalExpired', run.kind === 'external_run' ? 'plan' : run.kind)) return false;
      await transitionRun(t, run.id, 'approvalExpired', { kind: 'sweeper' }, {
        errorSummary: `No approval was given before ${run.approvalDeadlineAt.toISOString()}`,
      });
      await recordAudit(t.scope, { name: 'sweeper', type: 'system', userId: null }, { entityType: auditEntityOf(run.kind), entityId: run.id, action: 'update' });
      return true;
    });
    if (done) expired += 1;
  }
  return expired;
}
