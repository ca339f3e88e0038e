import { newId } from '../../crypto/ids';
import { inOrganization } from '../../db/scope';
import type { Schemas } from '../../http/contract-types';
import { notFound, validationError } from '../../http/domain-error';
import type { Actor } from '../../permissions/actor';
import { listMembershipsOfUser } from '../accounts/accounts.repository';
import { initiatorOf, recordAudit } from '../audit/audit.service';
import { unique } from '../../db/unique-violation';
import type { IamDeps } from './iam-deps';
import * as repo from './iam.repository';
import { matching } from './list-filter';

// Custom ABAC configurations: identity-provider groups mapped to organizations, roles and teams.

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
