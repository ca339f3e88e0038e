import type { Database } from '../../db/database';
import { inOrganization, type Scope } from '../../db/scope';
import { newId } from '../../crypto/ids';
import { alreadyExists, DomainError, notFound, validationError } from '../../http/domain-error';
import type { Schemas } from '../../http/contract-types';
import type { Paging } from '../../http/envelope';
import type { Actor } from '../../permissions/actor';
import type { PermissionEngine } from '../../permissions/permission-engine';
import { initiatorOf, recordAudit } from '../audit/audit.service';
import {
  countHolders,
  deleteCustomRole as deleteRow,
  findCustomRole,
  findCustomRoleByName,
  insertCustomRole,
  listCustomRoles as listRows,
  updateCustomRole as updateRow,
  type CustomRoleChanges,
  type CustomRoleRow,
} from './custom-roles.repository';

export interface CustomRolesDeps {
  db: Database;
  engine: PermissionEngine;
}

export type CustomRole = Schemas['CustomRole'];
export type CustomRoleCreateInput = Schemas['CustomRoleCreateInput'];
export type CustomRoleUpdateInput = Schemas['CustomRoleUpdateInput'];
export type CustomRoleType = Schemas['CustomRoleType'];
type PermissionName = Schemas['StackPermissionName'];

export function toCustomRole(row: CustomRoleRow): CustomRole {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    type: row.type,
    // Only names the description's StackPermissionName enum accepted are ever stored.
    permissions: row.permissions.map((name) => ({ name: name as PermissionName })),
    stackRestriction: row.stackRestriction,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const isUniqueViolation = (error: unknown) => (error as { code?: string } | undefined)?.code === '23505';
const duplicateName = (name: string) => alreadyExists(`A custom role named '${name}' already exists`, 'entity.name');

/** Partial update: absent stays, null clears; name, type and permissions cannot be cleared. */
function changesFrom(input: CustomRoleUpdateInput): CustomRoleChanges {
  const changes: CustomRoleChanges = {};
  if (input.name !== undefined) {
    const name = input.name?.trim() ?? '';
    if (!name) throw validationError("'entity.name' must not be blank", 'entity.name');
    changes.name = name;
  }
  if (input.description !== undefined) changes.description = input.description;
  if (input.type !== undefined) {
    if (input.type === null) throw validationError("'entity.type' cannot be cleared", 'entity.type');
    changes.type = input.type;
  }
  if (input.permissions !== undefined) {
    const names = (input.permissions ?? []).map((p) => p.name);
    const repeated = names.findIndex((name, i) => names.indexOf(name) !== i);
    if (repeated >= 0) throw validationError(`'${names[repeated]}' is listed twice`, `entity.permissions.${repeated}.name`);
    changes.permissions = names;
  }
  // null returns to the default: no restriction.
  if (input.stackRestriction !== undefined) changes.stackRestriction = input.stackRestriction ?? 'none';
  return changes;
}

async function requireUniqueName(scope: Scope, name: string | undefined, exceptId?: string): Promise<void> {
  if (name === undefined) return;
  const existing = await findCustomRoleByName(scope, name);
  if (existing && existing.id !== exceptId) throw duplicateName(name);
}

async function mapUnique<T>(name: string | undefined, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName(name ?? '');
    throw error;
  }
}

const inUse = (id: string, uses: number) =>
  new DomainError('conflict', `Custom role ${id} is still held by ${uses} user(s), programmatic user(s) or namespace permission(s)`);

export async function listCustomRoles(
  deps: CustomRolesDeps,
  actor: Actor,
  query: { customRoleId?: string | undefined; customRoleName?: string | undefined; type?: string | undefined; page: number; pageSize: number },
) {
  await deps.engine.require(actor, 'customRole:read');
  const { rows, total } = await inOrganization(deps.db, actor.organizationId, (scope) =>
    listRows(scope, {
      id: query.customRoleId,
      name: query.customRoleName,
      type: query.type,
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    }),
  );
  const paging: Paging = { page: query.page, pageSize: query.pageSize, total };
  return { items: rows.map(toCustomRole), paging };
}

export async function getCustomRole(deps: CustomRolesDeps, actor: Actor, id: string): Promise<CustomRole> {
  await deps.engine.require(actor, 'customRole:read');
  const row = await inOrganization(deps.db, actor.organizationId, (scope) => findCustomRole(scope, id));
  if (!row) throw notFound('Custom role', id);
  return toCustomRole(row);
}

export async function createCustomRole(deps: CustomRolesDeps, actor: Actor, input: CustomRoleCreateInput): Promise<CustomRole> {
  await deps.engine.require(actor, 'customRole:manage');
  const changes = changesFrom(input);
  const name = changes.name as string;
  return mapUnique(name, () =>
    inOrganization(deps.db, actor.organizationId, async (scope) => {
      await requireUniqueName(scope, name);
      const row = await insertCustomRole(scope, { id: newId('customRole'), ...changes, name, type: input.type });
      await recordAudit(scope, initiatorOf(actor), { entityType: 'customRole', entityId: row.id, entityName: row.name, action: 'create' });
      return toCustomRole(row);
    }),
  );
}

export async function updateCustomRole(deps: CustomRolesDeps, actor: Actor, id: string, input: CustomRoleUpdateInput): Promise<CustomRole> {
  await deps.engine.require(actor, 'customRole:manage');
  const changes = changesFrom(input);
  return mapUnique(changes.name, () =>
    inOrganization(deps.db, actor.organizationId, async (scope) => {
      const current = await findCustomRole(scope, id);
      if (!current) throw notFound('Custom role', id);
      await requireUniqueName(scope, changes.name, id);
      // A namespace role granted on namespaces cannot turn into an organization role under
      // its holders (nor the reverse): the kind of every existing grant would change meaning.
      if (changes.type !== undefined && changes.type !== current.type) {
        const uses = await countHolders(scope, id);
        if (uses > 0) throw inUse(id, uses);
      }
      const row = (await updateRow(scope, id, changes)) as CustomRoleRow;
      await recordAudit(scope, initiatorOf(actor), { entityType: 'customRole', entityId: row.id, entityName: row.name, action: 'update' });
      return toCustomRole(row);
    }),
  );
}

export async function deleteCustomRole(deps: CustomRolesDeps, actor: Actor, id: string): Promise<CustomRole> {
  await deps.engine.require(actor, 'customRole:manage');
  return inOrganization(deps.db, actor.organizationId, async (scope) => {
    const current = await findCustomRole(scope, id);
    if (!current) throw notFound('Custom role', id);
    const uses = await countHolders(scope, id);
    if (uses > 0) throw inUse(id, uses);
    const row = (await deleteRow(scope, id)) as CustomRoleRow;
    await recordAudit(scope, initiatorOf(actor), { entityType: 'customRole', entityId: row.id, entityName: row.name, action: 'delete' });
    return toCustomRole(row);
  });
}

/** A custom role of the organization with the expected type, or a validation error on `field`. */
export async function requireCustomRoleOfType(scope: Scope, id: string, type: CustomRoleType, field: string): Promise<CustomRoleRow> {
  const row = await findCustomRole(scope, id);
  if (!row) throw validationError(`No custom role ${id} in this organization`, field);
  if (row.type !== type) throw validationError(`Custom role ${id} is a ${row.type}, not a ${type}`, field);
  return row;
}
