import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Scope } from '../../db/scope';
import { teams } from '../teams/teams.schema';
import { customAbacConfigurations } from './abac.schema';

export type AbacRow = typeof customAbacConfigurations.$inferSelect;
export type AbacChanges = Partial<Pick<AbacRow, 'customAbacId' | 'name' | 'roles'>>;

export function findAbac(scope: Scope, id: string): Promise<AbacRow | undefined> {
  return scope.first(customAbacConfigurations, eq(customAbacConfigurations.id, id));
}

export function findAbacByGroup(scope: Scope, customAbacId: string): Promise<AbacRow | undefined> {
  return scope.first(customAbacConfigurations, eq(customAbacConfigurations.customAbacId, customAbacId));
}

export async function listAbac(
  scope: Scope,
  filter: { id: string | undefined; customAbacId: string | undefined; limit: number; offset: number },
): Promise<{ rows: AbacRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.id) conditions.push(eq(customAbacConfigurations.id, filter.id));
  if (filter.customAbacId) conditions.push(eq(customAbacConfigurations.customAbacId, filter.customAbacId));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, total] = await Promise.all([
    scope.select(customAbacConfigurations, where, {
      orderBy: [asc(customAbacConfigurations.name), asc(customAbacConfigurations.id)],
      limit: filter.limit,
      offset: filter.offset,
    }),
    scope.count(customAbacConfigurations, where),
  ]);
  return { rows, total };
}

export function insertAbac(scope: Scope, row: { id: string; customAbacId: string; name: string } & AbacChanges): Promise<AbacRow> {
  return scope.insert(customAbacConfigurations, row);
}

export async function updateAbac(scope: Scope, id: string, changes: AbacChanges): Promise<AbacRow | undefined> {
  const [row] = await scope.update(customAbacConfigurations, { ...changes, updatedAt: new Date() }, eq(customAbacConfigurations.id, id));
  return row;
}

export async function deleteAbac(scope: Scope, id: string): Promise<AbacRow | undefined> {
  const [row] = await scope.delete(customAbacConfigurations, eq(customAbacConfigurations.id, id));
  return row;
}

/** Which of `ids` are teams of the scope's organization. */
export async function existingTeamIds(scope: Scope, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await scope.select(teams, inArray(teams.id, ids));
  return new Set(rows.map((t) => t.id));
}
