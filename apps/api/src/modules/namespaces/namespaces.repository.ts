import { asc, eq, inArray } from 'drizzle-orm';
import { anyOf, equals, pagedList, relation, type Page, type PageRequest, type RelatedRow } from '../../db/paged-list';
import type { NewRow, RowChanges, Scope } from '../../db/scope';
import { namespaces } from './namespaces.schema';

export type NamespaceRow = typeof namespaces.$inferSelect;
export type NewNamespaceRow = NewRow<typeof namespaces>;
export type NamespaceChanges = RowChanges<typeof namespaces>;

export interface NamespaceFilter {
  namespaceId: string;
  namespaceName: string;
  /** Only these ids (namespace-only users); absent means no restriction. */
  visibleIds: string[];
}

// Ordered by name (unique in the organization), on the index namespaces_org_name_key. Exported for
// tools/bench/api-bench.mjs, which EXPLAINs its statement.
export const namespaceList = pagedList<typeof namespaces, NamespaceFilter>({
  name: 'namespaces',
  table: namespaces,
  orderBy: [asc(namespaces.name)],
  filters: {
    namespaceId: equals(namespaces.id),
    namespaceName: equals(namespaces.name),
    visibleIds: anyOf(namespaces.id),
  },
});

/**
 * What a stack inherits from its namespace: other modules' lists read it with their rows, in the
 * same statement (the stacks list), through the namespaces service.
 */
export const namespaceSettingsRelation = relation(namespaces, ['name', 'iacConfig', 'runnerConfig', 'deploymentApprovalPolicy', 'capabilities']);
export type NamespaceSettingsRow = RelatedRow<typeof namespaceSettingsRelation>;

export function listNamespaces(scope: Scope, filter: Partial<NamespaceFilter>, request: PageRequest): Promise<Page<NamespaceRow>> {
  return scope.page(namespaceList, filter, request);
}

export function findNamespace(scope: Scope, id: string): Promise<NamespaceRow | undefined> {
  return scope.first(namespaces, eq(namespaces.id, id));
}

/**
 * The namespace, locked until the transaction ends: `update` while deleting it, `key share` while
 * putting something in it (a stack, a variable, a permission), so neither happens under the other.
 */
export function lockNamespace(scope: Scope, id: string, strength: 'update' | 'key share'): Promise<NamespaceRow | undefined> {
  return scope.lockFirst(namespaces, eq(namespaces.id, id), strength);
}

export function findNamespacesByIds(scope: Scope, ids: string[]): Promise<NamespaceRow[]> {
  return ids.length ? scope.select(namespaces, inArray(namespaces.id, ids)) : Promise.resolve([]);
}

export function findNamespaceByName(scope: Scope, name: string): Promise<NamespaceRow | undefined> {
  return scope.first(namespaces, eq(namespaces.name, name));
}

export function insertNamespace(scope: Scope, row: NewNamespaceRow): Promise<NamespaceRow> {
  return scope.insert(namespaces, row);
}

export async function updateNamespace(scope: Scope, id: string, changes: NamespaceChanges): Promise<NamespaceRow | undefined> {
  const [row] = await scope.update(namespaces, changes, eq(namespaces.id, id));
  return row;
}

export async function deleteNamespace(scope: Scope, id: string): Promise<NamespaceRow | undefined> {
  const [row] = await scope.delete(namespaces, eq(namespaces.id, id));
  return row;
}

/** Whether any namespace (of these ids, when given) exists: one row read. */
export async function hasAnyNamespace(scope: Scope, visibleIds: string[] | null): Promise<boolean> {
  if (visibleIds !== null && visibleIds.length === 0) return false;
  return Boolean(await scope.first(namespaces, visibleIds === null ? undefined : inArray(namespaces.id, visibleIds)));
}
