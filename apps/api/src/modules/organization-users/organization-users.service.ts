import type { Database } from '../../db/database';
import { Scope } from '../../db/scope';
import { DomainError, notFound, validationError } from '../../http/domain-error';
import type { Schemas } from '../../http/contract-types';
import type { Actor } from '../../permissions/actor';
import type { PermissionEngine } from '../../permissions/permission-engine';
import { findUserById, type UserRow } from '../accounts/accounts.repository';
import { initiatorOf, recordAudit } from '../audit/audit.service';
import { requireCustomRoleOfType } from '../custom-roles/custom-roles.service';
import { forgetUser } from '../namespace-permissions/namespace-permissions.repository';
import {
  countAdmins,
  deleteMembership,
  findMembershipOf,
  lockOrganization,
  updateMembership,
  type MembershipRow,
} from './organization-users.repository';

export interface OrganizationUsersDeps {
  db: Database;
  engine: PermissionEngine;
}

export type OrganizationUser = Schemas['OrganizationUser'];
export type OrganizationUserUpdateInput = Schemas['OrganizationUserUpdateInput'];

function toOrganizationUser(user: UserRow, membership: MembershipRow): OrganizationUser {
  return {
    userId: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    userType: user.userType,
    orgRole: membership.role,
    customRoleId: membership.customRoleId,
    mfaEnabled: user.mfaEnabled,
    createdAt: membership.createdAt.toISOString(),
  };
}

const lastAdmin = (what: string) => new DomainError('conflict', `The last admin of the organization cannot be ${what}`);

/**
 * Runs `work` in one transaction of the actor's organization with its membership rows
 * serialized; `target` is the membership of the user being changed (not_found when absent).
 */
async function withMembership<T>(
  deps: OrganizationUsersDeps,
  actor: Actor,
  userId: string,
  work: (scope: Scope, target: MembershipRow, user: UserRow) => Promise<T>,
): Promise<T> {
  return deps.db.transaction(async (tx) => {
    await lockOrganization(tx, actor.organizationId);
    const scope = new Scope(tx, actor.organizationId);
    const target = await findMembershipOf(scope, userId);
    const user = target ? await findUserById(tx, userId) : undefined;
    if (!target || !user) throw notFound('User', userId);
    return work(scope, target, user);
  });
}

/** Changes a member's role; `custom` needs a custom role of type organizationRole. */
export async function updateOrganizationUser(deps: OrganizationUsersDeps, actor: Actor, userId: string, input: OrganizationUserUpdateInput) {
  await deps.engine.require(actor, 'user:manage');
  const customRoleId = input.customRoleId ?? null;
  if (input.orgRole !== 'custom' && customRoleId) {
    throw validationError("'entity.customRoleId' goes with orgRole 'custom' only", 'entity.customRoleId');
  }
  if (input.orgRole === 'custom' && !customRoleId) {
    throw validationError("'entity.customRoleId' is required with orgRole 'custom'", 'entity.customRoleId');
  }
  return withMembership(deps, actor, userId, async (scope, target, user) => {
    if (customRoleId) await requireCustomRoleOfType(scope, customRoleId, 'organizationRole', 'entity.customRoleId');
    if (target.role === 'admin' && input.orgRole !== 'admin' && (await countAdmins(scope)) <= 1) throw lastAdmin('demoted');
    const row = (await updateMembership(scope, userId, { role: input.orgRole, customRoleId })) as MembershipRow;
    await recordAudit(scope, initiatorOf(actor), { entityType: 'user', entityId: user.id, entityName: user.email, action: 'update' });
    return toOrganizationUser(user, row);
  });
}

/**
 * Removes a member from the organization: its sessions there end (a session needs the
 * membership), and its team memberships and namespace permissions in the organization go.
 */
export async function removeOrganizationUser(deps: OrganizationUsersDeps, actor: Actor, userId: string) {
  await deps.engine.require(actor, 'user:manage');
  return withMembership(deps, actor, userId, async (scope, target, user) => {
    if (target.role === 'admin' && (await countAdmins(scope)) <= 1) throw lastAdmin('removed');
    await forgetUser(scope, userId);
    const row = (await deleteMembership(scope, userId)) as MembershipRow;
    await recordAudit(scope, initiatorOf(actor), { entityType: 'user', entityId: user.id, entityName: user.email, action: 'delete' });
    return toOrganizationUser(user, row);
  });
}
