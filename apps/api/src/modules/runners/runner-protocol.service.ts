import { randomBytes } from 'node:crypto';
import { CM_DEFAULT_RUNNER_GROUP } from '@terrace/domain';
import { and, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import { newId } from '../../crypto/ids';
import { hashToken } from '../../crypto/opaque-token';
import type { Database } from '../../db/database';
import { inOrganization, Scope } from '../../db/scope';
import { DomainError, unauthenticated } from '../../http/domain-error';
import { recordAudit } from '../audit/audit.service';
import {
  claimNextJob,
  extendLeases,
  failExpiredJobs,
  finishJob,
  isJobAttemptLive,
  jobSpec,
  recordStepResult,
  StaleAttemptError,
  stateAccessOfJob,
  type ExpiredJob,
  type JobOutcome,
  type JobRef,
  type JobSignal,
  type JobSpec,
  type RunJobsDeps,
} from '../runs/run-jobs.service';
import { appendJobLog, compactRunLog, jobLogEnd, nextLogBase, runLogEnd, type LogGap, type LogWriter, type RunLogsDeps } from './run-logs.service';
import { RUN_JOBS_CHANNEL, RUN_LOG_CHANNEL, RUN_STEP_CHANNEL, type RunnerEvents } from './runner-events';
import { DEFAULT_MANAGED_CONCURRENCY, RUNNER_ERROR_AFTER_MS, RUNNER_WARNING_AFTER_MS } from './runners.service';
import { runLogChunks, runnerGroups, runnerGroupTokens, runnerHeartbeats, runnerJobTokens, runners } from './runners.schema';

// The server side of the runner protocol (design §5.3): registration, heartbeats, the long-polled
// claim, job tokens and fencing, log chunks with the finish barrier, and the sweeper.

export const HEARTBEAT_INTERVAL_SECONDS = 10;
export const LEASE_SECONDS = 90;
/** A job token outlives the job's timeout (6 h per phase) by 15 minutes, unless the job ends first. */
export const JOB_TOKEN_TTL_SECONDS = 6 * 3600 + 15 * 60;
/** The longest a claim waits for a job. */
export const MAX_CLAIM_WAIT_SECONDS = 30;

export interface RunnerProtocolDeps extends RunLogsDeps {
  db: Database;
  runs: RunJobsDeps;
  events: RunnerEvents;
  /** This process's log appends under way (AppendsInProgress). */
  appendsInProgress: AppendsInProgress;
  leaseSeconds?: number;
  /**
   * Releases the state locks a job still holds (terraform-state's releaseJobStateLocks), audited:
   * once the job finished, or was lost (its token is dead by then, so a zombie terraform can no
   * longer write the state the lock protected).
   */
  releaseJobStateLocks?: (organizationId: string, jobId: string) => Promise<number>;
  /**
   * The cloud credentials a job's stack deploys with (the cloud-credentials domain's, when it
   * exists); without it a job has none.
   */
  cloudCredentialsOfJob?: (job: { organizationId: string; stackId: string; runId: string; phase: JobPrincipal['phase'] }) => Promise<JobCloudCredentials[]>;
}

/** One provider's short-lived credentials for a job: environment variables the IaC tool reads. */
export interface JobCloudCredentials {
  provider: 'aws' | 'azure' | 'gcp' | 'datadog' | 'cloudflare' | 'vcd' | 'databricks' | 'confluent' | 'okta' | 'mongodbatlas';
  env: Record<string, string>;
  expiresAt?: string;
}

/** Who calls: a registered self-hosted runner, or the managed runner in the server process (all organizations). */
export interface RunnerPrincipal {
  runnerId: string;
  name: string;
  groupId: string;
  /** null: the managed runner, which serves the default group of every organization. */
  organizationId: string | null;
}

/** A job call's caller: the job token's attempt. */
export interface JobPrincipal extends JobRef {
  organizationId: string;
  runId: string;
  stackId: string;
  phase: 'plan' | 'apply' | 'task';
  runnerId: string;
  logBase: number;
}

export const newRunnerToken = () => `trn_${randomBytes(32).toString('base64url')}`;
export const newJobToken = () => `tjb_${randomBytes(32).toString('base64url')}`;

const protocolInitiator = (name: string) => ({ name, type: 'system' as const, userId: null });

// ---------------------------------------------------------------------------------------------
// Registration and runner tokens

/** Registers a runner with a group's registration token; answers the runner token (shown once). */
export async function registerRunner(deps: RunnerProtocolDeps, input: { runnerGroupToken: string; name: string; version?: string | undefined }) {
  const [grant] = await deps.db
    .select()
    .from(runnerGroupTokens)
    .where(and(eq(runnerGroupTokens.tokenHash, hashToken(input.runnerGroupToken)), isNull(runnerGroupTokens.revokedAt)));
  if (!grant) throw unauthenticated('The runner group token is invalid or revoked');
  const token = newRunnerToken();
  const runnerId = newId('runner');
  await deps.db.transaction(async (tx) => {
    const scope = new Scope(tx, grant.organizationId);
    await scope.insert(runners, { id: runnerId, groupId: grant.groupId, name: input.name, version: input.version ?? null, tokenHash: hashToken(token), groupTokenId: grant.id });
    await scope.update(runnerGroupTokens, { lastUsedAt: new Date() }, eq(runnerGroupTokens.id, grant.id));
    await recordAudit(scope, protocolInitiator(`runner ${input.name}`), { entityType: 'organizationConfiguration', entityId: runnerId, entityName: `runner ${input.name}`, action: 'create' });
  });
  return { runnerId, runnerGroupId: grant.groupId, token, heartbeatIntervalSeconds: HEARTBEAT_INTERVAL_SECONDS, leaseSeconds: deps.leaseSeconds ?? LEASE_SECONDS };
}

/** The runner a runner token belongs to (its registration token must not be revoked, its group must exist). */
export async function authenticateRunner(deps: Pick<RunnerProtocolDeps, 'db'>, token: string | null): Promise<RunnerPrincipal> {
  if (!token?.startsWith('trn_')) throw unauthenticated('A runner token is required');
  const [row] = await deps.db
    .select({ id: runners.id, name: runners.name, groupId: runners.groupId, organizationId: runners.organizationId, revokedAt: runnerGroupTokens.revokedAt })
    .from(runners)
    .innerJoin(runnerGroups, and(eq(runnerGroups.organizationId, runners.organizationId), eq(runnerGroups.id, runners.groupId)))
    .leftJoin(runnerGroupTokens, eq(runnerGroupTokens.id, runners.groupTokenId))
    .where(eq(runners.tokenHash, hashToken(token)));
  if (!row || row.revokedAt) throw unauthenticated('The runner token is invalid, or its registration token was revoked');
  return { runnerId: row.id, name: row.name, groupId: row.groupId, organizationId: row.organizationId };
}

// ---------------------------------------------------------------------------------------------
// Heartbeat

/** Records the runner's heartbeat, extends its jobs' leases; answers their signals and the jobs no longer its. */
export async function runnerHeartbeat(
  deps: RunnerProtocolDeps,
  runner: RunnerPrincipal,
  report: { health: 'ok' | 'warning' | 'error' | 'shuttingDown'; jobs?: JobRef[] | undefined },
): Promise<{ signals: { jobId: string; signal: JobSignal }[]; superseded: string[] }> {
  const health = report.health === 'shuttingDown' ? 'shuttingDown' : 'ok';
  if (runner.organizationId) {
    await deps.db.update(runners).set({ lastHeartbeatAt: sql`now()` as unknown as Date, health }).where(eq(runners.id, runner.runnerId));
    await deps.db
      .insert(runnerHeartbeats)
      .values({ runnerId: runner.runnerId, organizationId: runner.organizationId, runnerGroupId: runner.groupId, name: runner.name, health })
      .onConflictDoUpdate({ target: runnerHeartbeats.runnerId, set: { health, updatedAt: sql`now()` } });
  }
  const jobs = report.jobs ?? [];
  const { signals } = await extendLeases(deps.runs, runner.runnerId, jobs, deps.leaseSeconds ?? LEASE_SECONDS);
  // extendLeases answers cancel for a job it could not extend: that job is no longer this runner's.
  const live = await Promise.all(jobs.map((j) => isJobAttemptLive(deps.runs, j)));
  const superseded = jobs.filter((_, i) => !live[i]).map((j) => j.jobId);
  return { signals: signals.filter((s) => !superseded.includes(s.jobId)), superseded };
}

// ---------------------------------------------------------------------------------------------
// Claim

/** The concurrency limit of the claimed job's group in its organization (stored, or the managed default). */
const groupLimitSql = sql`coalesce((select g.max_concurrency from runner_groups g where g.organization_id = j.organization_id and g.id = j.runner_group_id), ${DEFAULT_MANAGED_CONCURRENCY})`;

export interface ClaimedRunnerJob extends JobRef {
  runId: string;
  runKind: 'plan' | 'deployment' | 'destroy' | 'task' | 'drift';
  phase: 'plan' | 'apply' | 'task';
  stackId: string;
  token: string;
}

async function claimOnce(deps: RunnerProtocolDeps, runner: RunnerPrincipal): Promise<ClaimedRunnerJob | null> {
  const claimed = await claimNextJob(deps.runs, {
    ...(runner.organizationId ? { organizationId: runner.organizationId } : {}),
    runnerGroupId: runner.groupId,
    runnerId: runner.runnerId,
    leaseSeconds: deps.leaseSeconds ?? LEASE_SECONDS,
    concurrencyLimit: groupLimitSql,
  });
  if (!claimed) return null;
  const token = newJobToken();
  const logBase = await nextLogBase(deps.db, claimed.runId);
  await deps.db.insert(runnerJobTokens).values({
    tokenHash: hashToken(token),
    organizationId: claimed.organizationId,
    jobId: claimed.jobId,
    attempt: claimed.attempt,
    runId: claimed.runId,
    stackId: claimed.stackId,
    phase: claimed.phase,
    runnerId: runner.runnerId,
    logBase,
    expiresAt: sql`now() + make_interval(secs => ${JOB_TOKEN_TTL_SECONDS})` as unknown as Date,
  });
  return { jobId: claimed.jobId, attempt: claimed.attempt, runId: claimed.runId, runKind: claimed.runKind, phase: claimed.phase, stackId: claimed.stackId, token };
}

/**
 * Claims the next job of the runner's group, waiting up to `waitSeconds` for one: woken by the
 * `run_jobs` NOTIFY of an enqueue or a freed slot (no polling; a slow fallback re-check every 5 s
 * covers a notification lost while the listener reconnects).
 */
export async function takeNextJob(deps: RunnerProtocolDeps, runner: RunnerPrincipal, waitSeconds: number, signal?: AbortSignal): Promise<ClaimedRunnerJob | null> {
  const deadline = Date.now() + Math.min(waitSeconds, MAX_CLAIM_WAIT_SECONDS) * 1000;
  await deps.events.start();
  for (;;) {
    // Subscribe before looking, so an enqueue between the look and the wait is not missed.
    let woken = false;
    const off = deps.events.on(RUN_JOBS_CHANNEL, (payload) => {
      if (payload === runner.groupId) woken = true;
    });
    try {
      const job = await claimOnce(deps, runner);
      if (job) return job;
      const left = deadline - Date.now();
      if (left <= 0 || signal?.aborted) return null;
      if (!woken) await deps.events.waitFor(RUN_JOBS_CHANNEL, (payload) => payload === runner.groupId, Math.min(left, 5_000), signal);
    } finally {
      off();
    }
    if (Date.now() >= deadline || signal?.aborted) return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Job tokens

/** A job call's token: bound to one attempt, refused (409) once that attempt is no longer the live one. */
export async function authenticateJob(deps: Pick<RunnerProtocolDeps, 'db' | 'runs'>, token: string | null, jobId: string): Promise<JobPrincipal> {
  if (!token?.startsWith('tjb_')) throw unauthenticated('A job token is required');
  const [row] = await deps.db.select().from(runnerJobTokens).where(eq(runnerJobTokens.tokenHash, hashToken(token)));
  if (!row || row.jobId !== jobId) throw unauthenticated('The job token is invalid');
  const ref = { jobId: row.jobId, attempt: row.attempt };
  if (row.revokedAt || row.expiresAt.getTime() <= Date.now() || !(await isJobAttemptLive(deps.runs, ref))) throw new StaleAttemptError(row.jobId, row.attempt);
  return { ...ref, organizationId: row.organizationId, runId: row.runId, stackId: row.stackId, phase: row.phase, runnerId: row.runnerId, logBase: row.logBase };
}

/**
 * The state backend's view of a job token (terraform-state `resolveJobToken`): its organization,
 * stack and run while its attempt is live; null once the job ended, was lost or claimed again.
 */
export async function resolveJobToken(deps: Pick<RunnerProtocolDeps, 'db' | 'runs'>, token: string) {
  try {
    const job = await authenticateJob(deps, token, (await jobIdOfToken(deps.db, token)) ?? '');
    const stateAccess = await stateAccessOfJob(deps.runs, job);
    return { organizationId: job.organizationId, stackId: job.stackId, jobId: job.jobId, runId: job.runId, stateAccess };
  } catch {
    return null;
  }
}

async function jobIdOfToken(db: Database, token: string): Promise<string | null> {
  const [row] = await db.select({ jobId: runnerJobTokens.jobId }).from(runnerJobTokens).where(eq(runnerJobTokens.tokenHash, hashToken(token)));
  return row?.jobId ?? null;
}

/** The job's state backend, relative to the API's base URL (the runner resolves it against the URL it reaches the server at). */
export const jobStateBackend = (stackId: string, token: string) => ({
  kind: 'http' as const,
  address: `state/${stackId}`,
  lockAddress: `state/${stackId}/lock`,
  unlockAddress: `state/${stackId}/lock`,
  username: 'terraform',
  password: token,
});

/**
 * A job call made with the job's token, or with the runner token of the runner holding the job's
 * live attempt (fenced like the job token: another runner, or an attempt no longer live, is refused).
 */
export async function authenticateJobOrRunner(deps: Pick<RunnerProtocolDeps, 'db' | 'runs'>, token: string | null, jobId: string): Promise<JobPrincipal> {
  if (!token?.startsWith('trn_')) return authenticateJob(deps, token, jobId);
  const runner = await authenticateRunner(deps, token);
  const [row] = await deps.db
    .select()
    .from(runnerJobTokens)
    .where(and(eq(runnerJobTokens.jobId, jobId), eq(runnerJobTokens.runnerId, runner.runnerId), isNull(runnerJobTokens.revokedAt)))
    .orderBy(sql`${runnerJobTokens.attempt} desc`)
    .limit(1);
  if (!row) throw unauthenticated('The job is not claimed by this runner');
  const ref = { jobId: row.jobId, attempt: row.attempt };
  if (row.expiresAt.getTime() <= Date.now() || !(await isJobAttemptLive(deps.runs, ref))) throw new StaleAttemptError(row.jobId, row.attempt);
  return { ...ref, organizationId: row.organizationId, runId: row.runId, stackId: row.stackId, phase: row.phase, runnerId: row.runnerId, logBase: row.logBase };
}

/**
 * The cloud credentials of a claimed job (none until a cloud-credentials domain provides them);
 * the read is audited as a secret read on the job's stack and run, whatever it answers.
 */
export async function credentialsOfJob(deps: RunnerProtocolDeps, job: JobPrincipal): Promise<JobCloudCredentials[]> {
  const credentials = (await deps.cloudCredentialsOfJob?.(job)) ?? [];
  await inOrganization(deps.db, job.organizationId, (scope) =>
    recordAudit(scope, protocolInitiator(`job ${job.jobId}`), {
      entityType: 'stack',
      entityId: `${job.stackId}/run/${job.runId}/cloudCredentials`,
      entityName: `cloud credentials of run ${job.runId} (${credentials.map((c) => c.provider).join(', ') || 'none'})`,
      action: 'readSecret',
    }),
  );
  return credentials;
}

/** The job's spec with the product's HTTP state backend (the job token as the password). */
export async function specOfJob(deps: RunnerProtocolDeps, job: JobPrincipal, token: string): Promise<JobSpec> {
  const spec = await jobSpec(deps.runs, job);
  return { ...spec, backend: jobStateBackend(job.stackId, token) };
}

// ---------------------------------------------------------------------------------------------
// Logs, steps, finish

/**
 * A job token's right to write its job's log, as SQL (authenticateJob's fence: the token's attempt
 * is the job's live one, the token neither revoked nor expired), run inside the append's one
 * statement. The job's row is locked FOR SHARE until the append commits: a sweep or finish of the
 * job waits for the append, and an append waiting for them finds the job no longer live.
 */
const tokenLogWriter = (tokenHash: string, jobId: string): LogWriter => sql`
  select t.organization_id, t.run_id, t.job_id, t.log_base from ${runnerJobTokens} t
  join run_jobs j on j.id = t.job_id and j.attempt = t.attempt and j.status in ('claimed', 'running')
  where t.token_hash = ${tokenHash} and t.job_id = ${jobId} and t.revoked_at is null and t.expires_at > now()
  for share of j`;

/**
 * How far past the stored end of a job's log an append may arrive and wait for the bytes before it
 * (the runner agent keeps two pieces of at most 1 MiB in flight), and for how long.
 */
const LOG_AHEAD_BYTES = 2 * 1024 * 1024;
const LOG_AHEAD_WAIT_MS = 2_000;

/**
 * An append arrived before the bytes ahead of it were stored: waits (a notification, no polling)
 * until the run's log reaches its offset, when it is near. False: the gap is refused as it is.
 */
async function whenLogReaches(deps: RunnerProtocolDeps, gap: LogGap, offset: number): Promise<boolean> {
  if (offset - gap.stored > LOG_AHEAD_BYTES) return false;
  await deps.events.start();
  const target = gap.logBase + offset;
  const reaches = (payload: string) => {
    const at = payload.lastIndexOf(':');
    return payload.slice(0, at) === gap.runId && Number(payload.slice(at + 1)) >= target;
  };
  // Listening before looking: bytes stored in between are not missed.
  const stop = new AbortController();
  const woken = deps.events.waitFor(RUN_LOG_CHANNEL, reaches, LOG_AHEAD_WAIT_MS, stop.signal);
  if ((await runLogEnd(deps.db, gap.runId)) >= target) {
    stop.abort();
    return true;
  }
  return woken;
}

/**
 * Appends in progress in this process, by job token: the next piece of the same token waits here
 * for the one ahead of it (its statement would only find the gap); through another replica, the
 * database's notification does it (whenLogReaches). One per process, held by the protocol's deps.
 */
export class AppendsInProgress {
  readonly #byToken = new Map<string, { end: number; done: Promise<void> }>();

  /** Runs `append` after the token's append ending at `offset`, if one is under way here. */
  async inOrder<T>(tokenHash: string, offset: number, length: number, append: () => Promise<T>): Promise<T> {
    const ahead = this.#byToken.get(tokenHash);
    const appending = (async () => {
      if (ahead?.end === offset) await ahead.done;
      return append();
    })();
    const entry = { end: offset + length, done: appending.then(() => undefined, () => undefined) };
    this.#byToken.set(tokenHash, entry);
    try {
      return await appending;
    } finally {
      if (this.#byToken.get(tokenHash) === entry) this.#byToken.delete(tokenHash);
    }
  }
}

/**
 * Appends to a job's log with the job's token, fenced in the append's statement (no lookups of
 * its own); a piece that arrives just before the one ahead of it waits for it. A refused token
 * is answered as every job call answers it (authenticateJob: 401 for a token that is not the
 * job's, 409 for an attempt no longer live).
 */
export async function appendLogWithToken(deps: RunnerProtocolDeps, token: string | null, jobId: string, offset: number, base64: string): Promise<number> {
  if (!token?.startsWith('tjb_')) throw unauthenticated('A job token is required');
  const tokenHash = hashToken(token);
  const data = Buffer.from(base64, 'base64');
  const end = await deps.appendsInProgress.inOrder(tokenHash, offset, data.length, () =>
    appendJobLog(deps, tokenLogWriter(tokenHash, jobId), offset, data, (gap) => whenLogReaches(deps, gap, offset)),
  );
  if (end !== null) return end;
  const job = await authenticateJob(deps, token, jobId);
  throw new StaleAttemptError(job.jobId, job.attempt); // live again by now: still not written
}

export async function reportStep(
  deps: RunnerProtocolDeps,
  job: JobPrincipal,
  report: { step: string; status: Parameters<typeof recordStepResult>[2]['status']; result?: Record<string, unknown> | undefined },
): Promise<{ signal: JobSignal }> {
  const answer = await recordStepResult(deps.runs, job, { key: report.step, status: report.status, ...(report.result ? { result: report.result } : {}) });
  await deps.db.execute(sql`select pg_notify(${RUN_STEP_CHANNEL}, ${JSON.stringify({ runId: job.runId, step: report.step, status: report.status })})`);
  return answer;
}

/** The job's log has not reached the announced end: the runner sends the rest, then finishes again. */
export class FinishBarrierError extends DomainError {
  constructor(readonly storedEnd: number) {
    super('conflict', `The log is stored up to offset ${storedEnd} only; send the rest before finishing`, 'finalLogOffset');
    this.name = 'FinishBarrierError';
  }
}

/** Ends the job (finish barrier first), moves its run on, revokes its token, compacts a finished run's log. */
export async function finishJobOfRunner(deps: RunnerProtocolDeps, job: JobPrincipal, finalLogOffset: number, outcome: JobOutcome): Promise<void> {
  const stored = await jobLogEnd(deps.db, job.runId, job.logBase);
  if (stored < finalLogOffset) throw new FinishBarrierError(stored);
  await finishJob(deps.runs, job, outcome);
  await endJobTokens(deps.db, [job.jobId]);
  // The job's process ended: a lock it left (terraform killed, an UNLOCK lost) would block the stack.
  await deps.releaseJobStateLocks?.(job.organizationId, job.jobId);
  // A slot of the group is free: waiting claims look again.
  await deps.db.execute(sql`select pg_notify(${RUN_JOBS_CHANNEL}, ${(await groupOfJob(deps, job)) ?? CM_DEFAULT_RUNNER_GROUP})`);
  await compactRunLog(deps, job.organizationId, job.runId);
}

async function groupOfJob(deps: RunnerProtocolDeps, job: JobPrincipal): Promise<string | null> {
  const [row] = await deps.db
    .select({ groupId: runners.groupId })
    .from(runners)
    .where(eq(runners.id, job.runnerId));
  return row?.groupId ?? null;
}

/** Job tokens die when their job ends (finish, lost). */
export async function endJobTokens(db: Database, jobIds: string[]): Promise<void> {
  if (!jobIds.length) return;
  await db.update(runnerJobTokens).set({ revokedAt: sql`now()` as unknown as Date }).where(and(inArray(runnerJobTokens.jobId, jobIds), isNull(runnerJobTokens.revokedAt)));
}

// ---------------------------------------------------------------------------------------------
// The sweeper

/** Why a lost job's run ended: the runner, its last heartbeat, the lease. */
async function lostReason(db: Database, job: ExpiredJob): Promise<string> {
  const [runner] = job.runnerId ? await db.select().from(runners).where(eq(runners.id, job.runnerId)) : [];
  const who = runner ? `Runner ${runner.name} (${runner.id})` : job.runnerId?.startsWith('rnr-managed') ? `The managed runner (${job.runnerId})` : `Runner ${job.runnerId ?? 'unknown'}`;
  const last = runner ? `; its last heartbeat was at ${runner.lastHeartbeatAt.toISOString()}` : '';
  return `${who} stopped reporting${last}: the job's lease expired at ${job.leaseExpiresAt.toISOString()}`;
}

/**
 * The runner sweeper (a background job every minute, and safe on several replicas): jobs whose
 * lease expired are lost and their runs end in error with the reason (a speculative plan's job, or
 * any job its runner never started, an apply's too, is queued again instead, a bounded number of
 * times); their tokens die and their state locks are
 * released; runner
 * health follows the heartbeats (warning after 30 s, error after 5 min); finished runs' logs are compacted.
 */
export async function sweepRunners(deps: RunnerProtocolDeps, now: Date = new Date()): Promise<{ lost: number; compacted: number }> {
  const lostJobs: string[] = [];
  const reasons = new Map<string, string>();
  // failExpiredJobs wants the reason synchronously: read the runners of the expired jobs first.
  const expired = await deps.db.execute<{ id: string; runner_id: string | null; lease_expires_at: Date; run_id: string; organization_id: string; runner_group_id: string }>(
    sql`select id, runner_id, lease_expires_at, run_id, organization_id, runner_group_id from run_jobs where status in ('claimed', 'running') and lease_expires_at < now() limit 200`,
  );
  for (const row of expired.rows) {
    reasons.set(
      row.id,
      await lostReason(deps.db, {
        jobId: row.id,
        runId: row.run_id,
        organizationId: row.organization_id,
        runnerId: row.runner_id,
        runnerGroupId: row.runner_group_id,
        leaseExpiresAt: new Date(row.lease_expires_at),
      }),
    );
  }
  const organizationOf = new Map<string, string>();
  const lost = await failExpiredJobs(deps.runs, (job) => {
    lostJobs.push(job.jobId);
    organizationOf.set(job.jobId, job.organizationId);
    return reasons.get(job.jobId) ?? `Runner ${job.runnerId ?? 'unknown'} stopped reporting: the job's lease expired at ${job.leaseExpiresAt.toISOString()}`;
  });
  await endJobTokens(deps.db, lostJobs);
  // No lock leaks from a lost job: its token is dead, so nothing of it can write the state any more.
  for (const jobId of lostJobs) await deps.releaseJobStateLocks?.(organizationOf.get(jobId) ?? '', jobId);
  if (lostJobs.length) await deps.db.execute(sql`select pg_notify(${RUN_JOBS_CHANNEL}, ${CM_DEFAULT_RUNNER_GROUP})`);
  // Runner health from the heartbeats (the list reads it live too).
  const warnBefore = new Date(now.getTime() - RUNNER_WARNING_AFTER_MS);
  const errorBefore = new Date(now.getTime() - RUNNER_ERROR_AFTER_MS);
  await deps.db.update(runners).set({ health: 'error' }).where(and(lt(runners.lastHeartbeatAt, errorBefore), sql`${runners.health} <> 'error'`));
  await deps.db
    .update(runners)
    .set({ health: 'warning' })
    .where(and(lt(runners.lastHeartbeatAt, warnBefore), gt(runners.lastHeartbeatAt, errorBefore), eq(runners.health, 'ok')));
  await deps.db.update(runnerHeartbeats).set({ health: 'error' }).where(and(lt(runnerHeartbeats.updatedAt, errorBefore), sql`${runnerHeartbeats.health} <> 'error'`));
  await deps.db
    .update(runnerHeartbeats)
    .set({ health: 'warning' })
    .where(and(lt(runnerHeartbeats.updatedAt, warnBefore), gt(runnerHeartbeats.updatedAt, errorBefore), eq(runnerHeartbeats.health, 'ok')));
  const compacted = await compactIdleRunLogs(deps);
  return { lost, compacted };
}

/** Compacts the logs of runs no job is writing (every token of the run dead). */
export async function compactIdleRunLogs(deps: RunnerProtocolDeps): Promise<number> {
  const idle = await deps.db.execute<{ run_id: string; organization_id: string }>(sql`
    select distinct c.run_id, c.organization_id from ${runLogChunks} c
    where not exists (select 1 from ${runnerJobTokens} t where t.run_id = c.run_id and t.revoked_at is null and t.expires_at > now()
                        and exists (select 1 from run_jobs j where j.id = t.job_id and j.attempt = t.attempt and j.status in ('claimed', 'running')))
    limit 100`);
  let count = 0;
  for (const row of idle.rows) if (await compactRunLog(deps, row.organization_id, row.run_id)) count += 1;
  return count;
}
