import { and, asc, desc, eq, type SQL } from 'drizzle-orm';
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
  status: StateVersionStatus;
}

// Newest first, in the order the versions were written (seq is unique).
const versionList = pagedList<typeof stateVersions, StateVersionFilter>({
  name: 'state_versions',
  table: stateVersions,
  orderBy: [desc(stateVersions.seq)],
  filters: {
    stackId: (id) => eq(stateVersions.stackId, id),
    status: (status) => eq(stateVersions.status, status),
  },
});

/**
 * The stack's state row, created when missing, locked until the transaction ends: every change
 * of a stack's state (write, lock, unlock, rollback) takes it first, so they run one at a time.
 */
export async function lockStackState(scope: Scope, stackId: string): Promise<StackStateRow> {
  await scope.insertIfAbsent(stackStates, { stackId });
  const row = await scope.lockFirst(stackStates, eq(stackStates.stackId, stackId), 'update');
  if (!row) throw new Error(`The state row of ${stackId} vanished`);
  return row;
}

export const findStackState = (scope: Scope, stackId: string) => scope.first(stackStates, eq(stackStates.stackId, stackId));

export async function setCurrentVersion(scope: Scope, stackId: string, version: { id: string; serial: number; lineage: string; sha256: string }) {
  await scope.update(
    stackStates,
    { currentVersionId: version.id, serial: version.serial, lineage: version.lineage, sha256: version.sha256 },
    eq(stackStates.stackId, stackId),
  );
}

export async function insertVersion(scope: Scope, row: NewStateVersionRow, sealed: Buffer): Promise<StateVersionRow> {
  const version = await scope.insert(stateVersions, row);
  await scope.insert(stateVersionContents, { stateVersionId: version.id, sealed });
  return version;
}

/** The stack's current version becomes history (before its successor is inserted: one current per stack). */
export async function supersedeCurrent(scope: Scope, stackId: string): Promise<void> {
  await scope.update(stateVersions, { status: 'superseded' }, and(eq(stateVersions.stackId, stackId), eq(stateVersions.status, 'current')) as SQL);
}

export const findVersion = (scope: Scope, versionId: string) => scope.first(stateVersions, eq(stateVersions.id, versionId));

export async function findSealedContent(scope: Scope, versionId: string): Promise<Buffer | undefined> {
  return (await scope.first(stateVersionContents, eq(stateVersionContents.stateVersionId, versionId)))?.sealed;
}

export function listVersions(scope: Scope, filter: Partial<StateVersionFilter>, request: PageRequest): Promise<Page<StateVersionRow>> {
  return scope.page(versionList, filter, request);
}

export type StateResourceRow = typeof stateResources.$inferSelect;

export interface StateResourceFilter {
  stateVersionId: string;
}

// In the state file's order (Terraform writes it sorted: module, resource, then instance key).
const resourceList = pagedList<typeof stateResources, StateResourceFilter>({
  name: 'state_resources',
  table: stateResources,
  orderBy: [asc(stateResources.ordinal)],
  filters: { stateVersionId: (id) => eq(stateResources.stateVersionId, id) },
});

export const insertResources = (scope: Scope, rows: Omit<typeof stateResources.$inferInsert, 'organizationId'>[]) => scope.insertMany(stateResources, rows);

export const listResources = (scope: Scope, stateVersionId: string, request: PageRequest): Promise<Page<StateResourceRow>> =>
  scope.page(resourceList, { stateVersionId }, request);

export async function insertOutputs(scope: Scope, rows: Omit<typeof stateOutputs.$inferInsert, 'organizationId'>[]): Promise<void> {
  for (const row of rows) await scope.insert(stateOutputs, row);
}

export const listOutputs = (scope: Scope, versionId: string) =>
  scope.select(stateOutputs, eq(stateOutputs.stateVersionId, versionId), { orderBy: [asc(stateOutputs.name)] });

export const findOutput = (scope: Scope, versionId: string, name: string) =>
  scope.first(stateOutputs, and(eq(stateOutputs.stateVersionId, versionId), eq(stateOutputs.name, name)));

export const findLock = (scope: Scope, stackId: string) => scope.first(stateLocks, eq(stateLocks.stackId, stackId));

/** Takes the lock unless one is held: true when this call inserted it. */
export const insertLock = (scope: Scope, row: NewStateLockRow) => scope.insertIfAbsent(stateLocks, row);

export async function deleteLock(scope: Scope, stackId: string, lockId: string): Promise<StateLockRow | undefined> {
  const [row] = await scope.delete(stateLocks, and(eq(stateLocks.stackId, stackId), eq(stateLocks.lockId, lockId)) as SQL);
  return row;
}

export const locksHeldBy = (scope: Scope, kind: StateLockRow['holderKind'], holderId: string) =>
  scope.select(stateLocks, and(eq(stateLocks.holderKind, kind), eq(stateLocks.holderId, holderId)));

/** Everything of a stack's state: its row, its lock, its versions (their contents, outputs and resources cascade). */
export async function deleteStateOf(scope: Scope, stackId: string): Promise<number> {
  await scope.delete(stateLocks, eq(stateLocks.stackId, stackId));
  const versions = await scope.delete(stateVersions, eq(stateVersions.stackId, stackId));
  await scope.delete(stackStates, eq(stackStates.stackId, stackId));
  return versions.length;
}
