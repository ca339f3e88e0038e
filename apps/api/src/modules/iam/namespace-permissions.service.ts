import { newId } from '../../crypto/ids';
import { inOrganization, type Scope } from '../../db/scope';
import type { Schemas } from '../../http/contract-types';
import { alreadyExists, notFound, validationError } from '../../http/domain-error';
import type { Actor } from '../../permissions/actor';
import { initiatorOf, recordAudit } from '../audit/audit.service';
import { unique } from '../../db/unique-violation';
import { namespaceExists } from '../namespaces/namespaces.service';
import type { IamDeps } from './iam-deps';
import * as repo from './iam.repository';

// Namespace permissions: who holds which role on which namespace (or all of them).

type PermissionKeyInput = Schemas['NamespacePermissionKey'];

async function resolveKey(deps: IamDeps, scope: Scope, actor: Actor, input: PermissionKeyInput): Promise<repo.PermissionKey> {
  const principals = [input.userEmail, input.programmaticUserName, input.teamId].filter((p) => p !== undefined);
  if (principals.length !== 1) {
    throw validationError('Exactly one of userEmail, programmaticUserName or teamId is required', 'entity.userEmail');
  }
  const namespaceId = input.namespaceId ?? null;
  if (namespaceId !== null && !(await namespaceExists(deps.db, actor.organizationId, namespaceId))) {
    throw validationError(`Namespace ${namespaceId} was not found`, 'entity.namespaceId');
  }
  const base = { namespaceId, stackId: input.stackId ?? null };
  if (input.userEmail !== undefined) {
    const user = await repo.findMemberByEmail(deps.db, actor.organizationId, input.userEmail);
    if (!user) throw validationError(`${input.userEmail} is not a member of this organization`, 'entity.userEmail');
    return { ...base, principalType: 'user', principalId: user.id };
  }
  if (input.programmaticUserName !== undefined) {
    const robot = await repo.findProgrammaticUserByName(scope, input.programmaticUserName);
    if (!robot) throw validationError(`No programmatic user named ${input.programmaticUserName}`, 'entity.programmaticUserName');
    return { ...base, principalType: 'programmaticUser', principalId: robot.id };
  }
  const team = await repo.findTeam(scope, input.teamId as string);
  if (!team) throw validationError(`Team ${input.teamId} was not found`, 'entity.teamId');
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
    const key = await resolveKey(deps, scope, actor, input);
    if (customRoleId) {
      const custom = await repo.findCustomRole(scope, customRoleId);
      if (custom?.type !== 'namespaceRole') throw validationError(`${customRoleId} is not a custom namespace role`, 'entity.customRoleId');
    }
    if (await repo.findNamespacePermission(scope, key)) throw alreadyExists('This permission already exists', 'entity');
    // The unique key (namespace_permissions_key) refuses a concurrent twin that passed the check above.
    const row = await unique('This permission already exists', 'entity', () =>
      repo.insertNamespacePermission(scope, { id: newId('namespacePermission'), ...key, role, customRoleId }),
    );
    await recordAudit(scope, initiatorOf(actor), {
      entityType: 'namespacePermission',
      entityId: key.namespaceId ?? 'allNamespaces',
      entityName: `${key.principalType}:${key.principalId}`,
      action: 'create',
    });
    return toNamespacePermission(deps, row, scope);
  });
}

export async function deleteNamespacePermission(deps: IamDeps, actor: Actor, input: PermissionKeyInput) {
  await deps.engine.require(actor, 'namespacePermission:manage');
  return inOrganization(deps.db, actor.organizationId, async (scope) => {
    const key = await resolveKey(deps, scope, actor, input);
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
