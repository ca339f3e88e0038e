import type { Database } from '../../db/database';
import { Scope } from '../../db/scope';
import { DomainError, forbidden, notFound } from '../../http/domain-error';
import type { Paging } from '../../http/envelope';
import type { Actor } from '../../permissions/actor';
import { initiatorOf, recordAudit } from '../audit/audit.service';
import { organizationRoleOf } from '../iam/custom-role-assignment';
import {
  findMembership,
  findUserById,
  countAdmins,
  lockOrganization,
  deleteMembership,
  listOrganizationUsers,
  updateMembershipRole,
  type MembershipRow,
  type UserRow,
} from './accounts.repository';
import type { AccountsDeps } from './accounts.service';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

// The members of an organization: list, change role, remove (the organization keeps an admin).

export async function listUsers(
  deps: AccountsDeps,
  actor: Actor,
  query: { email?: string | undefined; page: number; pageSize: number },
) {
  await deps.engine.require(actor, 'user:read');
  const { rows, total } = await listOrganizationUsers(deps.db, actor.organizationId, {
    email: query.email,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  const paging: Paging = { page: query.page, pageSize: query.pageSize, total };
  return {
    items: rows.map(({ user, membership }) => organizationUserView(user, membership)),
    paging,
  };
}

function organizationUserView(user: UserRow, membership: MembershipRow) {
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

const lastAdmin = () => new DomainError('conflict', 'The organization must keep at least one admin');

/**
 * Starts a change to the organization's members: locks the organization's members (so changes
 * that can take away an admin run one at a time), then checks the caller's own membership again
 * as it is now, since a concurrent change may just have demoted or removed them.
 */
async function lockMembersAsManager(deps: AccountsDeps, tx: Tx, actor: Actor): Promise<void> {
  await lockOrganization(tx, actor.organizationId);
  if (actor.userType === 'programmaticUser') return;
  const own = await findMembership(tx, actor.userId, actor.organizationId);
  if (!own) throw forbidden('You are no longer a member of this organization');
  await deps.engine.require({ ...actor, role: own.membership.role, customRoleId: own.membership.customRoleId }, 'user:manage');
}

export async function updateMemberRole(deps: AccountsDeps, actor: Actor, userId: string, role: string) {
  await deps.engine.require(actor, 'user:manage');
  return deps.db.transaction(async (tx) => {
    await lockMembersAsManager(deps, tx, actor);
    const current = await findMembership(tx, userId, actor.organizationId);
    const user = await findUserById(tx, userId);
    if (!current || !user) throw notFound('User', userId);
    if (current.membership.role === 'admin' && role !== 'admin' && (await countAdmins(tx, actor.organizationId)) <= 1) {
      throw lastAdmin();
    }
    // A custom organization role is assigned by its id (cro-...), which then is the role key too.
    const customRoleId = await organizationRoleOf(new Scope(tx, actor.organizationId), role, 'entity.role');
    const updated = await updateMembershipRole(tx, actor.organizationId, userId, role, customRoleId);
    await recordAudit(new Scope(tx, actor.organizationId), initiatorOf(actor), {
      entityType: 'user',
      entityId: userId,
      entityName: user.email,
      action: 'update',
    });
    return organizationUserView(user, updated as MembershipRow);
  });
}

export async function removeMember(deps: AccountsDeps, actor: Actor, userId: string) {
  await deps.engine.require(actor, 'user:manage');
  return deps.db.transaction(async (tx) => {
    await lockMembersAsManager(deps, tx, actor);
    const current = await findMembership(tx, userId, actor.organizationId);
    const user = await findUserById(tx, userId);
    if (!current || !user) throw notFound('User', userId);
    if (current.membership.role === 'admin' && (await countAdmins(tx, actor.organizationId)) <= 1) throw lastAdmin();
    // Sessions in this organization stop authenticating at once: authenticate() joins the membership.
    await deleteMembership(tx, actor.organizationId, userId);
    await recordAudit(new Scope(tx, actor.organizationId), initiatorOf(actor), {
      entityType: 'user',
      entityId: userId,
      entityName: user.email,
      action: 'delete',
    });
    return organizationUserView(user, current.membership);
  });
}
