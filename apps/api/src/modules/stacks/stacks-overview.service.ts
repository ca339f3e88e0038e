import { isErroredStatus, isRunActive, isRunStatus, runStatuses } from '@terrace/domain';
import type { Database } from '../../db/database';
import { readOrganization } from '../../db/scope';
import type { Schemas } from '../../http/contract-types';
import { namespacesByIds } from '../namespaces/namespaces.service';
import { driftedStacks, failingStacks, firstStackNeverRun, stackFigures, type StackVisibility } from './stacks-overview.repository';
import type { StackRow } from './stacks.repository';
import { effectiveErrorState } from './stacks.service';

type StackOverviewItem = Schemas['StackOverviewItem'];
type OverviewCount = Schemas['OverviewCount'];

const erroredStatuses = runStatuses.filter((status) => isErroredStatus(status));
const listed = 5;

function counted(totals: Map<string, number>): OverviewCount[] {
  return [...totals.entries()].map(([key, count]) => ({ key, count })).sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
}

function add(totals: Map<string, number>, key: string, n: number) {
  totals.set(key, (totals.get(key) ?? 0) + n);
}

/**
 * For the dashboard: the stacks the caller sees (`visible`: the engine's tokens, or null for all),
 * counted by status and engine with the active, drifted and failing ones, the first few drifted
 * and failing stacks, and a stack still to run — four indexed statements, at once.
 */
export async function stacksOverview(db: Database, organizationId: string, visible: StackVisibility) {
  const [figures, drifted, failing, neverRun] = await readOrganization(db, organizationId, (scope) =>
    Promise.all([
      stackFigures(scope, visible),
      driftedStacks(scope, visible, listed),
      failingStacks(scope, visible, erroredStatuses, listed),
      firstStackNeverRun(scope, visible),
    ]),
  );
  const byStatus = new Map<string, number>();
  const byEngine = new Map<string, number>();
  let total = 0;
  let activeRuns = 0;
  let driftedCount = 0;
  let failingCount = 0;
  let ran = false;
  for (const group of figures) {
    total += group.total;
    driftedCount += group.drifted;
    // A failed latest run makes the whole group fail; otherwise only its stacks in an error state.
    failingCount += group.status !== null && isRunStatus(group.status) && isErroredStatus(group.status) ? group.total : group.inErrorState;
    add(byStatus, group.status ?? 'neverRun', group.total);
    add(byEngine, group.iacType, group.total);
    if (group.status !== null) ran = true;
    if (group.status !== null && isRunStatus(group.status) && isRunActive(group.status)) activeRuns += group.total;
  }
  const namespaces = await namespacesByIds(db, organizationId, [...drifted, ...failing].map((row) => row.namespaceId));
  const item = (row: StackRow): StackOverviewItem => ({
    id: row.id,
    name: row.name,
    namespaceId: row.namespaceId,
    ...(namespaces.get(row.namespaceId) ? { namespaceName: namespaces.get(row.namespaceId)?.name } : {}),
    iacType: row.iacType,
    driftState: row.driftState as StackOverviewItem['driftState'],
    errorState: effectiveErrorState(row, new Date()),
    ...(row.latestRunStatus ? { latestRunStatus: row.latestRunStatus as StackOverviewItem['latestRunStatus'] } : {}),
    latestRunAt: row.latestRunAt?.toISOString() ?? null,
  });
  return {
    stacks: { total, byStatus: counted(byStatus), byEngine: counted(byEngine), activeRuns, drifted: driftedCount, failing: failingCount },
    driftedStacks: drifted.map(item),
    failingStacks: failing.map(item),
    ran,
    firstStackNeverRun: neverRun?.id,
  };
}
