import { newId } from '../../crypto/ids';
import { hashToken, newOpaqueToken } from '../../crypto/opaque-token';
import { hashPassword } from '../../crypto/password-hasher';
import { inOrganization, Scope } from '../../db/scope';
import { alreadyExists, badRequest } from '../../http/domain-error';
import type { Actor } from '../../permissions/actor';
import { initiatorOf, recordAudit, userEntry } from '../audit/audit.service';
import {
  findMembership,
  findOrganization,
  findUserByEmail,
  findUserById,
  insertMembership,
  insertMembershipIfAbsent,
  insertUser,
  listMembershipsOfUser,
  revokeAllSessionsOfUser,
  updateUser,
} from '../accounts/accounts.repository';
import type { AccountsDeps } from '../accounts/accounts.service';
import { completeSignIn } from '../accounts/sessions.service';
import { attempt, throttles } from '../accounts/guessing';
import type { Mailer } from '../mail/mailer';
import {
  consumePasswordReset,
  findOpenInvitation,
  insertInvitation,
  insertPasswordReset,
  markInvitationAccepted,
  type InvitationRow,
} from './invitations.repository';
import { isUniqueViolation } from '../../db/postgres-errors';
import { organizationRoleOf } from '../iam/custom-role-assignment';

export interface InvitationsDeps extends AccountsDeps {
  mailer: Mailer;
  publicUrl: string;
}

const invitationTtlMs = 7 * 24 * 3600 * 1000;
const resetTtlMs = 3600 * 1000;
const invalidInvitation = () => badRequest('This invitation is invalid, used or expired', 'entity.invitationToken');

export async function inviteUser(deps: InvitationsDeps, actor: Actor, input: { email: string; role: string }) {
  await deps.engine.require(actor, 'user:manage');
  const email = input.email.trim();
  const existing = await findUserByEmail(deps.db, email);
  if (existing && (await findMembership(deps.db, existing.id, actor.organizationId))) {
    throw alreadyExists(`${email} is already a member of this organization`, 'entity.email');
  }
  // Counted per recipient across organizations: invitations cannot be used to flood an inbox.
  await attempt(deps.db, [throttles.mail(deps.guessing, 'invitation', email)]);
  const token = newOpaqueToken('tiv');
  const invitation = await inOrganization(deps.db, actor.organizationId, async (scope) => {
    // A custom organization role (cro-…) must be one of this organization's; the membership the
    // invitation creates carries it as its custom role.
    const customRoleId = await organizationRoleOf(scope, input.role, 'entity.role');
    const row = await insertInvitation(scope, {
      id: newId('invitation'),
      email,
      role: input.role,
      customRoleId,
      tokenHash: hashToken(token),
      invitedBy: actor.userId,
      expiresAt: new Date(Date.now() + invitationTtlMs),
    });
    await recordAudit(scope, initiatorOf(actor), { entityType: 'user', entityId: row.id, entityName: email, action: 'invite' });
    return row;
  });
  const org = await findOrganization(deps.db, actor.organizationId);
  const path = existing ? 'acceptInviteExistingUser' : 'acceptInvite';
  const link = `${deps.publicUrl}/auth/${path}/${token}`;
  await deps.mailer.send({
    to: email,
    subject: `You are invited to ${org?.name ?? 'an organization'} on Terrace`,
    text: `${actor.email} invited you to join ${org?.name ?? 'their organization'} as ${input.role}.\n\n${link}\n\nThe link is valid for 7 days.`,
    link,
  });
  return {
    id: invitation.id,
    email,
    role: invitation.role,
    expiresAt: invitation.expiresAt.toISOString(),
  };
}

export async function createUserFromInvite(
  deps: InvitationsDeps,
  input: { invitationToken: string; firstName: string; lastName: string; password: string },
) {
  const invitation = await findOpenInvitation(deps.db, hashToken(input.invitationToken), new Date());
  if (!invitation) throw invalidInvitation();
  if (await findUserByEmail(deps.db, invitation.email)) {
    throw alreadyExists('An account with this e-mail already exists; accept the invitation after signing in', 'entity.invitationToken');
  }
  const passwordHash = await hashPassword(input.password);
  try {
    return await createInvitedUser(deps, invitation, input, passwordHash);
  } catch (error) {
    // Two invitations of the same newcomer used at once: the e-mail's unique key lets one through.
    if (isUniqueViolation(error)) {
      throw alreadyExists('An account with this e-mail already exists; accept the invitation after signing in', 'entity.invitationToken');
    }
    throw error;
  }
}

function createInvitedUser(
  deps: InvitationsDeps,
  invitation: InvitationRow,
  input: { firstName: string; lastName: string },
  passwordHash: string,
) {
  return deps.db.transaction(async (tx) => {
    if (!(await markInvitationAccepted(tx, invitation.id))) throw invalidInvitation();
    const user = await insertUser(tx, {
      id: newId('user'),
      email: invitation.email,
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
      passwordHash,
    });
    await insertMembership(tx, { organizationId: invitation.organizationId, userId: user.id, role: invitation.role, customRoleId: invitation.customRoleId });
    await recordAudit(new Scope(tx, invitation.organizationId), { name: user.email, type: 'directUser', userId: user.id }, {
      entityType: 'user',
      entityId: user.id,
      entityName: user.email,
      action: 'create',
    });
    return completeSignIn(deps, tx, user.id, invitation.organizationId);
  });
}

export async function acceptInvite(deps: InvitationsDeps, invitationToken: string) {
  const invitation = await findOpenInvitation(deps.db, hashToken(invitationToken), new Date());
  if (!invitation) throw invalidInvitation();
  const user = await findUserByEmail(deps.db, invitation.email);
  if (!user) throw badRequest('No account uses this e-mail yet; create one from the invitation', 'entity.invitationToken');
  const org = await findOrganization(deps.db, invitation.organizationId);
  if (!org) throw invalidInvitation();
  await deps.db.transaction(async (tx) => {
    if (!(await markInvitationAccepted(tx, invitation.id))) throw invalidInvitation();
    // Already a member (another invitation accepted first, even at this very moment): nothing to add.
    const joined = await insertMembershipIfAbsent(tx, {
      organizationId: invitation.organizationId,
      userId: user.id,
      role: invitation.role,
      customRoleId: invitation.customRoleId,
    });
    if (!joined) return;
    await recordAudit(new Scope(tx, invitation.organizationId), { name: user.email, type: user.userType, userId: user.id }, {
      entityType: 'user',
      entityId: user.id,
      entityName: user.email,
      action: 'update',
    });
  });
  return { organizationId: org.id, organizationName: org.name, orgRole: invitation.role };
}

export async function recoverPassword(deps: InvitationsDeps, email: string) {
  // Counted whether or not the address has an account, so a refusal reveals nothing either.
  await attempt(deps.db, [throttles.mail(deps.guessing, 'recovery', email)]);
  const user = await findUserByEmail(deps.db, email);
  // Same answer either way, so the call does not reveal which addresses have accounts. Direct
  // users may set a first password this way (an Azure Marketplace admin starts without one); SSO
  // users without a password sign in through their identity provider only.
  if (!user || (user.userType === 'ssoUser' && !user.passwordHash)) return {};
  const token = newOpaqueToken('trs');
  await insertPasswordReset(deps.db, { tokenHash: hashToken(token), userId: user.id, expiresAt: new Date(Date.now() + resetTtlMs) });
  const link = `${deps.publicUrl}/auth/resetPassword/${token}`;
  await deps.mailer.send({
    to: user.email,
    subject: 'Reset your Terrace password',
    text: `Someone asked to reset the password of ${user.email}. If it was you, follow this link within an hour:\n\n${link}\n\nOtherwise ignore this message.`,
    link,
  });
  return {};
}

export async function resetPassword(deps: InvitationsDeps, resetToken: string, password: string) {
  const passwordHash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    const userId = await consumePasswordReset(tx, hashToken(resetToken), new Date());
    if (!userId) throw badRequest('This reset link is invalid, used or expired', 'entity.resetToken');
    await updateUser(tx, userId, { passwordHash });
    await revokeAllSessionsOfUser(tx, userId);
    // The account spans organizations: each of them records the change.
    const user = await findUserById(tx, userId);
    if (user) {
      for (const { organization } of await listMembershipsOfUser(tx, userId)) {
        await recordAudit(new Scope(tx, organization.id), { name: user.email, type: user.userType, userId }, userEntry(user, 'update'));
      }
    }
  });
  return {};
}
