import { isUniqueViolation } from '../../db/postgres-errors';
import { newId } from '../../crypto/ids';
import { hashToken, newOpaqueToken } from '../../crypto/opaque-token';
import type { Database } from '../../db/database';
import { inOrganization, type Scope } from '../../db/scope';
import type { Schemas } from '../../http/contract-types';
import { alreadyExists, DomainError, notFound, validationError } from '../../http/domain-error';
import type { Actor } from '../../permissions/actor';
import type { PermissionEngine } from '../../permissions/permission-engine';
import { listMembershipsOfUser } from '../accounts/accounts.repository';
import { initiatorOf, recordAudit } from '../audit/audit.service';
import { namespaceExists } from '../namespaces/namespaces.service';
import { organizationRoleOf } from './custom-role-assignment';
import * as repo from './iam.repository';

export interface IamDeps {
  db: Database;
  engine: PermissionEngine;
}

async function unique<T>(message: string, field: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyExists(message, field);
    throw error;
  }
}

// ---- Teams ---------------------------------------------------------------------------------

const toTeam = (row: repo.TeamRow) => ({ id: row.id, name: row.name, description: row.description, customIdpId: row.customIdpId });

export async function listTeams(deps: IamDeps, actor: Actor, filter: { teamId?: string; teamName?: string }) {
  await deps.engine.require(actor, 'team:read');
  return inOrganization(deps.db, actor.organizationId, async (scope) => {
    const where = filter.teamId ? repo.teamFilter.byId(filter.teamId) : filter.teamName ? repo.teamFilter.byName(filter.teamName) : undefined;
    return (await repo.listTeams(scope, where)).map(toTeam);
  });
}

export async function getTeam(deps: IamDeps, actor: Actor, teamId: string) {
  await deps.engine.require(actor, 'team:read');
  const row = await inOrganization(deps.db, actor.organizationId, (scope) => repo.findTeam(scope, teamId));
  if (!row) throw notFound('Team', teamId);
  return toTeam(row);
}

export async function createTeam(deps: IamDeps, actor: Actor, input: Schemas['TeamInput']) {
  await deps.engine.require(actor, 'team:manage');
  return unique(`A team named '${input.name}' already exists`, 'entity.name', () =>
    inOrganization(deps.db, actor.organizationId, async (scope) => {
      const row = await repo.insertTeam(scope, {
        id: newId('team'),
        name: input.name.trim(),
        description: input.description ?? null,
        customIdpId: input.customIdpId ?? null,
      });
      await recordAudit(scope, initiatorOf(actor), { entityType: 'team', entityId: row.id, entityName: row.name, action: 'create' });
      return toTeam(row);
    }),
  );
}

export async function updateTeam(deps: IamDeps, actor: Actor, teamId: string, input: Schemas['TeamUpdateInput']) {
  await deps.engine.require(actor, 'team:manage');
  return unique(`A team named '${input.name ?? ''}' already exists`, 'entity.name', () =>
    inOrganization(deps.db, actor.organizationId, async (scope) => {
      const set: Partial<repo.TeamRow> = {};
      if (input.name !== undefined) set.name = input.name.trim();
      if (input.description !== undefined) set.description = input.description;
      if (input.customIdpId !== undefined) set.customIdpId = input.customIdpId;
      const row = Object.keys(set).length ? await repo.updateTeam(scope, teamId, set) : await repo.findTeam(scope, teamId);
      if (!row) throw notFound('Team', teamId);
      await recordAudit(scope, initiatorOf(actor), { entityType: 'team', entityId: row.id, entityName: row.name, action: 'update' });
      return toTeam(row);
    }),
  );
}

export async function deleteTeam(deps: IamDeps, actor: Actor, teamId: string) {
  await deps.engine.require(actor, 'team:manage');
  return inOrganization(deps.db, actor.organizationId, async (scope) => {
    const row = await repo.deleteTeam(scope, teamId);
    if (!row) throw notFound('Team', teamId);
    await recordAudit(scope, initiatorOf(actor), { entityType: 'team', entityId: row.id, entityName: row.name, action: 'delete' });
    return toTeam(row);
  });
}

export async function listTeamUsers(deps: IamDeps, actor: Actor, teamId: string | undefined) {
  await deps.engine.require(actor, 'team:read');
  return repo.listTeamUsers(deps.db, actor.organizationId, teamId);
}

/**
 * The team and member a team-user body names. Adding refuses unknown ones (400 on the field);
 * removing answers 404 `not_found`, so a client removing what is already gone sees the code it
 * looks for.
 */
async function resolveTeamMember(deps: IamDeps, scope: Scope, actor: Actor, input: Schemas['TeamUserInput'], missing: 'invalid' | 'notFound') {
  const team = await repo.findTeam(scope, input.teamId);
  if (!team) throw missing === 'notFound' ? notFound('Team', input.teamId) : validationError(`Team ${input.teamId} was not found`, 'entity.teamId');
  const user = await repo.findMemberByEmail(deps.db, actor.organizationId, input.userEmail);
  if (!user) {
    if (missing === 'notFound') throw notFound('Team member', input.userEmail);
    throw validationError(`${input.userEmail} is not a member of this organization`, 'entity.userEmail');
  }
  return { team, user };
}

export async function addTeamUser(deps: IamDeps, actor: Actor, input: Schemas['TeamUserInput']) {
  await deps.engine.require(actor, 'team:manage');
  return inOrganization(deps.db, actor.organizationId, async (scope) => {
    const { team, user } = await resolveTeamMember(deps, scope, actor, input, 'invalid');
    if (!(await repo.addTeamUser(scope, team.id, user.id))) throw alreadyExists(`${user.email} is already in the team`, 'entity.userEmail');
    await recordAudit(scope, initiatorOf(actor), { entityType: 'team', entityId: `${team.id}/${user.id}`, entityName: user.email, action: 'update' });
    return { teamId: team.id, email: user.email, userId: user.id };
  });
}

export async function removeTeamUser(deps: IamDeps, actor: Actor, input: Schemas['TeamUserInput']) {
  await deps.engine.require(actor, 'team:manage');
  return inOrganization(deps.db, actor.organizationId, async (scope) => {
    const { team, user } = await resolveTeamMember(deps, scope, actor, input, 'notFound');
    if (!(await repo.removeTeamUser(scope, team.id, user.id))) throw notFound('Team member', user.email);
    await recordAudit(scope, initiatorOf(actor), { entityType: 'team', entityId: `${team.id}/${user.id}`, entityName: user.email, action: 'update' });
    return { teamId: team.id, email: user.email, userId: user.id };
  });
}

// ---- Namespace permissions ----------------------------------------------------------------

type PermissionKeyInput = Schemas['NamespacePermissionKey'];

/**
 * The key a namespace-permission body names. Clients send the principals they do not use as
 * `null`, so null counts as absent. A namespace that does not exist answers 404 `not_found`
 * (its message names "Namespace not found", which clients look for); an unknown principal is a
 * 400 on its field when granting, and a 404 when revoking (nothing to revoke).
 */
async function resolveKey(
  deps: IamDeps,
  scope: Scope,
  actor: Actor,
  input: PermissionKeyInput,
  missing: 'invalid' | 'notFound',
): Promise<repo.PermissionKey> {
  const userEmail = input.userEmail ?? undefined;
  const programmaticUserName = input.programmaticUserName ?? undefined;
  const teamId = input.teamId ?? undefined;
  const principals = [userEmail, programmaticUserName, teamId].filter((p) => p !== undefined);
  if (principals.length !== 1) {
    throw validationError('Exactly one of userEmail, programmaticUserName or teamId is required', 'entity.userEmail');
  }
  const namespaceId = input.namespaceId ?? null;
  if (namespaceId !== null && !(await namespaceExists(deps.db, actor.organizationId, namespaceId))) {
    throw notFound('Namespace', namespaceId);
  }
  const unknown = (what: string, value: string, field: string) =>
    missing === 'notFound' ? notFound(what, value) : validationError(`${what} not found: ${value}`, field);
  const base = { namespaceId, stackId: input.stackId ?? null };
  if (userEmail !== undefined) {
    const user = await repo.findMemberByEmail(deps.db, actor.organizationId, userEmail);
    if (!user) throw unknown('Organization member', userEmail, 'entity.userEmail');
    return { ...base, principalType: 'user', principalId: user.id };
  }
  if (programmaticUserName !== undefined) {
    const robot = await repo.findProgrammaticUserByName(scope, programmaticUserName);
    if (!robot) throw unknown('Programmatic user', programmaticUserName, 'entity.programmaticUserName');
    return { ...base, principalType: 'programmaticUser', principalId: robot.id };
  }
  const team = await repo.findTeam(scope, teamId as string);
  if (!team) throw unknown('Team', teamId as string, 'entity.teamId');
  return { ...base, principalType: 'team', principalId: team.id };
}

async function toNamespacePermission(deps: IamDeps, row: repo.NamespacePermissionRow, scope: Scope) {
  const base = { namespaceId: row.namespaceId, stackId: row.stackId, role: row.role, customRoleId: row.customRoleId };
  if (row.principalType === 'team') return { ...base, teamId: row.principalId };
  if (row.principalType === 'user') {
    const emails = await repo.findUserEmails(deps.db, [row.principalId]);
    return { ...base, userEmail: emails.get(row.principalId) ?? '' };
  }
  const robot = await repo.findProgrammaticUser(scope, row.principalId);
  return { ...base, programmaticUserName: robot?.name ?? '' };
}

export async function listNamespacePermissions(deps: IamDeps, actor: Actor, namespaceId: string | undefined) {
  await deps.engine.require(actor, 'namespacePermission:read');
  return inOrganization(deps.db, actor.organizationId, async (scope) => {
    const rows = await repo.listNamespacePermissions(scope, namespaceId);
    const out = [];
    for (const row of rows) out.push(await toNamespacePermission(deps, row, scope));
    return out;
  });
}

export async function createNamespacePermission(deps: IamDeps, actor: Actor, input: Schemas['NamespacePermissionInput']) {
  await deps.engine.require(actor, 'namespacePermission:manage');
  const role = input.role ?? null;
  const customRoleId = input.customRoleId ?? null;
  if ((role === null) === (customRoleId === null)) {
    throw validationError('Exactly one of role or customRoleId is required', 'entity.role');
  }
  return inOrganization(deps.db, actor.organizationId, async (scope) => {
    const key = await resolveKey(deps, scope, actor, input, 'invalid');
    if (customRoleId) {
      const custom = await repo.findCustomRole(scope, customRoleId);
      if (custom?.type !== 'namespaceRole') throw validationError(`${customRoleId} is not a custom namespace role`, 'entity.customRoleId');
    }
    // The key is the permission's identity: posting it again changes its role (clients update
    // a permission with this call), and posting the same role again changes nothing. The unique
    // key (namespace_permissions_key) makes concurrent grants of one key insert it once: the
    // others wait for that insert, then find the row and carry on as for an existing key.
    const inserted = await repo.insertNamespacePermissionIfAbsent(scope, { id: newId('namespacePermission'), ...key, role, customRoleId });
    let row = await repo.findNamespacePermission(scope, key);
    if (!row) throw notFound('Namespace permission', key.namespaceId ?? 'All Namespaces');
    const changesRole = !inserted && (row.role !== role || row.customRoleId !== customRoleId);
    if (changesRole) row = (await repo.updateNamespacePermissionRole(scope, key, { role, customRoleId })) ?? row;
    if (inserted || changesRole) {
      await recordAudit(scope, initiatorOf(actor), {
        entityType: 'namespacePermission',
        entityId: key.namespaceId ?? 'allNamespaces',
        entityName: `${key.principalType}:${key.principalId}`,
        action: inserted ? 'create' : 'update',
      });
    }
    return toNamespacePermission(deps, row, scope);
  });
}

export async function deleteNamespacePermission(deps: IamDeps, actor: Actor, input: PermissionKeyInput) {
  await deps.engine.require(actor, 'namespacePermission:manage');
  return inOrganization(deps.db, actor.organizationId, async (scope) => {
    const key = await resolveKey(deps, scope, actor, input, 'notFound');
    const row = await repo.findNamespacePermission(scope, key);
    if (!row) throw notFound('Namespace permission', key.namespaceId ?? 'All Namespaces');
    const view = await toNamespacePermission(deps, row, scope);
    await repo.deleteNamespacePermission(scope, key);
    await recordAudit(scope, initiatorOf(actor), {
      entityType: 'namespacePermission',
      entityId: key.namespaceId ?? 'allNamespaces',
      entityName: `${key.principalType}:${key.principalId}`,
      action: 'delete',
    });
    return view;
  });
}

// ---- Custom roles ---------------------------------------------------------------------------

const toCustomRole = (row: repo.CustomRoleRow) => ({
  id: row.id,
  name: row.name,
  description: row.description,
  type: row.type,
  permissions: row.permissions.map((name) => ({ name })) as Schemas['CustomRole']['permissions'],
  stackRestriction: row.stackRestriction,
});

/** Keeps the rows a list's `<resource>Id` / `<resource>Name` filters name (exact match). */
function matching<T extends { id: string; name: string }>(rows: T[], filter: { id?: string | undefined; name?: string | undefined }): T[] {
  return rows.filter((row) => (filter.id === undefined || row.id === filter.id) && (filter.name === undefined || row.name === filter.name));
}

export async function listCustomRoles(deps: IamDeps, actor: Actor, filter: { customRoleId?: string; customRoleName?: string } = {}) {
  await deps.engine.require(actor, 'customRole:read');
  const rows = await inOrganization(deps.db, actor.organizationId, repo.listCustomRoles);
  return matching(rows, { id: filter.customRoleId, name: filter.customRoleName }).map(toCustomRole);
}

export async function getCustomRole(deps: IamDeps, actor: Actor, id: string) {
  await deps.engine.require(actor, 'customRole:read');
  const row = await inOrganization(deps.db, actor.organizationId, (scope) => repo.findCustomRole(scope, id));
  if (!row) throw notFound('Custom role', id);
  return toCustomRole(row);
}

export async function createCustomRole(deps: IamDeps, actor: Actor, input: Schemas['CustomRoleInput']) {
  await deps.engine.require(actor, 'customRole:manage');
  return unique(`A custom role named '${input.name}' already exists`, 'entity.name', () =>
    inOrganization(deps.db, actor.organizationId, async (scope) => {
      const row = await repo.insertCustomRole(scope, {
        id: newId('customRole'),
        name: input.name.trim(),
        description: input.description ?? null,
        // Clients that know only namespace roles send no type.
        type: input.type ?? 'namespaceRole',
        permissions: [...new Set((input.permissions ?? []).map((p) => p.name))],
        stackRestriction: input.stackRestriction ?? 'none',
      });
      await recordAudit(scope, initiatorOf(actor), { entityType: 'customRole', entityId: row.id, entityName: row.name, action: 'create' });
      return toCustomRole(row);
    }),
  );
}

export async function updateCustomRole(deps: IamDeps, actor: Actor, id: string, input: Schemas['CustomRoleUpdateInput']) {
  await deps.engine.require(actor, 'customRole:manage');
  return unique(`A custom role named '${input.name ?? ''}' already exists`, 'entity.name', () =>
    inOrganization(deps.db, actor.organizationId, async (scope) => {
      const set: Partial<repo.CustomRoleRow> = {};
      if (input.name !== undefined) set.name = input.name.trim();
      if (input.description !== undefined) set.description = input.description;
      if (input.permissions !== undefined) set.permissions = [...new Set((input.permissions ?? []).map((p) => p.name))];
      if (input.stackRestriction !== undefined) set.stackRestriction = input.stackRestriction ?? 'none';
      const row = Object.keys(set).length ? await repo.updateCustomRole(scope, id, set) : await repo.findCustomRole(scope, id);
      if (!row) throw notFound('Custom role', id);
      await recordAudit(scope, initiatorOf(actor), { entityType: 'customRole', entityId: row.id, entityName: row.name, action: 'update' });
      return toCustomRole(row);
    }),
  );
}

export async function deleteCustomRole(deps: IamDeps, actor: Actor, id: string) {
  await deps.engine.require(actor, 'customRole:manage');
  return inOrganization(deps.db, actor.organizationId, async (scope) => {
    // Locked first: an assignment of this role running now either committed before (and is seen
    // by the check below) or waits and then finds the role gone (organizationRoleOf).
    if (!(await repo.lockCustomRole(scope, id, 'update'))) throw notFound('Custom role', id);
    if (await repo.customRoleInUse(scope, id)) {
      throw new DomainError('conflict', 'Members, programmatic users or open invitations hold this role; give them another role first');
    }
    const row = await repo.deleteCustomRole(scope, id);
    if (!row) throw notFound('Custom role', id);
    await recordAudit(scope, initiatorOf(actor), { entityType: 'customRole', entityId: row.id, entityName: row.name, action: 'delete' });
    return toCustomRole(row);
  });
}

// ---- Custom ABAC ----------------------------------------------------------------------------

/**
 * Each mapping names the caller's organization or one the caller administers (admin role
 * there), at most once, with teams of that organization; otherwise a validation error on the
 * mapping's field. Programmatic users administer their own organization only.
 */
async function checkAbacRoles(deps: IamDeps, actor: Actor, roles: Schemas['AbacRole'][]): Promise<void> {
  const administered = new Set([actor.organizationId]);
  if (actor.userType !== 'programmaticUser') {
    for (const { membership } of await listMembershipsOfUser(deps.db, actor.userId)) {
      if (membership.role === 'admin') administered.add(membership.organizationId);
    }
  }
  const seen = new Set<string>();
  for (const [i, role] of roles.entries()) {
    const field = `entity.roles.${i}`;
    if (!administered.has(role.orgId)) {
      throw validationError(`Organization ${role.orgId} is neither this organization nor one you administer`, `${field}.orgId`);
    }
    if (seen.has(role.orgId)) throw validationError(`Organization ${role.orgId} is mapped twice`, `${field}.orgId`);
    seen.add(role.orgId);
    if (role.orgRole.startsWith('cro-')) {
      const custom = await inOrganization(deps.db, role.orgId, (scope) => repo.findCustomRole(scope, role.orgRole));
      if (custom?.type !== 'organizationRole') {
        throw validationError(`${role.orgRole} is not a custom organization role of organization ${role.orgId}`, `${field}.orgRole`);
      }
    }
    const teamIds = role.teamIds ?? [];
    const found = await inOrganization(deps.db, role.orgId, (scope) => repo.existingTeamIds(scope, teamIds));
    const missing = teamIds.findIndex((id) => !found.has(id));
    if (missing >= 0) throw validationError(`No team ${teamIds[missing]} in organization ${role.orgId}`, `${field}.teamIds.${missing}`);
  }
}

const toAbac = (row: repo.AbacRow) => ({ id: row.id, customAbacId: row.customAbacId, name: row.name, roles: row.roles });

export async function listAbac(
  deps: IamDeps,
  actor: Actor,
  filter: { customAbacConfigurationId?: string; customAbacConfigurationName?: string } = {},
) {
  await deps.engine.require(actor, 'customAbac:read');
  const rows = await inOrganization(deps.db, actor.organizationId, repo.listAbac);
  return matching(rows, { id: filter.customAbacConfigurationId, name: filter.customAbacConfigurationName }).map(toAbac);
}

/** `teamIds: null` (clients send it for no teams) is stored as absent. */
const storedRoles = (roles: Schemas['AbacRole'][]) =>
  roles.map(({ teamIds, ...role }) => (teamIds === null || teamIds === undefined ? role : { ...role, teamIds }));

export async function getAbac(deps: IamDeps, actor: Actor, id: string) {
  await deps.engine.require(actor, 'customAbac:read');
  const row = await inOrganization(deps.db, actor.organizationId, (scope) => repo.findAbac(scope, id));
  if (!row) throw notFound('Custom ABAC configuration', id);
  return toAbac(row);
}

export async function createAbac(deps: IamDeps, actor: Actor, input: Schemas['CustomAbacConfigurationInput']) {
  await deps.engine.require(actor, 'customAbac:manage');
  await checkAbacRoles(deps, actor, input.roles);
  return unique(`Group ${input.customAbacId} is already mapped`, 'entity.customAbacId', () =>
    inOrganization(deps.db, actor.organizationId, async (scope) => {
      const row = await repo.insertAbac(scope, {
        id: newId('customAbacConfiguration'),
        customAbacId: input.customAbacId,
        name: input.name,
        roles: storedRoles(input.roles),
      });
      await recordAudit(scope, initiatorOf(actor), { entityType: 'customAbacConfiguration', entityId: row.id, entityName: row.name, action: 'create' });
      return toAbac(row);
    }),
  );
}

export async function updateAbac(deps: IamDeps, actor: Actor, id: string, input: Schemas['CustomAbacConfigurationUpdateInput']) {
  await deps.engine.require(actor, 'customAbac:manage');
  if (input.roles) await checkAbacRoles(deps, actor, input.roles);
  return unique(`Group ${input.customAbacId ?? ''} is already mapped`, 'entity.customAbacId', () =>
    inOrganization(deps.db, actor.organizationId, async (scope) => {
      const { roles, ...rest } = input;
      const set = roles ? { ...rest, roles: storedRoles(roles) } : rest;
      const row = Object.keys(set).length ? await repo.updateAbac(scope, id, set) : await repo.findAbac(scope, id);
      if (!row) throw notFound('Custom ABAC configuration', id);
      await recordAudit(scope, initiatorOf(actor), { entityType: 'customAbacConfiguration', entityId: row.id, entityName: row.name, action: 'update' });
      return toAbac(row);
    }),
  );
}

export async function deleteAbac(deps: IamDeps, actor: Actor, id: string) {
  await deps.engine.require(actor, 'customAbac:manage');
  return inOrganization(deps.db, actor.organizationId, async (scope) => {
    const row = await repo.deleteAbac(scope, id);
    if (!row) throw notFound('Custom ABAC configuration', id);
    await recordAudit(scope, initiatorOf(actor), { entityType: 'customAbacConfiguration', entityId: row.id, entityName: row.name, action: 'delete' });
    return toAbac(row);
  });
}

// ---- Programmatic users ----------------------------------------------------------------------

const toRobot = (row: repo.ProgrammaticUserRow) => ({ id: row.id, name: row.name, role: row.role, createdAt: row.createdAt.toISOString() });
/** The wire view of a bearer token row (programmatic or personal): the value only when just created. */
export const tokenView = (row: repo.BearerTokenRow, token?: string) => ({
  id: row.id,
  name: row.name,
  ...(token ? { token } : {}),
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt?.toISOString() ?? null,
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

export async function listProgrammaticUsers(
  deps: IamDeps,
  actor: Actor,
  filter: { programmaticUserId?: string; programmaticUserName?: string } = {},
) {
  await deps.engine.require(actor, 'programmaticUser:read');
  const rows = await inOrganization(deps.db, actor.organizationId, repo.listProgrammaticUsers);
  return matching(rows, { id: filter.programmaticUserId, name: filter.programmaticUserName }).map(toRobot);
}

export async function createProgrammaticUser(deps: IamDeps, actor: Actor, input: Schemas['ProgrammaticUserInput']) {
  await deps.engine.require(actor, 'programmaticUser:manage');
  return unique(`A programmatic user named '${input.name}' already exists`, 'entity.name', () =>
    inOrganization(deps.db, actor.organizationId, async (scope) => {
      await organizationRoleOf(scope, input.role, 'entity.role');
      const row = await repo.insertProgrammaticUser(scope, { id: newId('programmaticUser'), name: input.name, role: input.role, createdBy: actor.userId });
      await recordAudit(scope, initiatorOf(actor), { entityType: 'programmaticUser', entityId: row.id, entityName: row.name, action: 'create' });
      return toRobot(row);
    }),
  );
}

export async function deleteProgrammaticUser(deps: IamDeps, actor: Actor, id: string) {
  await deps.engine.require(actor, 'programmaticUser:manage');
  return inOrganization(deps.db, actor.organizationId, async (scope) => {
    const row = await repo.deleteProgrammaticUser(scope, id);
    if (!row) throw notFound('Programmatic user', id);
    await recordAudit(scope, initiatorOf(actor), { entityType: 'programmaticUser', entityId: row.id, entityName: row.name, action: 'delete' });
    return toRobot(row);
  });
}

async function requireRobot(scope: Scope, id: string) {
  const robot = await repo.findProgrammaticUser(scope, id);
  if (!robot) throw notFound('Programmatic user', id);
  return robot;
}

export async function listTokens(deps: IamDeps, actor: Actor, programmaticUserId: string) {
  await deps.engine.require(actor, 'programmaticUser:read');
  return inOrganization(deps.db, actor.organizationId, async (scope) => {
    await requireRobot(scope, programmaticUserId);
    return (await repo.listTokens(scope, programmaticUserId)).map((row) => tokenView(row));
  });
}

/** When a token created now with `expiresInDays` expires; null (no expiry) when absent. */
export const expiryFromDays = (expiresInDays: number | null | undefined): Date | null =>
  expiresInDays ? new Date(Date.now() + expiresInDays * 24 * 3600 * 1000) : null;

/** Creates a token; its value is returned here only, the database keeps its hash. */
export async function createToken(deps: IamDeps, actor: Actor, programmaticUserId: string, name: string, expiresInDays?: number | null) {
  await deps.engine.require(actor, 'programmaticUser:manage');
  return inOrganization(deps.db, actor.organizationId, async (scope) => {
    const robot = await requireRobot(scope, programmaticUserId);
    const token = newOpaqueToken('tpu');
    const row = await repo.insertToken(scope, {
      id: newId('programmaticToken'),
      programmaticUserId,
      name,
      tokenHash: hashToken(token),
      expiresAt: expiryFromDays(expiresInDays),
    });
    await recordAudit(scope, initiatorOf(actor), { entityType: 'programmaticUser', entityId: `${robot.id}/${row.id}`, entityName: name, action: 'create' });
    return tokenView(row, token);
  });
}

export async function revokeToken(deps: IamDeps, actor: Actor, programmaticUserId: string, tokenId: string) {
  await deps.engine.require(actor, 'programmaticUser:manage');
  return inOrganization(deps.db, actor.organizationId, async (scope) => {
    const robot = await requireRobot(scope, programmaticUserId);
    const row = await repo.revokeToken(scope, programmaticUserId, tokenId);
    if (!row) throw notFound('Token', tokenId);
    await recordAudit(scope, initiatorOf(actor), { entityType: 'programmaticUser', entityId: `${robot.id}/${row.id}`, entityName: row.name, action: 'revoke' });
    return tokenView(row);
  });
}
