import { newId } from '../../crypto/ids';
import { inOrganization, type Scope } from '../../db/scope';
import type { Schemas } from '../../http/contract-types';
import { notFound, validationError } from '../../http/domain-error';
import type { Actor } from '../../permissions/actor';
import { initiatorOf, recordAudit, type AuditInitiator } from '../audit/audit.service';
import { holdNamespace, namespaceExists } from '../namespaces/namespaces.service';
import type { IamDeps } from './iam-deps';
import * as repo from './iam.repository';

// Namespace permissions: who holds which role on which namespace (or all of them).

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
    // Held until the grant is committed: the namespace cannot be deleted under it.
    if (key.namespaceId !== null && !(await holdNamespace(scope, key.namespaceId))) throw notFound('Namespace', key.namespaceId);
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

/**
 * For the modules that delete a namespace or a stack, in their deleting transaction: removes the
 * permissions granted on it, one audit event each, so no grant outlives its place.
 */
export async function removeNamespacePermissionsOn(scope: Scope, initiator: AuditInitiator, place: { namespaceId: string } | { stackId: string }) {
  for (const row of await repo.deleteNamespacePermissionsOn(scope, place)) {
    await recordAudit(scope, initiator, {
      entityType: 'namespacePermission',
      entityId: row.namespaceId ?? 'allNamespaces',
      entityName: `${row.principalType}:${row.principalId}`,
      action: 'delete',
    });
  }
}
