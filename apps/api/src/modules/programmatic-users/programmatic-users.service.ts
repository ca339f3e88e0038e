import type { Database } from '../../db/database';
import { inOrganization, type Scope } from '../../db/scope';
import { newId } from '../../crypto/ids';
import { hashToken, newOpaqueToken } from '../../crypto/opaque-token';
import { alreadyExists, notFound, validationError } from '../../http/domain-error';
import type { Schemas } from '../../http/contract-types';
import type { Paging } from '../../http/envelope';
import type { Actor } from '../../permissions/actor';
import type { PermissionEngine } from '../../permissions/permission-engine';
import { initiatorOf, recordAudit } from '../audit/audit.service';
import { requireCustomRoleOfType } from '../custom-roles/custom-roles.service';
import {
  deleteProgrammaticUser as deleteRow,
  findLiveToken,
  findProgrammaticUser,
  findProgrammaticUserByName,
  insertProgrammaticUser,
  insertToken,
  listLiveTokens,
  listProgrammaticUsers as listRows,
  revokeToken as revokeRow,
  touchToken,
  updateProgrammaticUser as updateRow,
  type ProgrammaticUserChanges,
  type ProgrammaticUserRow,
  type TokenRow,
} from './programmatic-users.repository';

export interface ProgrammaticUsersDeps {
  db: Database;
  engine: PermissionEngine;
}

export type ProgrammaticUser = Schemas['ProgrammaticUser'];
export type ProgrammaticUserCreateInput = Schemas['ProgrammaticUserCreateInput'];
export type ProgrammaticUserUpdateInput = Schemas['ProgrammaticUserUpdateInput'];
export type ProgrammaticUserToken = Schemas['ProgrammaticUserToken'];
export type ProgrammaticUserTokenCreateInput = Schemas['ProgrammaticUserTokenCreateInput'];
type OrgRoleKey = Schemas['OrgRoleKey'];

export function toProgrammaticUser(row: ProgrammaticUserRow): ProgrammaticUser {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    // Only values of the description's OrgRoleKey are ever stored here.
    orgRole: row.orgRole as OrgRoleKey,
    customRoleId: row.customRoleId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toToken(row: TokenRow): ProgrammaticUserToken {
  return {
    id: row.id,
    programmaticUserId: row.programmaticUserId,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

const isUniqueViolation = (error: unknown) => (error as { code?: string } | undefined)?.code === '23505';
const duplicateName = (name: string) => alreadyExists(`A programmatic user named '${name}' already exists`, 'entity.name');

function changesFrom(input: ProgrammaticUserUpdateInput): ProgrammaticUserChanges {
  const changes: ProgrammaticUserChanges = {};
  if (input.name !== undefined) {
    const name = input.name?.trim() ?? '';
    if (!name) throw validationError("'entity.name' must not be blank", 'entity.name');
    changes.name = name;
  }
  if (input.description !== undefined) changes.description = input.description;
  if (input.orgRole !== undefined) {
    if (input.orgRole === null) throw validationError("'entity.orgRole' cannot be cleared", 'entity.orgRole');
    changes.orgRole = input.orgRole;
  }
  if (input.customRoleId !== undefined) changes.customRoleId = input.customRoleId;
  return changes;
}

/**
 * `custom` goes with a custom role of type organizationRole, every other role with none (a
 * role change to a built-in role drops the custom role).
 */
async function checkRole(scope: Scope, orgRole: string, customRoleId: string | null): Promise<void> {
  if (orgRole === 'custom') {
    if (!customRoleId) throw validationError("'entity.customRoleId' is required with orgRole 'custom'", 'entity.customRoleId');
    await requireCustomRoleOfType(scope, customRoleId, 'organizationRole', 'entity.customRoleId');
  } else if (customRoleId) {
    throw validationError("'entity.customRoleId' goes with orgRole 'custom' only", 'entity.customRoleId');
  }
}

async function requireUniqueName(scope: Scope, name: string | undefined, exceptId?: string): Promise<void> {
  if (name === undefined) return;
  const existing = await findProgrammaticUserByName(scope, name);
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

export async function listProgrammaticUsers(
  deps: ProgrammaticUsersDeps,
  actor: Actor,
  query: { programmaticUserId?: string | undefined; programmaticUserName?: string | undefined; page: number; pageSize: number },
) {
  await deps.engine.require(actor, 'programmaticUser:read');
  const { rows, total } = await inOrganization(deps.db, actor.organizationId, (scope) =>
    listRows(scope, {
      id: query.programmaticUserId,
      name: query.programmaticUserName,
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    }),
  );
  const paging: Paging = { page: query.page, pageSize: query.pageSize, total };
  return { items: rows.map(toProgrammaticUser), paging };
}

export async function getProgrammaticUser(deps: ProgrammaticUsersDeps, actor: Actor, id: string): Promise<ProgrammaticUser> {
  await deps.engine.require(actor, 'programmaticUser:read');
  const row = await inOrganization(deps.db, actor.organizationId, (scope) => findProgrammaticUser(scope, id));
  if (!row) throw notFound('Programmatic user', id);
  return toProgrammaticUser(row);
}

export async function createProgrammaticUser(deps: ProgrammaticUsersDeps, actor: Actor, input: ProgrammaticUserCreateInput) {
  await deps.engine.require(actor, 'programmaticUser:manage');
  const changes = changesFrom(input);
  const name = changes.name as string;
  return mapUnique(name, () =>
    inOrganization(deps.db, actor.organizationId, async (scope) => {
      await checkRole(scope, input.orgRole, input.customRoleId ?? null);
      await requireUniqueName(scope, name);
      const row = await insertProgrammaticUser(scope, { id: newId('programmaticUser'), ...changes, name, orgRole: input.orgRole });
      await recordAudit(scope, initiatorOf(actor), { entityType: 'programmaticUser', entityId: row.id, entityName: row.name, action: 'create' });
      return toProgrammaticUser(row);
    }),
  );
}

export async function updateProgrammaticUser(deps: ProgrammaticUsersDeps, actor: Actor, id: string, input: ProgrammaticUserUpdateInput) {
  await deps.engine.require(actor, 'programmaticUser:manage');
  const changes = changesFrom(input);
  return mapUnique(changes.name, () =>
    inOrganization(deps.db, actor.organizationId, async (scope) => {
      const current = await findProgrammaticUser(scope, id);
      if (!current) throw notFound('Programmatic user', id);
      const orgRole = changes.orgRole ?? current.orgRole;
      // Moving to a built-in role without naming a custom role drops the previous one.
      if (changes.orgRole !== undefined && changes.orgRole !== 'custom' && changes.customRoleId === undefined) changes.customRoleId = null;
      await checkRole(scope, orgRole, changes.customRoleId !== undefined ? changes.customRoleId : current.customRoleId);
      await requireUniqueName(scope, changes.name, id);
      const row = (await updateRow(scope, id, changes)) as ProgrammaticUserRow;
      await recordAudit(scope, initiatorOf(actor), { entityType: 'programmaticUser', entityId: row.id, entityName: row.name, action: 'update' });
      return toProgrammaticUser(row);
    }),
  );
}

/** Deletes the programmatic user; its tokens and namespace permissions go with it (cascade). */
export async function deleteProgrammaticUser(deps: ProgrammaticUsersDeps, actor: Actor, id: string) {
  await deps.engine.require(actor, 'programmaticUser:manage');
  return inOrganization(deps.db, actor.organizationId, async (scope) => {
    const row = await deleteRow(scope, id);
    if (!row) throw notFound('Programmatic user', id);
    await recordAudit(scope, initiatorOf(actor), { entityType: 'programmaticUser', entityId: row.id, entityName: row.name, action: 'delete' });
    return toProgrammaticUser(row);
  });
}

export async function listTokens(deps: ProgrammaticUsersDeps, actor: Actor, programmaticUserId: string) {
  await deps.engine.require(actor, 'programmaticUser:read');
  return inOrganization(deps.db, actor.organizationId, async (scope) => {
    if (!(await findProgrammaticUser(scope, programmaticUserId))) throw notFound('Programmatic user', programmaticUserId);
    return (await listLiveTokens(scope, programmaticUserId)).map(toToken);
  });
}

const dayMs = 24 * 3600 * 1000;

/** Creates a token: the secret is in this answer only; the database keeps its SHA-256. */
export async function createToken(
  deps: ProgrammaticUsersDeps,
  actor: Actor,
  programmaticUserId: string,
  input: ProgrammaticUserTokenCreateInput,
) {
  await deps.engine.require(actor, 'programmaticUser:manage');
  const name = input.name.trim();
  if (!name) throw validationError("'entity.name' must not be blank", 'entity.name');
  const secret = newOpaqueToken('tpu');
  const expiresAt = input.expiresInDays ? new Date(Date.now() + input.expiresInDays * dayMs) : null;
  return inOrganization(deps.db, actor.organizationId, async (scope) => {
    const owner = await findProgrammaticUser(scope, programmaticUserId);
    if (!owner) throw notFound('Programmatic user', programmaticUserId);
    const row = await insertToken(scope, { id: newId('programmaticUserToken'), programmaticUserId, name, tokenHash: hashToken(secret), expiresAt });
    await recordAudit(scope, initiatorOf(actor), { entityType: 'programmaticUser', entityId: owner.id, entityName: owner.name, action: 'update' });
    return { ...toToken(row), token: secret };
  });
}

export async function revokeToken(deps: ProgrammaticUsersDeps, actor: Actor, programmaticUserId: string, tokenId: string) {
  await deps.engine.require(actor, 'programmaticUser:manage');
  return inOrganization(deps.db, actor.organizationId, async (scope) => {
    const owner = await findProgrammaticUser(scope, programmaticUserId);
    if (!owner) throw notFound('Programmatic user', programmaticUserId);
    const row = await revokeRow(scope, programmaticUserId, tokenId);
    if (!row) throw notFound('Token', tokenId);
    await recordAudit(scope, initiatorOf(actor), { entityType: 'programmaticUser', entityId: owner.id, entityName: owner.name, action: 'revoke' });
    return toToken(row);
  });
}

/**
 * Resolves a programmatic token (`tpu_…`) to the actor it calls as: the programmatic user, with
 * its role, in its organization. null when unknown, revoked or expired.
 */
export async function authenticateProgrammaticToken(db: Database, token: string): Promise<Actor | null> {
  if (token.length > 512) return null;
  const now = new Date();
  const found = await findLiveToken(db, hashToken(token), now);
  if (!found) return null;
  await touchToken(db, found.token.id, now);
  return {
    userId: found.user.id,
    email: found.user.name,
    userType: 'programmaticUser',
    sessionId: found.token.id,
    organizationId: found.organization.id,
    organizationType: found.organization.type,
    role: found.user.orgRole,
    customRoleId: found.user.customRoleId,
  };
}
