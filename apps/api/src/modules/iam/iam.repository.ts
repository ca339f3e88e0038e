import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Scope } from '../../db/scope';
import { memberships, users } from '../accounts/accounts.schema';
import { invitations } from '../invitations/invitations.schema';
import {
  customAbacConfigurations,
  customRoles,
  namespacePermissions,
  programmaticTokens,
  programmaticUsers,
  teams,
  teamUsers,
} from './iam.schema';

export type TeamRow = typeof teams.$inferSelect;
export type CustomRoleRow = typeof customRoles.$inferSelect;
export type NamespacePermissionRow = typeof namespacePermissions.$inferSelect;
export type AbacRow = typeof customAbacConfigurations.$inferSelect;
export type ProgrammaticUserRow = typeof programmaticUsers.$inferSelect;
export type ProgrammaticTokenRow = typeof programmaticTokens.$inferSelect;
/** The columns every bearer token row shares (programmatic tokens, personal access tokens). */
export type BearerTokenRow = Pick<ProgrammaticTokenRow, 'id' | 'name' | 'createdAt' | 'expiresAt' | 'lastUsedAt' | 'revokedAt'>;

// Teams
export const listTeams = (scope: Scope, where?: SQL) => scope.select(teams, where, { orderBy: [asc(teams.name)] });
export const findTeam = (scope: Scope, id: string) => scope.first(teams, eq(teams.id, id));
export const findTeamByName = (scope: Scope, name: string) => scope.first(teams, eq(teams.name, name));
export const insertTeam = (scope: Scope, row: Omit<typeof teams.$inferInsert, 'organizationId'>) => scope.insert(teams, row);
export const updateTeam = async (scope: Scope, id: string, set: Partial<typeof teams.$inferInsert>) =>
  (await scope.update(teams, set, eq(teams.id, id)))[0];
export const deleteTeam = async (scope: Scope, id: string) => (await scope.delete(teams, eq(teams.id, id)))[0];
export const teamFilter = { byId: (id: string) => eq(teams.id, id), byName: (name: string) => eq(teams.name, name) };

// Team users: the e-mail comes from users, a global table, hence the join by hand (still filtered by organization).
export async function listTeamUsers(db: Database | Transaction, organizationId: string, teamId: string | undefined) {
  return db
    .select({ teamId: teamUsers.teamId, userId: teamUsers.userId, email: users.email })
    .from(teamUsers)
    .innerJoin(users, eq(users.id, teamUsers.userId))
    .where(and(eq(teamUsers.organizationId, organizationId), teamId ? eq(teamUsers.teamId, teamId) : undefined))
    .orderBy(asc(teamUsers.teamId), asc(users.email));
}
export const addTeamUser = (scope: Scope, teamId: string, userId: string) => scope.insertIfAbsent(teamUsers, { teamId, userId });
export const removeTeamUser = async (scope: Scope, teamId: string, userId: string) =>
  (await scope.delete(teamUsers, and(eq(teamUsers.teamId, teamId), eq(teamUsers.userId, userId)) as SQL))[0];

export async function teamsOfUser(db: Database | Transaction, organizationId: string, userId: string) {
  return db
    .select({ id: teams.id, name: teams.name })
    .from(teamUsers)
    .innerJoin(teams, eq(teams.id, teamUsers.teamId))
    .where(and(eq(teamUsers.organizationId, organizationId), eq(teamUsers.userId, userId)))
    .orderBy(asc(teams.name));
}

/** The member of this organization with this e-mail, if any. */
export async function findMemberByEmail(db: Database | Transaction, organizationId: string, email: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, organizationId), sql`lower(${users.email}) = lower(${email})`))
    .limit(1);
  return row;
}

export async function findUserEmails(db: Database | Transaction, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.email]));
}

// Custom roles
export const listCustomRoles = (scope: Scope) => scope.select(customRoles, undefined, { orderBy: [asc(customRoles.name)] });
export const findCustomRole = (scope: Scope, id: string) => scope.first(customRoles, eq(customRoles.id, id));
export const findCustomRoleByName = (scope: Scope, name: string) => scope.first(customRoles, eq(customRoles.name, name));
export const insertCustomRole = (scope: Scope, row: Omit<typeof customRoles.$inferInsert, 'organizationId'>) => scope.insert(customRoles, row);
export const updateCustomRole = async (scope: Scope, id: string, set: Partial<typeof customRoles.$inferInsert>) =>
  (await scope.update(customRoles, set, eq(customRoles.id, id)))[0];
export const deleteCustomRole = async (scope: Scope, id: string) => (await scope.delete(customRoles, eq(customRoles.id, id)))[0];
/**
 * Whether anyone holds the custom role: a member, a programmatic user, or an open invitation
 * (which would hand it out when accepted). Run after lockCustomRole(…, 'update') so that no
 * assignment can slip in between this check and the delete.
 */
export async function customRoleInUse(scope: Scope, id: string): Promise<boolean> {
  if (await scope.first(memberships, eq(memberships.customRoleId, id))) return true;
  if (await scope.first(programmaticUsers, eq(programmaticUsers.role, id))) return true;
  const open = and(eq(invitations.customRoleId, id), isNull(invitations.acceptedAt), gt(invitations.expiresAt, new Date())) as SQL;
  return Boolean(await scope.first(invitations, open));
}

/**
 * The custom role, locked until the transaction ends: `share` while giving it to someone (it
 * cannot be deleted meanwhile), `update` while deleting it (nobody can be given it meanwhile).
 */
export const lockCustomRole = (scope: Scope, id: string, strength: 'share' | 'update') =>
  scope.lockFirst(customRoles, eq(customRoles.id, id), strength);

// Namespace permissions
export const listNamespacePermissions = (scope: Scope, namespaceId: string | undefined) =>
  scope.select(namespacePermissions, namespaceId ? eq(namespacePermissions.namespaceId, namespaceId) : undefined, {
    orderBy: [asc(namespacePermissions.createdAt), asc(namespacePermissions.id)],
  });

export interface PermissionKey {
  namespaceId: string | null;
  stackId: string | null;
  principalType: NamespacePermissionRow['principalType'];
  principalId: string;
}

export function keyCondition(key: PermissionKey): SQL {
  return and(
    key.namespaceId === null ? isNull(namespacePermissions.namespaceId) : eq(namespacePermissions.namespaceId, key.namespaceId),
    key.stackId === null ? isNull(namespacePermissions.stackId) : eq(namespacePermissions.stackId, key.stackId),
    eq(namespacePermissions.principalType, key.principalType),
    eq(namespacePermissions.principalId, key.principalId),
  ) as SQL;
}
export const findNamespacePermission = (scope: Scope, key: PermissionKey) => scope.first(namespacePermissions, keyCondition(key));
/** Inserts unless the key (namespace_permissions_key) already holds one; answers whether it inserted. */
export const insertNamespacePermissionIfAbsent = (scope: Scope, row: Omit<typeof namespacePermissions.$inferInsert, 'organizationId'>) =>
  scope.insertIfAbsent(namespacePermissions, row);
export const insertNamespacePermission = (scope: Scope, row: Omit<typeof namespacePermissions.$inferInsert, 'organizationId'>) =>
  scope.insert(namespacePermissions, row);
export const updateNamespacePermissionRole = async (
  scope: Scope,
  key: PermissionKey,
  set: Pick<typeof namespacePermissions.$inferInsert, 'role' | 'customRoleId'>,
) => (await scope.update(namespacePermissions, set, keyCondition(key)))[0];
export const deleteNamespacePermission = async (scope: Scope, key: PermissionKey) =>
  (await scope.delete(namespacePermissions, keyCondition(key)))[0];
/** Removes every grant on a namespace (and its stacks) or on one stack: that place is being deleted. */
export const deleteNamespacePermissionsOn = (scope: Scope, place: { namespaceId: string } | { stackId: string }) =>
  scope.delete(
    namespacePermissions,
    'namespaceId' in place ? eq(namespacePermissions.namespaceId, place.namespaceId) : eq(namespacePermissions.stackId, place.stackId),
  );

/** The grants that apply to a principal: its own, and (for users) its teams'. */
export async function grantsFor(
  db: Database | Transaction,
  organizationId: string,
  principal: { type: 'user' | 'programmaticUser'; id: string },
  /** Grants on one stack instead of those on namespaces (the engine applies them to their stack). */
  level: 'namespace' | 'stack' = 'namespace',
) {
  const teamIds =
    principal.type === 'user'
      ? (
          await db
            .select({ teamId: teamUsers.teamId })
            .from(teamUsers)
            .where(and(eq(teamUsers.organizationId, organizationId), eq(teamUsers.userId, principal.id)))
        ).map((r) => r.teamId)
      : [];
  return db
    .select({
      namespaceId: namespacePermissions.namespaceId,
      stackId: namespacePermissions.stackId,
      role: namespacePermissions.role,
      permissions: customRoles.permissions,
      stackRestriction: customRoles.stackRestriction,
    })
    .from(namespacePermissions)
    .leftJoin(customRoles, eq(customRoles.id, namespacePermissions.customRoleId))
    .where(
      and(
        eq(namespacePermissions.organizationId, organizationId),
        // Stack-level grants apply to their stack only, never to the namespace itself.
        level === 'namespace' ? isNull(namespacePermissions.stackId) : isNotNull(namespacePermissions.stackId),
        or(
          and(eq(namespacePermissions.principalType, principal.type), eq(namespacePermissions.principalId, principal.id)),
          teamIds.length ? and(eq(namespacePermissions.principalType, 'team'), inArray(namespacePermissions.principalId, teamIds)) : undefined,
        ),
      ),
    );
}

// Custom ABAC
export const listAbac = (scope: Scope) => scope.select(customAbacConfigurations, undefined, { orderBy: [asc(customAbacConfigurations.name)] });
export const findAbac = (scope: Scope, id: string) => scope.first(customAbacConfigurations, eq(customAbacConfigurations.id, id));
export const insertAbac = (scope: Scope, row: Omit<typeof customAbacConfigurations.$inferInsert, 'organizationId'>) =>
  scope.insert(customAbacConfigurations, row);
export const updateAbac = async (scope: Scope, id: string, set: Partial<typeof customAbacConfigurations.$inferInsert>) =>
  (await scope.update(customAbacConfigurations, set, eq(customAbacConfigurations.id, id)))[0];
export const deleteAbac = async (scope: Scope, id: string) =>
  (await scope.delete(customAbacConfigurations, eq(customAbacConfigurations.id, id)))[0];

// Programmatic users and tokens
export const listProgrammaticUsers = (scope: Scope) => scope.select(programmaticUsers, undefined, { orderBy: [asc(programmaticUsers.name)] });
export const findProgrammaticUser = (scope: Scope, id: string) => scope.first(programmaticUsers, eq(programmaticUsers.id, id));
export const findProgrammaticUserByName = (scope: Scope, name: string) => scope.first(programmaticUsers, eq(programmaticUsers.name, name));
export const insertProgrammaticUser = (scope: Scope, row: Omit<typeof programmaticUsers.$inferInsert, 'organizationId'>) =>
  scope.insert(programmaticUsers, row);
export const deleteProgrammaticUser = async (scope: Scope, id: string) =>
  (await scope.delete(programmaticUsers, eq(programmaticUsers.id, id)))[0];
export const listTokens = (scope: Scope, programmaticUserId: string) =>
  scope.select(programmaticTokens, eq(programmaticTokens.programmaticUserId, programmaticUserId), {
    orderBy: [asc(programmaticTokens.createdAt)],
  });
export const insertToken = (scope: Scope, row: Omit<typeof programmaticTokens.$inferInsert, 'organizationId'>) =>
  scope.insert(programmaticTokens, row);
export const revokeToken = async (scope: Scope, programmaticUserId: string, id: string) =>
  (
    await scope.update(
      programmaticTokens,
      { revokedAt: new Date() },
      and(eq(programmaticTokens.id, id), eq(programmaticTokens.programmaticUserId, programmaticUserId)) as SQL,
    )
  )[0];

/** A live programmatic token by hash, with its user: how robots authenticate. */
export async function findLiveProgrammaticToken(db: Database | Transaction, tokenHash: string) {
  const [row] = await db
    .select({ token: programmaticTokens, user: programmaticUsers })
    .from(programmaticTokens)
    .innerJoin(programmaticUsers, eq(programmaticUsers.id, programmaticTokens.programmaticUserId))
    .where(
      and(
        eq(programmaticTokens.tokenHash, tokenHash),
        isNull(programmaticTokens.revokedAt),
        or(isNull(programmaticTokens.expiresAt), gt(programmaticTokens.expiresAt, new Date())),
      ),
    )
    .limit(1);
  return row;
}

/** Teams whose custom IdP id is one of the identity provider's groups (SSO sign-in). */
export async function teamsByIdpGroups(db: Database | Transaction, organizationId: string, groups: string[]) {
  if (groups.length === 0) return [];
  return db
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(and(eq(teams.organizationId, organizationId), inArray(teams.customIdpId, groups)))
    .orderBy(asc(teams.name));
}

/**
 * Makes the user's membership of identity-provider teams match `teamIds` (an SSO sign-in): joins
 * each of them, and leaves every team with a custom IdP id that is not among them. Teams without a
 * custom IdP id are managed by hand and only ever joined here (when an ABAC grant names them).
 */
export async function syncIdpTeams(scope: Scope, userId: string, teamIds: string[]): Promise<{ joined: string[]; left: string[] }> {
  const joined: string[] = [];
  for (const teamId of teamIds) if (await addTeamUser(scope, teamId, userId)) joined.push(teamId);
  const idpTeams = await scope.select(teams, sql`${teams.customIdpId} is not null`);
  const stale = idpTeams.map((t) => t.id).filter((id) => !teamIds.includes(id));
  const left: string[] = [];
  if (stale.length) {
    const removed = await scope.delete(teamUsers, and(eq(teamUsers.userId, userId), inArray(teamUsers.teamId, stale)) as SQL);
    left.push(...removed.map((r) => r.teamId));
  }
  return { joined, left };
}

/** The teams of the scope's organization among `ids`, by name (the teams an SSO user's ABAC mapping names). */
export async function teamRefsByIds(scope: Scope, ids: string[]): Promise<{ id: string; name: string }[]> {
  if (ids.length === 0) return [];
  const rows = await scope.select(teams, inArray(teams.id, ids), { orderBy: [asc(teams.name)] });
  return rows.map((t) => ({ id: t.id, name: t.name }));
}

/** Which of `ids` are teams of the scope's organization (ABAC mappings name teams of other organizations too). */
export async function existingTeamIds(scope: Scope, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await scope.select(teams, inArray(teams.id, ids));
  return new Set(rows.map((t) => t.id));
}

/** A table of bearer tokens: programmatic tokens and personal access tokens. */
export type BearerTokenTable = PgTable & { id: PgColumn; lastUsedAt: PgColumn };

/** Records that a token was used, at most once a minute, so a busy token does not write on every call. */
export async function touchToken(db: Database | Transaction, table: BearerTokenTable, tokenId: string, now: Date): Promise<void> {
  await db
    .update(table as PgTable)
    .set({ lastUsedAt: now } as never)
    .where(and(eq(table.id, tokenId), or(isNull(table.lastUsedAt), lt(table.lastUsedAt, new Date(now.getTime() - 60_000)))));
}
