import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import type { Scope } from '../../db/scope';
import { driftChecks, driftHistory, driftRemediations, driftResources } from './drift.schema';

export type DriftCheckRow = typeof driftChecks.$inferSelect;
export type NewDriftCheckRow = Omit<typeof driftChecks.$inferInsert, 'organizationId'>;
export type DriftResourceRow = typeof driftResources.$inferSelect;
export type DriftRemediationRow = typeof driftRemediations.$inferSelect;

const activeStatuses = ['queued', 'inProgress'] as const;

export const insertCheck = (scope: Scope, row: NewDriftCheckRow) => scope.insert(driftChecks, row);

export const findCheck = (scope: Scope, id: string) => scope.first(driftChecks, eq(driftChecks.id, id));

export const findCheckOfRun = (scope: Scope, runId: string) => scope.lockFirst(driftChecks, eq(driftChecks.runId, runId), 'update');

export const findActiveCheck = (scope: Scope, stackId: string) =>
  scope.first(driftChecks, and(eq(driftChecks.stackId, stackId), inArray(driftChecks.status, [...activeStatuses])) as never);

export async function latestCheck(scope: Scope, stackId: string, finishedOnly: boolean): Promise<DriftCheckRow | undefined> {
  const [row] = await scope.select(
    driftChecks,
    and(eq(driftChecks.stackId, stackId), finishedOnly ? eq(driftChecks.status, 'succeeded') : undefined) as never,
    { orderBy: [desc(driftChecks.createdAt), desc(driftChecks.id)], limit: 1 },
  );
  return row;
}

export const countActiveChecks = (scope: Scope) => scope.count(driftChecks, inArray(driftChecks.status, [...activeStatuses]));

export async function updateCheck(scope: Scope, id: string, changes: Partial<NewDriftCheckRow>): Promise<DriftCheckRow | undefined> {
  const [row] = await scope.update(driftChecks, changes, eq(driftChecks.id, id));
  return row;
}

export async function insertResources(scope: Scope, rows: Omit<typeof driftResources.$inferInsert, 'organizationId'>[]): Promise<void> {
  if (rows.length) await scope.insertMany(driftResources, rows);
}

export const resourcesOfCheck = (scope: Scope, checkId: string) =>
  scope.select(driftResources, eq(driftResources.checkId, checkId), { orderBy: [driftResources.address] });

/** The stack's state for the day (UTC): the last check of a day wins. */
export async function recordHistory(scope: Scope, stackId: string, day: string, driftState: string): Promise<void> {
  await scope.upsert(driftHistory, { stackId, day, driftState }, [driftHistory.organizationId, driftHistory.stackId, driftHistory.day], { driftState });
}

/** Records the state for the day only when the stack has no row yet (a newly scheduled stack: notChecked). */
export const recordFirstHistory = (scope: Scope, stackId: string, day: string, driftState: string) =>
  scope.insertIfAbsent(driftHistory, { stackId, day, driftState });

/**
 * For each day from `from` to `to` (UTC dates, inclusive), how many of `stackIds` were in each
 * drift state at the end of that day (the latest history row on or before it); a stack without
 * any row yet is not counted.
 */
export async function historyCounts(
  db: Database,
  organizationId: string,
  stackIds: string[],
  from: string,
  to: string,
): Promise<{ day: string; driftState: string; count: number }[]> {
  if (!stackIds.length) return [];
  const result = await db.execute<{ day: string; drift_state: string; count: string }>(sql`
    with days as (select generate_series(${from}::date, ${to}::date, interval '1 day')::date as day)
    select to_char(d.day, 'YYYY-MM-DD') as day, h.drift_state, count(*)::text as count
    from days d
    join lateral (
      select distinct on (stack_id) stack_id, drift_state
      from drift_history
      where organization_id = ${organizationId} and stack_id = any(${sql.param(stackIds)}::text[]) and day <= d.day
      order by stack_id, day desc
    ) h on true
    group by d.day, h.drift_state
    order by d.day`);
  return result.rows.map((r) => ({ day: r.day, driftState: r.drift_state, count: Number(r.count) }));
}

export const insertRemediation = (scope: Scope, row: Omit<typeof driftRemediations.$inferInsert, 'organizationId'>) => scope.insert(driftRemediations, row);

export const findRemediation = (scope: Scope, id: string) => scope.first(driftRemediations, eq(driftRemediations.id, id));

export async function latestRemediation(scope: Scope, stackId: string): Promise<DriftRemediationRow | undefined> {
  const [row] = await scope.select(driftRemediations, eq(driftRemediations.stackId, stackId), {
    orderBy: [desc(driftRemediations.createdAt), desc(driftRemediations.id)],
    limit: 1,
  });
  return row;
}
