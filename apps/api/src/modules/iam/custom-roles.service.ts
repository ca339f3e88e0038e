import { newId } from '../../crypto/ids';
import { changesFrom, hasChanges } from '../../db/changes';
import { inOrganization } from '../../db/scope';
import type { Schemas } from '../../http/contract-types';
import { DomainError, notFound } from '../../http/domain-error';
import type { Actor } from '../../permissions/actor';
import { initiatorOf, recordAudit } from '../audit/audit.service';
import { unique } from '../../db/unique-violation';
import type { IamDeps } from './iam-deps';
import * as repo from './iam.repository';
import { matching } from './list-filter';

// Custom roles: named permission sets for organization or namespace roles.

const toCustomRole = (row: repo.CustomRoleRow) => ({
  id: row.id,
  name: row.name,
  description: row.description,
  type: row.type,
  permissions: row.permissions.map((name) => ({ name })) as Schemas['CustomRole']['permissions'],
  stackRestriction: row.stackRestriction,
});

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
      const set = changesFrom(input, {
        name: (name) => name.trim(),
        description: true,
        permissions: (permissions) => [...new Set((permissions ?? []).map((p) => p.name))],
        stackRestriction: (restriction) => restriction ?? 'none',
      });
      const row = hasChanges(set) ? await repo.updateCustomRole(scope, id, set) : await repo.findCustomRole(scope, id);
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
