import { and, asc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Scope } from '../../db/scope';
import { customRoles } from '../custom-roles/custom-roles.schema';
import { namespaces } from '../namespaces/namespaces.schema';
import { programmaticUsers } from '../programmatic-users/programmatic-users.schema';
import { teams, teamUsers } from '../teams/teams.schema';
import { namespacePermissions } from './namespace-permissions.schema';

export type NamespacePermissionRow = typeof namespacePermissions.$inferSelect;
export type NewNamespacePermission = Omit<typeof namespacePermissions.$inferInsert, 'organizationId' | 'createdAt'>;

/** The key of a grant: target and principal (exactly one principal id is set). */
export interface GrantKey {
  namespaceId: string | null;
  stackId: string | null;
  userId: string | null;
  programmaticUserId: string | null;
  teamId: string | null;
}

const nullable = (column: PgColumn, value: string | null): SQL =>
  value === null ? isNull(column) : eq(column, value);

function keyCondition(key: GrantKey): SQL {
  return and(
    nullable(namespacePermissions.namespaceId, key.namespaceId),
    nullable(namespacePermissions.stackId, key.stackId),
    nullable(namespacePermissions.userId, key.userId),
    nullable(namespacePermissions.programmaticUserId, key.programmaticUserId),
    nullable(namespacePermissions.teamId, key.teamId),
  ) as SQL;
}

export function findGrant(scope: Scope, key: GrantKey): Promise<NamespacePermissionRow | undefined> {
  return scope.first(namespacePermissions, keyCondition(key));
}

export function insertGrant(scope: Scope, row: NewNamespacePermission): Promise<NamespacePermissionRow> {
  return scope.insert(namespacePermissions, row);
}

export async function deleteGrant(scope: Scope, key: GrantKey): Promise<NamespacePermissionRow | undefined> {
  const [row] = await scope.delete(namespacePermissions, keyCondition(key));
  return row;
}

export interface GrantFilter {
  /** undefined: any; null: All Namespaces grants only. */
  namespaceId: string | null | undefined;
  stackId: string | undefined;
  teamId: string | undefined;
  userEmail: string | undefined;
  programmaticUserId: string | undefined;
  limit: number;
  offset: number;
}

export async function listGrants(scope: Scope, filter: GrantFilter): Promise<{ rows: NamespacePermissionRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.namespaceId !== undefined) conditions.push(nullable(namespacePermissions.namespaceId, filter.namespaceId));
  if (filter.stackId) conditions.push(eq(namespacePermissions.stackId, filter.stackId));
  if (filter.teamId) conditions.push(eq(namespacePermissions.teamId, filter.teamId));
  if (filter.userEmail) conditions.push(sql`lower(${namespacePermissions.userEmail}) = lower(${filter.userEmail})`);
  if (filter.programmaticUserId) conditions.push(eq(namespacePermissions.programmaticUserId, filter.programmaticUserId));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, total] = await Promise.all([
    scope.select(namespacePermissions, where, {
      orderBy: [asc(namespacePermissions.createdAt), asc(namespacePermissions.namespaceId)],
      limit: filter.limit,
      offset: filter.offset,
    }),
    scope.count(namespacePermissions, where),
  ]);
  return { rows, total };
}

export const namespaceExists = async (scope: Scope, id: string) => (await scope.count(namespaces, eq(namespaces.id, id))) > 0;
export const teamExists = async (scope: Scope, id: string) => (await scope.count(teams, eq(teams.id, id))) > 0;

export function findProgrammaticUserByName(scope: Scope, name: string) {
  return scope.first(programmaticUsers, eq(programmaticUsers.name, name));
}

export async function programmaticUserNames(scope: Scope, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await scope.select(programmaticUsers, inArray(programmaticUsers.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The grants that reach a principal: its own, and (for users) those of its teams. */
export async function grantsOfPrincipal(
  scope: Scope,
  principal: { userId: string } | { programmaticUserId: string },
): Promise<NamespacePermissionRow[]> {
  if ('programmaticUserId' in principal) {
    return scope.select(namespacePermissions, eq(namespacePermissions.programmaticUserId, principal.programmaticUserId));
  }
  const teamIds = (await scope.select(teamUsers, eq(teamUsers.userId, principal.userId))).map((m) => m.teamId);
  const byTeam = teamIds.length ? [inArray(namespacePermissions.teamId, teamIds)] : [];
  return scope.select(namespacePermissions, or(eq(namespacePermissions.userId, principal.userId), ...byTeam));
}

export async function customRolePermissions(scope: Scope, ids: string[]): Promise<Map<string, string[]>> {
  if (ids.length === 0) return new Map();
  const rows = await scope.select(customRoles, inArray(customRoles.id, ids));
  return new Map(rows.map((r) => [r.id, r.permissions]));
}

/** Drops the grants and team memberships of a user leaving the organization. */
export async function forgetUser(scope: Scope, userId: string): Promise<void> {
  await scope.delete(namespacePermissions, eq(namespacePermissions.userId, userId));
  await scope.delete(teamUsers, eq(teamUsers.userId, userId));
}
