import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { Scope } from '../../db/scope';
import { memberships } from '../accounts/accounts.schema';
import { namespacePermissions } from '../namespace-permissions/namespace-permissions.schema';
import { programmaticUsers } from '../programmatic-users/programmatic-users.schema';
import { customRoles } from './custom-roles.schema';

export type CustomRoleRow = typeof customRoles.$inferSelect;
export type CustomRoleChanges = Partial<Pick<CustomRoleRow, 'name' | 'description' | 'type' | 'permissions' | 'stackRestriction'>>;

export function findCustomRole(scope: Scope, id: string): Promise<CustomRoleRow | undefined> {
  return scope.first(customRoles, eq(customRoles.id, id));
}

export function findCustomRoleByName(scope: Scope, name: string): Promise<CustomRoleRow | undefined> {
  return scope.first(customRoles, eq(customRoles.name, name));
}

export async function listCustomRoles(
  scope: Scope,
  filter: { id: string | undefined; name: string | undefined; type: string | undefined; limit: number; offset: number },
): Promise<{ rows: CustomRoleRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.id) conditions.push(eq(customRoles.id, filter.id));
  if (filter.name) conditions.push(eq(customRoles.name, filter.name));
  if (filter.type) conditions.push(eq(customRoles.type, filter.type as CustomRoleRow['type']));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, total] = await Promise.all([
    scope.select(customRoles, where, { orderBy: [asc(customRoles.name)], limit: filter.limit, offset: filter.offset }),
    scope.count(customRoles, where),
  ]);
  return { rows, total };
}

export function insertCustomRole(
  scope: Scope,
  row: { id: string; name: string; type: CustomRoleRow['type'] } & CustomRoleChanges,
): Promise<CustomRoleRow> {
  return scope.insert(customRoles, row);
}

export async function updateCustomRole(scope: Scope, id: string, changes: CustomRoleChanges): Promise<CustomRoleRow | undefined> {
  const [row] = await scope.update(customRoles, { ...changes, updatedAt: new Date() }, eq(customRoles.id, id));
  return row;
}

export async function deleteCustomRole(scope: Scope, id: string): Promise<CustomRoleRow | undefined> {
  const [row] = await scope.delete(customRoles, eq(customRoles.id, id));
  return row;
}

/** How many members, programmatic users and namespace permissions of the organization hold the role. */
export async function countHolders(scope: Scope, id: string): Promise<number> {
  const counts = await Promise.all([
    scope.count(memberships, eq(memberships.customRoleId, id)),
    scope.count(programmaticUsers, eq(programmaticUsers.customRoleId, id)),
    scope.count(namespacePermissions, eq(namespacePermissions.customRoleId, id)),
  ]);
  return counts.reduce((a, b) => a + b, 0);
}
