import { and, asc, desc, eq, inArray, isNotNull, ne, sql, type SQL } from 'drizzle-orm';
import { pagedList, type Page, type PageRequest } from '../../db/paged-list';
import type { Scope } from '../../db/scope';
import { stackStates, stateLocks, stateOutputs, stateResources, stateVersionContents, stateVersions, type StateVersionStatus } from './terraform-state.schema';

export type StackStateRow = typeof stackStates.$inferSelect;
export type StateVersionRow = typeof stateVersions.$inferSelect;
export type NewStateVersionRow = Omit<typeof stateVersions.$inferInsert, 'organizationId'>;
export type StateOutputRow = typeof stateOutputs.$inferSelect;
export type StateLockRow = typeof stateLocks.$inferSelect;
export type NewStateLockRow = Omit<typeof stateLocks.$inferInsert, 'organizationId'>;

export interface StateVersionFilter {
  stackId: string;
  unit: string;
  status: StateVersionStatus;
}

// Newest first, in the order the versions were written (seq is unique).
const versionList = pagedList<typeof stateVersions, StateVersionFilter>({
  name: 'state_versions',
  table: stateVersions,
  orderBy: [desc(stateVersions.seq)],
  filters: {
    stackId: (id) => eq(stateVersions.stackId, id),
    unit: (unit) => eq(stateVersions.unit, unit),
    status: (status) => eq(stateVersions.status, status),
  },
});

/** The root state of a stack is unit ''; a terragrunt unit's is its directory relative to the stack's. */
const ofState = (stackId: string, unit: string) => and(eq(stackStates.stackId, stackId), eq(stackStates.unit, unit)) as SQL;

/**
 * The stack's (or unit's) state row, created when missing, locked until the transaction ends: every
 * change of that state (write, lock, unlock, rollback) takes it first, so they run one at a time.
 */
export async function lockStackState(scope: Scope, stackId: string, unit = ''): Promise<StackStateRow> {
  await scope.insertIfAbsent(stackStates, { stackId, unit });
  const row = await scope.lockFirst(stackStates, ofState(stackId, unit), 'update');
  if (!row) throw new Error(`The state row of ${stackId} ${unit} vanished`);
  return row;
}

export const findStackState = (scope: Scope, stackId: string, unit = '') => scope.first(stackStates, ofState(stackId, unit));

/** The stack's states that have a current version: its root's ('') and its terragrunt units', by unit. */
export const listCurrentStates = (scope: Scope, stackId: string) =>
  scope.select(stackStates, and(eq(stackStates.stackId, stackId), isNotNull(stackStates.currentVersionId)) as SQL, { orderBy: [asc(stackStates.unit)] });

export async function setCurrentVersion(scope: Scope, stackId: string, version: { id: string; serial: number; lineage: string; sha256: string }, unit = '') {
  await scope.update(stackStates, { currentVersionId: version.id, serial: version.serial, lineage: version.lineage, sha256: version.sha256 }, ofState(stackId, unit));
}

export async function insertVersion(scope: Scope, row: NewStateVersionRow, sealed: Buffer): Promise<StateVersionRow> {
  const version = await scope.insert(stateVersions, row);
  await scope.insert(stateVersionContents, { stateVersionId: version.id, sealed });
  return version;
}

/** The stack's current version becomes history (before its successor is inserted: one current per stack). */
export async function supersedeCurrent(scope: Scope, stackId: string, unit = ''): Promise<void> {
  await scope.update(stateVersions, { status: 'superseded' }, and(eq(stateVersions.stackId, stackId), eq(stateVersions.unit, unit), eq(stateVersions.status, 'current')) as SQL);
}

export const findVersion = (scope: Scope, versionId: string) => scope.first(stateVersions, eq(stateVersions.id, versionId));

export async function findSealedContent(scope: Scope, versionId: string): Promise<Buffer | undefined> {
  return (await scope.first(stateVersionContents, eq(stateVersionContents.stateVersionId, versionId)))?.sealed;
}

export function listVersions(scope: Scope, filter: Partial<StateVersionFilter>, request: PageRequest): Promise<Page<StateVersionRow>> {
  return scope.page(versionList, filter, request);
}

export type StateResourceRow = typeof stateResources.$inferSelect;

export const insertResources = (scope: Scope, rows: Omit<typeof stateResources.$inferInsert, 'organizationId'>[]) => scope.insertMany(stateResources, rows);

/** The resource instances of several versions (a terragrunt stack's units'), version after version in the order given, each in its state's order. */
export async function listResourcesOfVersions(scope: Scope, versionIds: string[], request: PageRequest): Promise<Page<StateResourceRow>> {
  if (versionIds.length === 0) return { rows: [], total: 0 };
  const ofVersions = inArray(stateResources.stateVersionId, versionIds);
  const order = sql`array_position(ARRAY[${sql.join(
    versionIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::text[], ${stateResources.stateVersionId})`;
  const rows = await scope.select(stateResources, ofVersions, {
    orderBy: [asc(order), asc(stateResources.ordinal)],
    limit: request.pageSize,
    offset: (request.page - 1) * request.pageSize,
  });
  return { rows, total: await scope.count(stateResources, ofVersions) };
}

export async function insertOutputs(scope: Scope, rows: Omit<typeof stateOutputs.$inferInsert, 'organizationId'>[]): Promise<void> {
  for (const row of rows) await scope.insert(stateOutputs, row);
}

/** The stack's terragrunt units that have a state of their own (locked or written), by unit. */
export const listUnitStates = (scope: Scope, stackId: string) =>
  scope.select(stackStates, and(eq(stackStates.stackId, stackId), ne(stackStates.unit, '')) as SQL, { orderBy: [asc(stackStates.unit)] });

export const listOutputs = (scope: Scope, versionId: string) =>
  scope.select(stateOutputs, eq(stateOutputs.stateVersionId, versionId), { orderBy: [asc(stateOutputs.name)] });

export const findOutput = (scope: Scope, versionId: string, name: string) =>
  scope.first(stateOutputs, and(eq(stateOutputs.stateVersionId, versionId), eq(stateOutputs.name, name)));

export const findLock = (scope: Scope, stackId: string, unit = '') => scope.first(stateLocks, and(eq(stateLocks.stackId, stackId), eq(stateLocks.unit, unit)) as SQL);

/** The locks of the stack's states (its root's and its terragrunt units'), by unit. */
export const listLocks = (scope: Scope, stackId: string) => scope.select(stateLocks, eq(stateLocks.stackId, stackId), { orderBy: [asc(stateLocks.unit)] });

/** Takes the lock unless one is held: true when this call inserted it. */
export const insertLock = (scope: Scope, row: NewStateLockRow) => scope.insertIfAbsent(stateLocks, row);

export async function deleteLock(scope: Scope, stackId: string, lockId: string, unit = ''): Promise<StateLockRow | undefined> {
  const [row] = await scope.delete(stateLocks, and(eq(stateLocks.stackId, stackId), eq(stateLocks.unit, unit), eq(stateLocks.lockId, lockId)) as SQL);
  return row;
}

export const locksHeldBy = (scope: Scope, kind: StateLockRow['holderKind'], holderId: string) =>
  scope.select(stateLocks, and(eq(stateLocks.holderKind, kind), eq(stateLocks.holderId, holderId)));

/**
 * The version the stack (or its terragrunt unit) had before `runId` first wrote its state (the
 * latest kept one written earlier), and whether the run wrote any: what a dependency trigger
 * compares outputs against.
 */
export async function versionsAroundRun(scope: Scope, stackId: string, runId: string, unit = ''): Promise<{ wrote: boolean; before: StateVersionRow | undefined }> {
  const [first] = await scope.select(stateVersions, and(eq(stateVersions.stackId, stackId), eq(stateVersions.unit, unit), eq(stateVersions.runId, runId)) as SQL, {
    orderBy: [asc(stateVersions.seq)],
    limit: 1,
  });
  if (!first) return { wrote: false, before: undefined };
  const [before] = await scope.select(
    stateVersions,
    and(eq(stateVersions.stackId, stackId), eq(stateVersions.unit, unit), sql`${stateVersions.seq} < ${first.seq}`, sql`${stateVersions.status} <> 'quarantined'`) as SQL,
    { orderBy: [desc(stateVersions.seq)], limit: 1 },
  );
  return { wrote: true, before };
}

/** Everything of a stack's state: its row, its lock, its versions (their contents, outputs and resources cascade). */
export async function deleteStateOf(scope: Scope, stackId: string): Promise<number> {
  await scope.delete(stateLocks, eq(stateLocks.stackId, stackId));
  const versions = await scope.delete(stateVersions, eq(stateVersions.stackId, stackId));
  await scope.delete(stackStates, eq(stackStates.stackId, stackId));
  return versions.length;
}
