import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Placeholder } from 'drizzle-orm/sql';
import type { Database, Transaction } from '../../db/database';
import { pagedList, type Page, type PageRequest } from '../../db/paged-list';
import type { Scope } from '../../db/scope';
import { runApprovals, runArtifacts, runComments, runJobs, runs, runSteps, runTransitions } from './runs.schema';

export type RunRow = typeof runs.$inferSelect;
export type NewRunRow = Omit<typeof runs.$inferInsert, 'organizationId' | 'isActive'>;
export type RunChanges = Partial<Omit<NewRunRow, 'id' | 'organizationId' | 'createdAt' | 'stackId' | 'kind'>>;
export type RunStepRow = typeof runSteps.$inferSelect;
export type RunJobRow = typeof runJobs.$inferSelect;
export type RunApprovalRow = typeof runApprovals.$inferSelect;
export type RunCommentRow = typeof runComments.$inferSelect;
export type RunArtifactRow = typeof runArtifacts.$inferSelect;
export type RunTransitionRow = typeof runTransitions.$inferSelect;

type Executor = Database | Transaction;

// ---------------------------------------------------------------------------------------------
// Runs

export interface RunFilter {
  stackId: string;
  namespaceId: string;
  runId: string;
  kinds: string[];
  status: string;
  /** A task's type (config.taskToExecute.taskType). */
  taskType: string;
  isActive: boolean;
  /** Runs changed within the last N hours (the Active Runs page's finished runs). */
  updatedInTheLastHours: number;
  /** The engine's `visibleStacks` tokens (namespace-only users, own-stack restrictions). */
  visible: string[];
}

const visibleCondition = (v: Placeholder): SQL => sql`(
  ${runs.namespaceId} = any(${v}) or ${runs.stackId} = any(${v})
  or (('own:*' = any(${v}) or ('own:' || ${runs.namespaceId}) = any(${v}) or ('own:' || ${runs.stackId}) = any(${v}))
      and ('by:' || ${runs.stackCreatedBy}) = any(${v})))`;

// Newest first, ending with the unique id; every filter combination uses runs_org_* indexes.
export const runList = pagedList<typeof runs, RunFilter>({
  name: 'runs',
  table: runs,
  orderBy: [desc(runs.createdAt), desc(runs.id)],
  filters: {
    stackId: (v) => sql`${runs.stackId} = ${v}`,
    namespaceId: (v) => sql`${runs.namespaceId} = ${v}`,
    runId: (v) => sql`${runs.id} = ${v}`,
    kinds: (v) => sql`${runs.kind} = any(${v})`,
    status: (v) => sql`${runs.status} = ${v}`,
    taskType: (v) => sql`${runs.config} -> 'taskToExecute' ->> 'taskType' = ${v}`,
    isActive: (v) => sql`${runs.isActive} = ${v}`,
    updatedInTheLastHours: (v) => sql`${runs.updatedAt} > now() - make_interval(hours => ${v}::int)`,
    visible: visibleCondition,
  },
});

export const listRuns = (scope: Scope, filter: Partial<RunFilter>, request: PageRequest): Promise<Page<RunRow>> => scope.page(runList, filter, request);

export const insertRun = (scope: Scope, row: NewRunRow): Promise<RunRow> => scope.insert(runs, row);
export const findRun = (scope: Scope, id: string): Promise<RunRow | undefined> => scope.first(runs, eq(runs.id, id));
export const lockRun = (scope: Scope, id: string): Promise<RunRow | undefined> => scope.lockFirst(runs, eq(runs.id, id), 'update');

export async function updateRun(scope: Scope, id: string, changes: RunChanges): Promise<RunRow> {
  const [row] = await scope.update(runs, changes, eq(runs.id, id));
  if (!row) throw new Error(`run ${id} vanished during its update`);
  return row;
}

export const latestRunOfKinds = async (scope: Scope, stackId: string, kinds: RunRow['kind'][]): Promise<RunRow | undefined> =>
  (await scope.select(runs, and(eq(runs.stackId, stackId), inArray(runs.kind, kinds)) as SQL, { orderBy: [desc(runs.createdAt), desc(runs.id)], limit: 1 }))[0];

/**
 * The next mutating run of the stack's FIFO (priority, then age) not blocked by anything else,
 * locked; a run another transaction holds is skipped (it is being cancelled or changed).
 */
export async function lockNextWaitingRun(tx: Executor, organizationId: string, stackId: string): Promise<RunRow | undefined> {
  const rows = await tx
    .select()
    .from(runs)
    .where(
      and(
        eq(runs.organizationId, organizationId),
        eq(runs.stackId, stackId),
        eq(runs.status, 'notStarted'),
        eq(runs.mutating, true),
        sql`(${runs.blockedBy} is null or ${runs.blockedBy} ->> 'kind' = 'stackMutex')`,
      ),
    )
    .orderBy(asc(runs.priority), asc(runs.createdAt), asc(runs.id))
    .limit(1)
    .for('update', { skipLocked: true });
  return rows[0];
}

/** Points the stack's other waiting runs at the run now holding the mutex. */
export async function reblockWaitingRuns(scope: Scope, stackId: string, holderRunId: string): Promise<void> {
  await scope.update(
    runs,
    { blockedBy: { kind: 'stackMutex', runId: holderRunId } },
    and(eq(runs.stackId, stackId), eq(runs.status, 'notStarted'), eq(runs.mutating, true), sql`${runs.blockedBy} ->> 'kind' = 'stackMutex'`) as SQL,
  );
}

/** For notStarted mutating runs: their place in their stack's FIFO (1 = next). */
export async function stackQueuePositions(tx: Executor, organizationId: string, runIds: string[]): Promise<Map<string, number>> {
  if (!runIds.length) return new Map();
  const result = await tx.execute<{ id: string; position: number }>(sql`
    select w.id, w.position::int as position from (
      select r.id, row_number() over (partition by r.stack_id order by r.priority, r.created_at, r.id) as position
      from runs r
      where r.organization_id = ${organizationId} and r.status = 'notStarted' and r.mutating
        and r.stack_id in (select stack_id from runs where organization_id = ${organizationId} and id = any(${sql.param(runIds)}::text[]))
    ) w where w.id = any(${sql.param(runIds)}::text[])`);
  return new Map(result.rows.map((r) => [r.id, Number(r.position)]));
}

/** For queued runs: their job's place among the queued jobs of its runner group (1 = next). */
export async function jobQueuePositions(tx: Executor, organizationId: string, runIds: string[]): Promise<Map<string, number>> {
  if (!runIds.length) return new Map();
  const result = await tx.execute<{ run_id: string; position: number }>(sql`
    select j.run_id, (
      select count(*) from run_jobs o
      where o.status = 'queued' and o.runner_group_id = j.runner_group_id
        and (o.priority, o.queued_at, o.id) < (j.priority, j.queued_at, j.id)
    )::int + 1 as position
    from run_jobs j
    where j.organization_id = ${organizationId} and j.status = 'queued' and j.run_id = any(${sql.param(runIds)}::text[])`);
  return new Map(result.rows.map((r) => [r.run_id, Number(r.position)]));
}

// ---------------------------------------------------------------------------------------------
// Transitions, steps, approvals, comments, artifacts

export const insertTransition = (scope: Scope, row: Omit<typeof runTransitions.$inferInsert, 'organizationId'>) => scope.insert(runTransitions, row);
export const listTransitions = (scope: Scope, runId: string) =>
  scope.select(runTransitions, eq(runTransitions.runId, runId), { orderBy: [asc(runTransitions.seq)] });

export async function insertSteps(scope: Scope, runId: string, keys: readonly string[]): Promise<void> {
  for (const [position, key] of keys.entries()) {
    await scope.insertIfAbsent(runSteps, { runId, key, position, status: 'notStarted' });
  }
}

export const listSteps = (scope: Scope, runId: string): Promise<RunStepRow[]> =>
  scope.select(runSteps, eq(runSteps.runId, runId), { orderBy: [asc(runSteps.position), asc(runSteps.key)] });

export async function stepsOfRuns(scope: Scope, runIds: string[]): Promise<Map<string, RunStepRow[]>> {
  const byRun = new Map<string, RunStepRow[]>();
  if (!runIds.length) return byRun;
  const rows = await scope.select(runSteps, inArray(runSteps.runId, runIds), { orderBy: [asc(runSteps.position), asc(runSteps.key)] });
  for (const row of rows) byRun.set(row.runId, [...(byRun.get(row.runId) ?? []), row]);
  return byRun;
}

export const findStep = (scope: Scope, runId: string, key: string) => scope.first(runSteps, and(eq(runSteps.runId, runId), eq(runSteps.key, key)) as SQL);

/** Writes a step's status (and result, merged key by key); a step the run did not plan is added at `position`. */
export async function writeStep(
  scope: Scope,
  runId: string,
  key: string,
  position: number,
  changes: { status: string; result?: Record<string, unknown> | undefined; started?: boolean; finished?: boolean },
): Promise<void> {
  const existing = await findStep(scope, runId, key);
  const now = new Date();
  const set = {
    status: changes.status,
    ...(changes.result ? { result: { ...(existing?.result ?? {}), ...changes.result } } : {}),
    ...(changes.started && !existing?.startedAt ? { startedAt: now } : {}),
    ...(changes.finished ? { finishedAt: now } : {}),
  };
  if (existing) {
    await scope.update(runSteps, set, and(eq(runSteps.runId, runId), eq(runSteps.key, key)) as SQL);
  } else {
    await scope.insert(runSteps, { runId, key, position, ...set });
  }
}

/** Ends the steps a finished run left open (running or waiting) with `status`. */
export async function closeOpenSteps(scope: Scope, runId: string, status: string): Promise<void> {
  await scope.update(
    runSteps,
    { status, finishedAt: new Date() },
    and(
      eq(runSteps.runId, runId),
      inArray(runSteps.status, ['inProgress', 'waitingForApproval', 'waitingForFailedControlPoliciesApproval', 'waitingForErrorControlPoliciesApproval']),
    ) as SQL,
  );
}

export const listApprovals = (scope: Scope, runId: string): Promise<RunApprovalRow[]> =>
  scope.select(runApprovals, eq(runApprovals.runId, runId), { orderBy: [asc(runApprovals.at)] });

export async function approvalsOfRuns(scope: Scope, runIds: string[]): Promise<Map<string, RunApprovalRow[]>> {
  const byRun = new Map<string, RunApprovalRow[]>();
  if (!runIds.length) return byRun;
  const rows = await scope.select(runApprovals, inArray(runApprovals.runId, runIds), { orderBy: [asc(runApprovals.at)] });
  for (const row of rows) byRun.set(row.runId, [...(byRun.get(row.runId) ?? []), row]);
  return byRun;
}

export const insertApprovalIfAbsent = (scope: Scope, row: Omit<typeof runApprovals.$inferInsert, 'organizationId'>) => scope.insertIfAbsent(runApprovals, row);

export const listComments = (scope: Scope, runId: string): Promise<RunCommentRow[]> =>
  scope.select(runComments, eq(runComments.runId, runId), { orderBy: [asc(runComments.createdAt), asc(runComments.id)], limit: 1000 });
export const insertComment = (scope: Scope, row: Omit<typeof runComments.$inferInsert, 'organizationId'>) => scope.insert(runComments, row);

export const upsertArtifact = (scope: Scope, row: Omit<typeof runArtifacts.$inferInsert, 'organizationId'>) =>
  scope.upsert(runArtifacts, row, [runArtifacts.runId, runArtifacts.kind], { size: row.size, sha256: row.sha256, sealed: row.sealed });
export const findArtifact = (scope: Scope, runId: string, kind: RunArtifactRow['kind']) =>
  scope.first(runArtifacts, and(eq(runArtifacts.runId, runId), eq(runArtifacts.kind, kind)) as SQL);

// ---------------------------------------------------------------------------------------------
// Jobs

export const insertJob = (scope: Scope, row: Omit<typeof runJobs.$inferInsert, 'organizationId'>) => scope.insert(runJobs, row);

/** The run's live job (queued, claimed or running), if any. */
export const findLiveJob = (scope: Scope, runId: string): Promise<RunJobRow | undefined> =>
  scope.first(runJobs, and(eq(runJobs.runId, runId), inArray(runJobs.status, ['queued', 'claimed', 'running'])) as SQL);

export const lockJob = (scope: Scope, jobId: string): Promise<RunJobRow | undefined> => scope.lockFirst(runJobs, eq(runJobs.id, jobId), 'update');

export async function updateJob(scope: Scope, jobId: string, changes: Partial<typeof runJobs.$inferInsert>): Promise<RunJobRow | undefined> {
  const [row] = await scope.update(runJobs, changes, eq(runJobs.id, jobId));
  return row;
}

/** A job by id across organizations (the runner protocol names jobs by id only). */
export async function findJobAnywhere(tx: Executor, jobId: string): Promise<RunJobRow | undefined> {
  const [row] = await tx.select().from(runJobs).where(eq(runJobs.id, jobId)).limit(1);
  return row;
}

/**
 * The claim's pick: the group's oldest queued job of the best priority, its job and run rows
 * locked (others holding either are skipped), under the group's advisory lock.
 */
export async function lockNextQueuedJob(tx: Transaction, runnerGroupId: string, organizationId: string | undefined): Promise<RunJobRow | undefined> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`run_jobs:${runnerGroupId}`}, 0))`);
  const result = await tx.execute<{ id: string }>(sql`
    select j.id from run_jobs j join runs r on r.id = j.run_id
    where j.status = 'queued' and j.runner_group_id = ${runnerGroupId}
      ${organizationId ? sql`and j.organization_id = ${organizationId}` : sql``}
    order by j.priority, j.queued_at, j.id
    limit 1
    for update of j, r skip locked`);
  const id = result.rows[0]?.id;
  return id ? findJobAnywhere(tx, id) : undefined;
}

/** Jobs whose lease expired (claimed or running). */
export async function expiredJobs(tx: Executor, limit: number): Promise<RunJobRow[]> {
  return tx
    .select()
    .from(runJobs)
    .where(and(inArray(runJobs.status, ['claimed', 'running']), sql`${runJobs.leaseExpiresAt} < now()`))
    .orderBy(asc(runJobs.leaseExpiresAt))
    .limit(limit);
}

/** Extends the leases of the runner's live jobs of these attempts; answers the jobs it extended. */
export async function extendJobLeases(tx: Executor, runnerId: string, jobs: { jobId: string; attempt: number }[], leaseSeconds: number) {
  if (!jobs.length) return [];
  const result = await tx.execute<{ id: string; signal: 'none' | 'cancel' | 'force' }>(sql`
    update run_jobs j set lease_expires_at = now() + make_interval(secs => ${leaseSeconds}::int)
    from (select * from unnest(${sql.param(jobs.map((j) => j.jobId))}::text[], ${sql.param(jobs.map((j) => j.attempt))}::int[]) as t(id, attempt)) t
    where j.id = t.id and j.attempt = t.attempt and j.runner_id = ${runnerId} and j.status in ('claimed', 'running')
    returning j.id, j.signal`);
  return result.rows;
}

/** Runs waiting for people whose deadline passed. */
export async function expiredApprovalRuns(tx: Executor, limit: number): Promise<{ id: string; organizationId: string }[]> {
  return tx
    .select({ id: runs.id, organizationId: runs.organizationId })
    .from(runs)
    .where(
      and(
        inArray(runs.status, ['waitingForApproval', 'waitingForFailedControlPoliciesApproval', 'waitingForErrorControlPoliciesApproval']),
        sql`${runs.approvalDeadlineAt} < now()`,
      ),
    )
    .orderBy(asc(runs.approvalDeadlineAt))
    .limit(limit);
}

/** NOTIFY on commit (ids only: payloads are limited to 8000 bytes). */
export async function notify(tx: Executor, channel: string, payload: string): Promise<void> {
  await tx.execute(sql`select pg_notify(${channel}, ${payload})`);
}

/** Runs by id with their status, across organizations (the mutex repair's sweep). */
export async function runStatusesByIds(tx: Executor, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await tx.select({ id: runs.id, status: runs.status }).from(runs).where(inArray(runs.id, ids));
  return new Map(rows.map((row) => [row.id, row.status]));
}

/** Stacks with a mutating run waiting (notStarted), across organizations (the mutex repair's sweep). */
export async function stacksWithWaitingRuns(tx: Executor, limit: number): Promise<{ organizationId: string; stackId: string }[]> {
  return tx
    .selectDistinct({ organizationId: runs.organizationId, stackId: runs.stackId })
    .from(runs)
    .where(and(eq(runs.status, 'notStarted'), eq(runs.mutating, true)))
    .limit(limit);
}
