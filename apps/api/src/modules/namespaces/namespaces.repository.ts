import { asc, eq, inArray } from 'drizzle-orm';
import { anyOf, pagedList, type Page, type PageRequest } from '../../db/paged-list';
import type { Scope } from '../../db/scope';
import { namespaces } from './namespaces.schema';

export type NamespaceRow = typeof namespaces.$inferSelect;
export type NewNamespaceRow = Omit<typeof namespaces.$inferInsert, 'organizationId'>;
export type NamespaceChanges = Partial<Omit<NewNamespaceRow, 'id' | 'createdAt' | 'createdBy'>>;

export interface NamespaceFilter {
  namespaceId: string;
  namespaceName: string;
  /** Only these ids (namespace-only users); absent means no restriction. */
  visibleIds: string[];
}

// Ordered by name (unique in the organization), on the index namespaces_org_name_key.
const namespaceList = pagedList<typeof namespaces, NamespaceFilter>({
  name: 'namespaces',
  table: namespaces,
  orderBy: [asc(namespaces.name)],
  filters: {
    namespaceId: (id) => eq(namespaces.id, id),
    namespaceName: (name) => eq(namespaces.name, name),
    visibleIds: anyOf(namespaces.id),
  },
});

export function listNamespaces(scope: Scope, filter: Partial<NamespaceFilter>, request: PageRequest): Promise<Page<NamespaceRow>> {
  return scope.page(namespaceList, filter, request);
}

export function findNamespace(scope: Scope, id: string): Promise<NamespaceRow | undefined> {
  return scope.first(namespaces, eq(namespaces.id, id));
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
