import type { Database } from '../../db/database';
import { newId } from '../../crypto/ids';
import { changesFrom, hasChanges } from '../../db/changes';
import { inOrganization, type Scope } from '../../db/scope';
import type { Schemas } from '../../http/contract-types';
import { alreadyExists, notFound, validationError } from '../../http/domain-error';
import type { Actor } from '../../permissions/actor';
import { initiatorOf, recordAudit } from '../audit/audit.service';
import { unique } from '../../db/unique-violation';
import type { IamDeps } from './iam-deps';
import * as repo from './iam.repository';

// Teams and their members.

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
      const set = changesFrom(input, { name: (name) => name.trim(), description: true, customIdpId: true });
      const row = hasChanges(set) ? await repo.updateTeam(scope, teamId, set) : await repo.findTeam(scope, teamId);
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

/** For other modules (approvals by team): the ids of the teams a user of the organization is in. */
export async function teamIdsOfUser(db: Database, organizationId: string, userId: string): Promise<string[]> {
  return (await repo.teamsOfUser(db, organizationId, userId)).map((team) => team.id);
}
