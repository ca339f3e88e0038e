import { and, asc, desc, isNull, sql, type SQL } from 'drizzle-orm';
import type { Scope } from '../../db/scope';
import { visibleCondition, type StackRow } from './stacks.repository';
import { stacks } from './stacks.schema';

/** The stacks a caller sees: all of the organization (null), or those matching the engine's visibility tokens. */
export type StackVisibility = string[] | null;

export interface StackFigures {
  iacType: string;
  status: string | null;
  total: number;
  drifted: number;
  /** In an error state (past its time to live included); a group whose status errored fails whole. */
  inErrorState: number;
}

const visible = (tokens: StackVisibility): SQL | undefined => (tokens === null ? undefined : visibleCondition(sql.param(tokens)));

// The same rule as the list's errorState filter and effectiveErrorState: a stack past its time to
// live is in error from that moment on, without waiting for a sweep.
const inErrorState = sql`(${stacks.errorState} <> 'ok' or ${stacks.expiresAt} < now())`;
const failing = (erroredStatuses: readonly string[]) =>
  sql`(${inErrorState} or ${stacks.latestRunStatus} = any(${sql.param([...erroredStatuses])}))`;

/**
 * The stacks counted by engine and latest run status in one grouped statement, with how many of
 * each group drifted and are in an error state: a handful of rows whatever the number of stacks.
 * (Whether a status errored is decided per group by the caller, not per row here.)
 */
export function stackFigures(scope: Scope, tokens: StackVisibility): Promise<StackFigures[]> {
  return scope.aggregate<StackFigures>(
    stacks,
    {
      iacType: stacks.iacType,
      status: stacks.latestRunStatus,
      total: sql<number>`count(*)::int`.as('total'),
      drifted: sql<number>`(count(*) filter (where ${stacks.driftState} = 'drifted'))::int`.as('drifted'),
      inErrorState: sql<number>`(count(*) filter (where ${inErrorState}))::int`.as('in_error_state'),
    },
    { where: visible(tokens), groupBy: [stacks.iacType, stacks.latestRunStatus] },
  );
}

/** The first drifted stacks by name (on stacks_org_drift_idx). */
export function driftedStacks(scope: Scope, tokens: StackVisibility, limit: number): Promise<StackRow[]> {
  return scope.select(stacks, and(sql`${stacks.driftState} = 'drifted'`, visible(tokens)), { orderBy: [asc(stacks.name), asc(stacks.id)], limit });
}

/** The failing stacks whose latest run is the most recent (on stacks_org_latest_run_idx). */
export function failingStacks(scope: Scope, tokens: StackVisibility, erroredStatuses: readonly string[], limit: number): Promise<StackRow[]> {
  return scope.select(stacks, and(failing(erroredStatuses), visible(tokens)), {
    orderBy: [sql`${stacks.latestRunAt} desc nulls last`, desc(stacks.id)],
    limit,
  });
}

/** The oldest stack that has never run: where a first plan is to be started. */
export async function firstStackNeverRun(scope: Scope, tokens: StackVisibility): Promise<StackRow | undefined> {
  const [row] = await scope.select(stacks, and(isNull(stacks.latestRunId), visible(tokens)), { orderBy: [asc(stacks.createdAt), asc(stacks.id)], limit: 1 });
  return row;
}
