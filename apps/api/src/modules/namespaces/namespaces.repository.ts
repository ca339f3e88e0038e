import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Scope } from '../../db/scope';
import { namespaces } from './namespaces.schema';

export type NamespaceRow = typeof namespaces.$inferSelect;
export type NewNamespaceRow = Omit<typeof namespaces.$inferInsert, 'organizationId'>;
export type NamespaceChanges = Partial<Omit<NewNamespaceRow, 'id' | 'createdAt' | 'createdBy'>>;

export interface NamespaceFilter {
  namespaceId?: string | undefined;
  namespaceName?: string | undefined;
  /** Only these ids (namespace-only users); undefined means no restriction. */
  visibleIds?: string[] | undefined;
  limit: number;
  offset: number;
}

export async function listNamespaces(scope: Scope, filter: NamespaceFilter): Promise<{ rows: NamespaceRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.namespaceId) conditions.push(eq(namespaces.id, filter.namespaceId));
  if (filter.namespaceName) conditions.push(eq(namespaces.name, filter.namespaceName));
  if (filter.visibleIds) {
    if (filter.visibleIds.length === 0) return { rows: [], total: 0 };
    conditions.push(inArray(namespaces.id, filter.visibleIds));
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, total] = await Promise.all([
    scope.select(namespaces, where, { orderBy: [asc(namespaces.name)], limit: filter.limit, offset: filter.offset }),
    scope.count(namespaces, where),
  ]);
  return { rows, total };
}

export function findNamespace(scope: Scope, id: string): Promise<NamespaceRow | undefined> {
  return scope.first(namespaces, eq(namespaces.id, id));
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
