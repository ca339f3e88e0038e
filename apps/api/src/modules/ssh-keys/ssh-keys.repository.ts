import { and, asc, eq, ne, type SQL } from 'drizzle-orm';
import type { Scope } from '../../db/scope';
import { sshKeys, type KeyKind } from './ssh-keys.schema';

const ofKind = (kind: KeyKind, ...conditions: SQL[]): SQL => and(eq(sshKeys.kind, kind), ...conditions) as SQL;

export type KeyRow = typeof sshKeys.$inferSelect;
export type NewKeyRow = Omit<typeof sshKeys.$inferInsert, 'organizationId'>;
export type KeyChanges = Partial<Omit<NewKeyRow, 'id' | 'kind' | 'createdAt' | 'createdBy'>>;

export function listKeys(scope: Scope, kind: KeyKind, keyId?: string): Promise<KeyRow[]> {
  const condition = keyId === undefined ? eq(sshKeys.kind, kind) : and(eq(sshKeys.kind, kind), eq(sshKeys.id, keyId));
  return scope.select(sshKeys, condition, { orderBy: [asc(sshKeys.name), asc(sshKeys.id)] });
}

export function findKey(scope: Scope, kind: KeyKind, id: string): Promise<KeyRow | undefined> {
  return scope.first(sshKeys, ofKind(kind, eq(sshKeys.id, id)));
}

export function lockKey(scope: Scope, kind: KeyKind, id: string): Promise<KeyRow | undefined> {
  return scope.lockFirst(sshKeys, ofKind(kind, eq(sshKeys.id, id)), 'update');
}

export function findKeyByName(scope: Scope, kind: KeyKind, name: string): Promise<KeyRow | undefined> {
  return scope.first(sshKeys, and(eq(sshKeys.kind, kind), eq(sshKeys.name, name)));
}

export function findPrimaryKey(scope: Scope, kind: KeyKind): Promise<KeyRow | undefined> {
  return scope.first(sshKeys, and(eq(sshKeys.kind, kind), eq(sshKeys.isPrimary, true)));
}

export function countKeys(scope: Scope, kind: KeyKind): Promise<number> {
  return scope.count(sshKeys, eq(sshKeys.kind, kind));
}

/** The oldest key of a kind, to become primary when the primary one is deleted. */
export async function oldestKey(scope: Scope, kind: KeyKind): Promise<KeyRow | undefined> {
  const [row] = await scope.select(sshKeys, eq(sshKeys.kind, kind), { orderBy: [asc(sshKeys.createdAt), asc(sshKeys.id)], limit: 1 });
  return row;
}

export function insertKey(scope: Scope, row: NewKeyRow): Promise<KeyRow> {
  return scope.insert(sshKeys, row);
}

export async function updateKey(scope: Scope, kind: KeyKind, id: string, changes: KeyChanges): Promise<KeyRow | undefined> {
  const [row] = await scope.update(sshKeys, changes, ofKind(kind, eq(sshKeys.id, id)));
  return row;
}

/** Clears the primary flag of every other key of the kind. */
export async function clearOtherPrimaries(scope: Scope, kind: KeyKind, exceptId: string): Promise<void> {
  await scope.update(sshKeys, { isPrimary: false }, ofKind(kind, eq(sshKeys.isPrimary, true), ne(sshKeys.id, exceptId)));
}

export async function deleteKey(scope: Scope, kind: KeyKind, id: string): Promise<KeyRow | undefined> {
  const [row] = await scope.delete(sshKeys, ofKind(kind, eq(sshKeys.id, id)));
  return row;
}
