import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database';
import { readOrganization, type Scope } from '../../db/scope';
import { visibleCondition } from './stacks.repository';
import { stacks } from './stacks.schema';

// What the drift domain reads and writes of a stack: its drift state and error state (the list
// filters on them), when it was last checked and when its next scheduled check is. The audit row
// is the drift check's (or the tick's), written by the caller in the same transaction.

// Drift bookkeeping does not change the stack's own `updated_at` (the stacks list sorts by it).
const keepUpdatedAt = sql`${stacks.updatedAt}` as unknown as Date;

export interface DueDriftStack {
  id: string;
  organizationId: string;
  nextDriftAt: Date | null;
}

/**
 * The stacks of every organization whose drift slot is due at `now` (or that have none yet), oldest
 * first, locked until the transaction ends; rows another transaction holds are skipped, so two
 * replicas' ticks never take the same stack.
 */
export async function lockDueDriftStacks(tx: Transaction, now: Date, limit: number, organizationIds?: readonly string[]): Promise<DueDriftStack[]> {
  const only = organizationIds ? sql`and organization_id = any(${sql.param([...organizationIds])}::text[])` : sql``;
  const result = await tx.execute<{ id: string; organization_id: string; next_drift_at: Date | string | null }>(sql`
    select id, organization_id, next_drift_at from stacks
    where (next_drift_at is null or next_drift_at <= ${now.toISOString()}::timestamptz) ${only}
    order by next_drift_at asc nulls first, id
    limit ${limit}
    for update skip locked`);
  return result.rows.map((r) => ({
    id: r.id,
    organizationId: r.organization_id,
    nextDriftAt: r.next_drift_at === null ? null : new Date(r.next_drift_at),
  }));
}

/** Sets the stack's next scheduled drift check. */
export async function scheduleStackDrift(scope: Scope, stackId: string, at: Date): Promise<void> {
  await scope.update(stacks, { nextDriftAt: at, updatedAt: keepUpdatedAt }, eq(stacks.id, stackId));
}

/**
 * Records a finished drift check on the stack: its drift state, when, and the error state
 * driftDetectionFailed when the check failed (cleared by the next check that succeeds).
 */
export async function recordStackDrift(scope: Scope, stackId: string, outcome: { driftState: string; failed: boolean; checkedAt: Date }): Promise<void> {
  const row = await scope.first(stacks, eq(stacks.id, stackId));
  if (!row) return;
  const errorState = outcome.failed ? 'driftDetectionFailed' : row.errorState === 'driftDetectionFailed' ? 'ok' : row.errorState;
  await scope.update(
    stacks,
    { driftState: outcome.driftState, errorState, driftCheckedAt: outcome.checkedAt, updatedAt: keepUpdatedAt },
    eq(stacks.id, stackId),
  );
}

/** The drift states of the organization's stacks by id. */
export async function stackDriftStates(db: Database, organizationId: string, ids: readonly string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await readOrganization(db, organizationId, (scope) => scope.select(stacks, inArray(stacks.id, [...new Set(ids)])));
  return new Map(rows.map((r) => [r.id, r.driftState]));
}

/**
 * The ids of the organization's stacks, optionally in one namespace and only those the
 * permission engine's `visibleStacks` tokens allow (undefined: all).
 */
export async function stackIdsForReport(
  db: Database,
  organizationId: string,
  filter: { namespaceId?: string | undefined; visible?: string[] | undefined },
): Promise<string[]> {
  const conditions = [
    filter.namespaceId ? eq(stacks.namespaceId, filter.namespaceId) : undefined,
    filter.visible ? visibleCondition(sql`${sql.param(filter.visible)}::text[]`) : undefined,
  ].filter((c) => c !== undefined);
  const rows = await readOrganization(db, organizationId, (scope) => scope.select(stacks, conditions.length ? and(...conditions) : undefined));
  return rows.map((r) => r.id);
}
