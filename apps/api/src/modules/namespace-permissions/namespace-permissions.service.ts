import type { Database } from '../../db/database';
import { inOrganization, type Scope } from '../../db/scope';
import { alreadyExists, notFound, validationError } from '../../http/domain-error';
import type { Schemas } from '../../http/contract-types';
import type { Paging } from '../../http/envelope';
import type { Actor } from '../../permissions/actor';
import type { NamespaceGrant, NamespaceGrantLoader, PermissionEngine } from '../../permissions/permission-engine';
import { findMembership, findUserByEmail } from '../accounts/accounts.repository';
import { initiatorOf, recordAudit } from '../audit/audit.service';
import { requireCustomRoleOfType } from '../custom-roles/custom-roles.service';
import {
  customRolePermissions,
  deleteGrant,
  findGrant,
  findProgrammaticUserByName,
  grantsOfPrincipal,
  insertGrant,
  listGrants,
  namespaceExists,
  programmaticUserNames,
  teamExists,
  type GrantKey,
  type NamespacePermissionRow,
} from './namespace-permissions.repository';

export interface NamespacePermissionsDeps {
  db: Database;
  engine: PermissionEngine;
}

export type NamespacePermission = Schemas['NamespacePermission'];
export type NamespacePermissionInput = Schemas['NamespacePermissionInput'];
export type NamespacePermissionKey = Schemas['NamespacePermissionKey'];

/** The wire value of the All Namespaces target (designed; stored as a null namespace). */
export const allNamespaces = '*';

function toPermission(row: NamespacePermissionRow, names: Map<string, string>): NamespacePermission {
  return {
    namespaceId: row.namespaceId ?? allNamespaces,
    stackId: row.stackId,
    userEmail: row.userEmail,
    programmaticUserName: row.programmaticUserId ? (names.get(row.programmaticUserId) ?? null) : null,
    teamId: row.teamId,
    role: row.role,
    customRoleId: row.customRoleId,
    createdAt: row.createdAt.toISOString(),
  };
}

function principalLabel(row: NamespacePermissionRow, names: Map<string, string>): string {
  if (row.teamId) return `team ${row.teamId}`;
  if (row.programmaticUserId) return `programmatic user ${names.get(row.programmaticUserId) ?? row.programmaticUserId}`;
  return `user ${row.userEmail ?? row.userId ?? ''}`;
}

/**
 * Resolves the target and the one principal of an input or key to stored ids: unknown
 * references are validation errors on their field, an unknown namespace is not_found.
 */
async function resolveKey(deps: NamespacePermissionsDeps, actor: Actor, scope: Scope, input: NamespacePermissionKey): Promise<GrantKey & { userEmail: string | null }> {
  const namespaceId = input.namespaceId === allNamespaces ? null : input.namespaceId;
  if (namespaceId !== null && !(await namespaceExists(scope, namespaceId))) throw notFound('Namespace', namespaceId);
  const stackId = input.stackId ?? null;
  if (stackId !== null && namespaceId === null) {
    throw validationError("A stack permission names the stack's namespace, not All Namespaces", 'entity.stackId');
  }
  const given = (['userEmail', 'programmaticUserName', 'teamId'] as const).filter((k) => input[k] !== undefined && input[k] !== null);
  if (given.length === 0) throw validationError('One of userEmail, programmaticUserName or teamId is required', 'entity.userEmail');
  if (given.length > 1) throw validationError(`Exactly one principal: '${given[1]}' comes with '${given[0]}'`, `entity.${given[1]}`);
  const key = { namespaceId, stackId, userId: null, programmaticUserId: null, teamId: null, userEmail: null };
  if (input.teamId) {
    if (!(await teamExists(scope, input.teamId))) throw validationError(`No team ${input.teamId} in this organization`, 'entity.teamId');
    return { ...key, teamId: input.teamId };
  }
  if (input.programmaticUserName) {
    const robot = await findProgrammaticUserByName(scope, input.programmaticUserName);
    if (!robot) throw validationError(`No programmatic user '${input.programmaticUserName}' in this organization`, 'entity.programmaticUserName');
    return { ...key, programmaticUserId: robot.id };
  }
  const email = input.userEmail as string;
  const user = await findUserByEmail(deps.db, email);
  if (!user || !(await findMembership(deps.db, user.id, actor.organizationId))) {
    throw validationError(`No user ${email} in this organization`, 'entity.userEmail');
  }
  return { ...key, userId: user.id, userEmail: user.email };
}

export async function listNamespacePermissions(
  deps: NamespacePermissionsDeps,
  actor: Actor,
  query: {
    namespaceId?: string | undefined;
    stackId?: string | undefined;
    teamId?: string | undefined;
    userEmail?: string | undefined;
    programmaticUserName?: string | undefined;
    page: number;
    pageSize: number;
  },
) {
  await deps.engine.require(actor, 'namespacePermission:read');
  const paging = (total: number): Paging => ({ page: query.page, pageSize: query.pageSize, total });
  return inOrganization(deps.db, actor.organizationId, async (scope) => {
    let programmaticUserId: string | undefined;
    if (query.programmaticUserName) {
      const robot = await findProgrammaticUserByName(scope, query.programmaticUserName);
      if (!robot) return { items: [], paging: paging(0) };
      programmaticUserId = robot.id;
    }
    const { rows, total } = await listGrants(scope, {
      namespaceId: query.namespaceId === undefined ? undefined : query.namespaceId === allNamespaces ? null : query.namespaceId,
      stackId: query.stackId,
      teamId: query.teamId,
      userEmail: query.userEmail,
      programmaticUserId,
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
    const names = await programmaticUserNames(scope, rows.flatMap((r) => (r.programmaticUserId ? [r.programmaticUserId] : [])));
    return { items: rows.map((r) => toPermission(r, names)), paging: paging(total) };
  });
}

export async function createNamespacePermission(deps: NamespacePermissionsDeps, actor: Actor, input: NamespacePermissionInput) {
  await deps.engine.require(actor, 'namespacePermission:manage');
  const role = input.role ?? null;
  const customRoleId = input.customRoleId ?? null;
  if (role === null && customRoleId === null) throw validationError('One of role or customRoleId is required', 'entity.role');
  if (role !== null && customRoleId !== null) throw validationError("Exactly one of 'role' and 'customRoleId'", 'entity.customRoleId');
  const duplicate = () => alreadyExists('This principal already holds a permission on this target', 'entity.namespaceId');
  try {
    return await inOrganization(deps.db, actor.organizationId, async (scope) => {
      const key = await resolveKey(deps, actor, scope, input);
      if (customRoleId) await requireCustomRoleOfType(scope, customRoleId, 'namespaceRole', 'entity.customRoleId');
      if (await findGrant(scope, key)) throw duplicate();
      const row = await insertGrant(scope, { ...key, role, customRoleId });
      const names = await programmaticUserNames(scope, key.programmaticUserId ? [key.programmaticUserId] : []);
      await recordAudit(scope, initiatorOf(actor), {
        entityType: 'namespacePermission',
        entityId: row.namespaceId ?? allNamespaces,
        entityName: principalLabel(row, names),
        action: 'create',
      });
      return toPermission(row, names);
    });
  } catch (error) {
    // Two concurrent grants of the same key: the unique index answers like the check above.
    if ((error as { code?: string } | undefined)?.code === '23505') throw duplicate();
    throw error;
  }
}

export async function deleteNamespacePermission(deps: NamespacePermissionsDeps, actor: Actor, input: NamespacePermissionKey) {
  await deps.engine.require(actor, 'namespacePermission:manage');
  return inOrganization(deps.db, actor.organizationId, async (scope) => {
    const key = await resolveKey(deps, actor, scope, input);
    const current = await findGrant(scope, key);
    // role and customRoleId are not part of the key, but a client that sends them back must
    // not withdraw a grant that changed since it read it.
    const stale =
      current !== undefined &&
      ((input.role !== undefined && (input.role ?? null) !== current.role) ||
        (input.customRoleId !== undefined && (input.customRoleId ?? null) !== current.customRoleId));
    if (!current || stale) throw notFound('Namespace permission', `${input.namespaceId}${input.stackId ? `/${input.stackId}` : ''}`);
    const row = (await deleteGrant(scope, key)) as NamespacePermissionRow;
    const names = await programmaticUserNames(scope, row.programmaticUserId ? [row.programmaticUserId] : []);
    await recordAudit(scope, initiatorOf(actor), {
      entityType: 'namespacePermission',
      entityId: row.namespaceId ?? allNamespaces,
      entityName: principalLabel(row, names),
      action: 'delete',
    });
    return toPermission(row, names);
  });
}

/**
 * The permission engine's grant loader: the namespace permissions of the actor (a user's own and
 * its teams', or a programmatic user's), with what their custom roles add.
 */
export function namespaceGrantLoader(db: Database): NamespaceGrantLoader {
  return (actor) =>
    inOrganization(db, actor.organizationId, async (scope): Promise<NamespaceGrant[]> => {
      const rows = await grantsOfPrincipal(
        scope,
        actor.userType === 'programmaticUser' ? { programmaticUserId: actor.userId } : { userId: actor.userId },
      );
      const custom = await customRolePermissions(scope, rows.flatMap((r) => (r.customRoleId ? [r.customRoleId] : [])));
      return rows.map((r) => ({
        namespaceId: r.namespaceId,
        stackId: r.stackId,
        // A custom namespace role lets its holder see the namespace, plus its own permissions.
        role: r.role ?? 'viewer',
        permissions: r.customRoleId ? (custom.get(r.customRoleId) ?? []) : [],
      }));
    });
}
