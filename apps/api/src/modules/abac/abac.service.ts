import type { Database } from '../../db/database';
import { inOrganization, type Scope } from '../../db/scope';
import { newId } from '../../crypto/ids';
import { alreadyExists, notFound, validationError } from '../../http/domain-error';
import type { Schemas } from '../../http/contract-types';
import type { Paging } from '../../http/envelope';
import type { Actor } from '../../permissions/actor';
import type { PermissionEngine } from '../../permissions/permission-engine';
import { listMembershipsOfUser } from '../accounts/accounts.repository';
import { initiatorOf, recordAudit } from '../audit/audit.service';
import type { AbacRole } from './abac.schema';
import {
  deleteAbac as deleteRow,
  existingTeamIds,
  findAbac,
  findAbacByGroup,
  insertAbac,
  listAbac as listRows,
  updateAbac as updateRow,
  type AbacChanges,
  type AbacRow,
} from './abac.repository';

export interface AbacDeps {
  db: Database;
  engine: PermissionEngine;
}

export type CustomAbacConfiguration = Schemas['CustomAbacConfiguration'];
export type CustomAbacConfigurationCreateInput = Schemas['CustomAbacConfigurationCreateInput'];
export type CustomAbacConfigurationUpdateInput = Schemas['CustomAbacConfigurationUpdateInput'];
type CustomAbacRole = Schemas['CustomAbacRole'];

function toConfiguration(row: AbacRow): CustomAbacConfiguration {
  return {
    id: row.id,
    customAbacId: row.customAbacId,
    name: row.name,
    // Stored as validated from CustomAbacRole.
    roles: row.roles.map((r) => ({ orgId: r.orgId, orgRole: r.orgRole as CustomAbacRole['orgRole'], teamIds: r.teamIds })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const isUniqueViolation = (error: unknown) => (error as { code?: string } | undefined)?.code === '23505';
const duplicateGroup = (group: string) =>
  alreadyExists(`A custom ABAC configuration for '${group}' already exists`, 'entity.customAbacId');

function changesFrom(input: CustomAbacConfigurationUpdateInput): AbacChanges {
  const changes: AbacChanges = {};
  if (input.customAbacId !== undefined) {
    const group = input.customAbacId?.trim() ?? '';
    if (!group) throw validationError("'entity.customAbacId' must not be blank", 'entity.customAbacId');
    changes.customAbacId = group;
  }
  if (input.name !== undefined) {
    const name = input.name?.trim() ?? '';
    if (!name) throw validationError("'entity.name' must not be blank", 'entity.name');
    changes.name = name;
  }
  if (input.roles !== undefined) changes.roles = (input.roles ?? []).map((r) => ({ orgId: r.orgId, orgRole: r.orgRole, teamIds: r.teamIds }));
  return changes;
}

/**
 * Each mapping must name the caller's organization or one the caller administers (a user
 * with the admin role there), once; a built-in or namespace-only role (custom roles need an id
 * the mapping cannot carry); and teams of that organization.
 */
async function checkRoles(deps: AbacDeps, actor: Actor, roles: AbacRole[]): Promise<void> {
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
    if (role.orgRole === 'custom') throw validationError("'custom' cannot be mapped: choose a built-in role", `${field}.orgRole`);
    const found = await inOrganization(deps.db, role.orgId, (scope) => existingTeamIds(scope, role.teamIds));
    const missing = role.teamIds.findIndex((id) => !found.has(id));
    if (missing >= 0) throw validationError(`No team ${role.teamIds[missing]} in organization ${role.orgId}`, `${field}.teamIds.${missing}`);
  }
}

async function requireUniqueGroup(scope: Scope, group: string | undefined, exceptId?: string): Promise<void> {
  if (group === undefined) return;
  const existing = await findAbacByGroup(scope, group);
  if (existing && existing.id !== exceptId) throw duplicateGroup(group);
}

async function mapUnique<T>(group: string | undefined, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateGroup(group ?? '');
    throw error;
  }
}

export async function listAbacConfigurations(
  deps: AbacDeps,
  actor: Actor,
  query: { customAbacConfigurationId?: string | undefined; customAbacId?: string | undefined; page: number; pageSize: number },
) {
  await deps.engine.require(actor, 'customAbac:read');
  const { rows, total } = await inOrganization(deps.db, actor.organizationId, (scope) =>
    listRows(scope, {
      id: query.customAbacConfigurationId,
      customAbacId: query.customAbacId,
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    }),
  );
  const paging: Paging = { page: query.page, pageSize: query.pageSize, total };
  return { items: rows.map(toConfiguration), paging };
}

export async function getAbacConfiguration(deps: AbacDeps, actor: Actor, id: string) {
  await deps.engine.require(actor, 'customAbac:read');
  const row = await inOrganization(deps.db, actor.organizationId, (scope) => findAbac(scope, id));
  if (!row) throw notFound('Custom ABAC configuration', id);
  return toConfiguration(row);
}

export async function createAbacConfiguration(deps: AbacDeps, actor: Actor, input: CustomAbacConfigurationCreateInput) {
  await deps.engine.require(actor, 'customAbac:manage');
  const changes = changesFrom(input);
  await checkRoles(deps, actor, changes.roles ?? []);
  const group = changes.customAbacId as string;
  return mapUnique(group, () =>
    inOrganization(deps.db, actor.organizationId, async (scope) => {
      await requireUniqueGroup(scope, group);
      const row = await insertAbac(scope, { id: newId('customAbacConfiguration'), ...changes, customAbacId: group, name: changes.name as string });
      await recordAudit(scope, initiatorOf(actor), { entityType: 'customAbacConfiguration', entityId: row.id, entityName: row.name, action: 'create' });
      return toConfiguration(row);
    }),
  );
}

export async function updateAbacConfiguration(deps: AbacDeps, actor: Actor, id: string, input: CustomAbacConfigurationUpdateInput) {
  await deps.engine.require(actor, 'customAbac:manage');
  const changes = changesFrom(input);
  if (changes.roles) await checkRoles(deps, actor, changes.roles);
  return mapUnique(changes.customAbacId, () =>
    inOrganization(deps.db, actor.organizationId, async (scope) => {
      if (!(await findAbac(scope, id))) throw notFound('Custom ABAC configuration', id);
      await requireUniqueGroup(scope, changes.customAbacId, id);
      const row = (await updateRow(scope, id, changes)) as AbacRow;
      await recordAudit(scope, initiatorOf(actor), { entityType: 'customAbacConfiguration', entityId: row.id, entityName: row.name, action: 'update' });
      return toConfiguration(row);
    }),
  );
}

export async function deleteAbacConfiguration(deps: AbacDeps, actor: Actor, id: string) {
  await deps.engine.require(actor, 'customAbac:manage');
  return inOrganization(deps.db, actor.organizationId, async (scope) => {
    const row = await deleteRow(scope, id);
    if (!row) throw notFound('Custom ABAC configuration', id);
    await recordAudit(scope, initiatorOf(actor), { entityType: 'customAbacConfiguration', entityId: row.id, entityName: row.name, action: 'delete' });
    return toConfiguration(row);
  });
}
