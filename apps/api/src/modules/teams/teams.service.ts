import type { Database } from '../../db/database';
import { inOrganization, type Scope } from '../../db/scope';
import { newId } from '../../crypto/ids';
import { alreadyExists, notFound, validationError } from '../../http/domain-error';
import type { Schemas } from '../../http/contract-types';
import type { Paging } from '../../http/envelope';
import type { Actor } from '../../permissions/actor';
import type { PermissionEngine } from '../../permissions/permission-engine';
import { findMembership, findUserByEmail } from '../accounts/accounts.repository';
import { initiatorOf, recordAudit } from '../audit/audit.service';
import {
  deleteTeam as deleteRow,
  deleteTeamUser as deleteMembershipRow,
  findTeam,
  findTeamByName,
  insertTeam,
  insertTeamUser,
  listTeams as listRows,
  listTeamUsers as listMembershipRows,
  updateTeam as updateRow,
  type TeamChanges,
  type TeamRow,
  type TeamUserRow,
} from './teams.repository';

export interface TeamsDeps {
  db: Database;
  engine: PermissionEngine;
}

export type Team = Schemas['Team'];
export type TeamCreateInput = Schemas['TeamCreateInput'];
export type TeamUpdateInput = Schemas['TeamUpdateInput'];
export type TeamUserKey = Schemas['TeamUserKey'];
export type TeamUser = Schemas['TeamUser'];

export function toTeam(row: TeamRow): Team {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    customIdpId: row.customIdpId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const toTeamUser = (row: TeamUserRow): TeamUser => ({ teamId: row.teamId, email: row.userEmail });

const isUniqueViolation = (error: unknown) => (error as { code?: string } | undefined)?.code === '23505';
const duplicateName = (name: string) => alreadyExists(`A team named '${name}' already exists`, 'entity.name');

/** Partial update: absent stays, null clears (name cannot be cleared). */
function changesFrom(input: TeamUpdateInput): TeamChanges {
  const changes: TeamChanges = {};
  if (input.name !== undefined) {
    const name = input.name?.trim() ?? '';
    if (!name) throw validationError("'entity.name' must not be blank", 'entity.name');
    changes.name = name;
  }
  if (input.description !== undefined) changes.description = input.description;
  if (input.customIdpId !== undefined) changes.customIdpId = input.customIdpId?.trim() || null;
  return changes;
}

async function withUniqueName<T>(scope: Scope, name: string | undefined, exceptId: string | undefined, work: () => Promise<T>): Promise<T> {
  if (name !== undefined) {
    const existing = await findTeamByName(scope, name);
    if (existing && existing.id !== exceptId) throw duplicateName(name);
  }
  return work();
}

/** Concurrent creates of the same name reach the unique index: the same answer as the check. */
async function mapUnique<T>(name: string | undefined, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName(name ?? '');
    throw error;
  }
}

export async function listTeams(
  deps: TeamsDeps,
  actor: Actor,
  query: { teamId?: string | undefined; teamName?: string | undefined; page: number; pageSize: number },
) {
  await deps.engine.require(actor, 'team:read');
  const { rows, total } = await inOrganization(deps.db, actor.organizationId, (scope) =>
    listRows(scope, { teamId: query.teamId, teamName: query.teamName, limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
  );
  const paging: Paging = { page: query.page, pageSize: query.pageSize, total };
  return { items: rows.map(toTeam), paging };
}

export async function getTeam(deps: TeamsDeps, actor: Actor, teamId: string): Promise<Team> {
  await deps.engine.require(actor, 'team:read');
  const row = await inOrganization(deps.db, actor.organizationId, (scope) => findTeam(scope, teamId));
  if (!row) throw notFound('Team', teamId);
  return toTeam(row);
}

export async function createTeam(deps: TeamsDeps, actor: Actor, input: TeamCreateInput): Promise<Team> {
  await deps.engine.require(actor, 'team:manage');
  const changes = changesFrom(input);
  const name = changes.name as string;
  return mapUnique(name, () =>
    inOrganization(deps.db, actor.organizationId, (scope) =>
      withUniqueName(scope, name, undefined, async () => {
        const row = await insertTeam(scope, { id: newId('team'), ...changes, name });
        await recordAudit(scope, initiatorOf(actor), { entityType: 'team', entityId: row.id, entityName: row.name, action: 'create' });
        return toTeam(row);
      }),
    ),
  );
}

export async function updateTeam(deps: TeamsDeps, actor: Actor, teamId: string, input: TeamUpdateInput): Promise<Team> {
  await deps.engine.require(actor, 'team:manage');
  const changes = changesFrom(input);
  return mapUnique(changes.name, () =>
    inOrganization(deps.db, actor.organizationId, (scope) =>
      withUniqueName(scope, changes.name, teamId, async () => {
        const row = await updateRow(scope, teamId, changes);
        if (!row) throw notFound('Team', teamId);
        await recordAudit(scope, initiatorOf(actor), { entityType: 'team', entityId: row.id, entityName: row.name, action: 'update' });
        return toTeam(row);
      }),
    ),
  );
}

/** Deletes the team; its memberships and namespace permissions go with it (foreign keys cascade). */
export async function deleteTeam(deps: TeamsDeps, actor: Actor, teamId: string): Promise<Team> {
  await deps.engine.require(actor, 'team:manage');
  return inOrganization(deps.db, actor.organizationId, async (scope) => {
    const row = await deleteRow(scope, teamId);
    if (!row) throw notFound('Team', teamId);
    await recordAudit(scope, initiatorOf(actor), { entityType: 'team', entityId: row.id, entityName: row.name, action: 'delete' });
    return toTeam(row);
  });
}

/** The user behind an e-mail, when it is a member of the actor's organization. */
async function memberByEmail(deps: TeamsDeps, actor: Actor, email: string) {
  const user = await findUserByEmail(deps.db, email);
  if (!user || !(await findMembership(deps.db, user.id, actor.organizationId))) return undefined;
  return user;
}

export async function listTeamUsers(
  deps: TeamsDeps,
  actor: Actor,
  query: { teamId?: string | undefined; userEmail?: string | undefined; page: number; pageSize: number },
) {
  await deps.engine.require(actor, 'team:read');
  const paging = (total: number): Paging => ({ page: query.page, pageSize: query.pageSize, total });
  let userId: string | undefined;
  if (query.userEmail) {
    const user = await memberByEmail(deps, actor, query.userEmail);
    // A filter that matches nobody answers an empty list, as every list filter does.
    if (!user) return { items: [], paging: paging(0) };
    userId = user.id;
  }
  const { rows, total } = await inOrganization(deps.db, actor.organizationId, (scope) =>
    listMembershipRows(scope, { teamId: query.teamId, userId, limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
  );
  return { items: rows.map(toTeamUser), paging: paging(total) };
}

export async function addTeamUser(deps: TeamsDeps, actor: Actor, key: TeamUserKey): Promise<TeamUser> {
  await deps.engine.require(actor, 'team:manage');
  const user = await memberByEmail(deps, actor, key.userEmail);
  if (!user) throw validationError(`No user ${key.userEmail} in this organization`, 'entity.userEmail');
  return inOrganization(deps.db, actor.organizationId, async (scope) => {
    const team = await findTeam(scope, key.teamId);
    if (!team) throw notFound('Team', key.teamId);
    const inserted = await insertTeamUser(scope, { teamId: team.id, userId: user.id, userEmail: user.email });
    if (!inserted) throw alreadyExists(`${user.email} is already a member of team '${team.name}'`, 'entity.userEmail');
    await recordAudit(scope, initiatorOf(actor), { entityType: 'team', entityId: team.id, entityName: team.name, action: 'update' });
    return { teamId: team.id, email: user.email };
  });
}

export async function removeTeamUser(deps: TeamsDeps, actor: Actor, key: TeamUserKey): Promise<TeamUser> {
  await deps.engine.require(actor, 'team:manage');
  const user = await memberByEmail(deps, actor, key.userEmail);
  return inOrganization(deps.db, actor.organizationId, async (scope) => {
    const team = await findTeam(scope, key.teamId);
    if (!team) throw notFound('Team', key.teamId);
    const row = user ? await deleteMembershipRow(scope, team.id, user.id) : undefined;
    if (!row) throw notFound('Team user', `${key.teamId}/${key.userEmail}`);
    await recordAudit(scope, initiatorOf(actor), { entityType: 'team', entityId: team.id, entityName: team.name, action: 'update' });
    return toTeamUser(row);
  });
}
