import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Scope } from '../../db/scope';
import { teams, teamUsers } from './teams.schema';

export type TeamRow = typeof teams.$inferSelect;
export type TeamChanges = Partial<Pick<TeamRow, 'name' | 'description' | 'customIdpId'>>;
export type TeamUserRow = typeof teamUsers.$inferSelect;

export function findTeam(scope: Scope, id: string): Promise<TeamRow | undefined> {
  return scope.first(teams, eq(teams.id, id));
}

export function findTeamByName(scope: Scope, name: string): Promise<TeamRow | undefined> {
  return scope.first(teams, eq(teams.name, name));
}

export async function listTeams(
  scope: Scope,
  filter: { teamId: string | undefined; teamName: string | undefined; limit: number; offset: number },
): Promise<{ rows: TeamRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.teamId) conditions.push(eq(teams.id, filter.teamId));
  if (filter.teamName) conditions.push(eq(teams.name, filter.teamName));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, total] = await Promise.all([
    scope.select(teams, where, { orderBy: [asc(teams.name)], limit: filter.limit, offset: filter.offset }),
    scope.count(teams, where),
  ]);
  return { rows, total };
}

export function insertTeam(scope: Scope, row: { id: string; name: string } & TeamChanges): Promise<TeamRow> {
  return scope.insert(teams, row);
}

export async function updateTeam(scope: Scope, id: string, changes: TeamChanges): Promise<TeamRow | undefined> {
  const [row] = await scope.update(teams, { ...changes, updatedAt: new Date() }, eq(teams.id, id));
  return row;
}

export async function deleteTeam(scope: Scope, id: string): Promise<TeamRow | undefined> {
  const [row] = await scope.delete(teams, eq(teams.id, id));
  return row;
}

export async function listTeamUsers(
  scope: Scope,
  filter: { teamId: string | undefined; userId: string | undefined; limit: number; offset: number },
): Promise<{ rows: TeamUserRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.teamId) conditions.push(eq(teamUsers.teamId, filter.teamId));
  if (filter.userId) conditions.push(eq(teamUsers.userId, filter.userId));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, total] = await Promise.all([
    scope.select(teamUsers, where, {
      orderBy: [asc(teamUsers.teamId), asc(teamUsers.userEmail)],
      limit: filter.limit,
      offset: filter.offset,
    }),
    scope.count(teamUsers, where),
  ]);
  return { rows, total };
}

export function insertTeamUser(scope: Scope, row: { teamId: string; userId: string; userEmail: string }): Promise<boolean> {
  return scope.insertIfAbsent(teamUsers, row);
}

export async function deleteTeamUser(scope: Scope, teamId: string, userId: string): Promise<TeamUserRow | undefined> {
  const [row] = await scope.delete(teamUsers, and(eq(teamUsers.teamId, teamId), eq(teamUsers.userId, userId)) as SQL);
  return row;
}

/** The teams a user belongs to (for the permission engine's team grants and the user's view). */
export async function teamsOfUser(scope: Scope, userId: string): Promise<TeamRow[]> {
  const memberships = await scope.select(teamUsers, eq(teamUsers.userId, userId));
  if (memberships.length === 0) return [];
  return scope.select(teams, inArray(teams.id, memberships.map((m) => m.teamId)), { orderBy: [asc(teams.name)] });
}
