import { hashPassword, verifyPassword } from '../../crypto/password-hasher';
import type { Transaction } from '../../db/database';
import { Scope } from '../../db/scope';
import type { Schemas } from '../../http/contract-types';
import { badRequest, forbidden, validationError } from '../../http/domain-error';
import type { Actor } from '../../permissions/actor';
import { initiatorOf, recordAudit, userEntry } from '../audit/audit.service';
import { revokeAllSessionsOfUser, updateUser, type UserRow } from './accounts.repository';
import { getCurrentUser, type AccountsDeps } from './accounts.service';
import { ownAccount } from './own-account';

const ssoRefused = (what: string) => forbidden(`SSO users ${what} through their identity provider`);

async function directAccount(deps: AccountsDeps, actor: Actor, what: string): Promise<UserRow> {
  const user = await ownAccount(deps, actor);
  if (user.userType === 'ssoUser') throw ssoRefused(what);
  return user;
}

/** Writes a change of the caller's own user, and whatever goes with it, with its audit row in one transaction. */
async function saveAccount(
  deps: AccountsDeps,
  actor: Actor,
  user: UserRow,
  set: Parameters<typeof updateUser>[2],
  alongside?: (tx: Transaction) => Promise<void>,
) {
  await deps.db.transaction(async (tx) => {
    await updateUser(tx, user.id, set);
    await alongside?.(tx);
    await recordAudit(
      new Scope(tx, actor.organizationId),
      initiatorOf(actor),
      userEntry(user, 'update'),
    );
  });
}

export async function getProfile(deps: AccountsDeps, actor: Actor) {
  await ownAccount(deps, actor);
  return getCurrentUser(deps, actor);
}

export async function updateProfile(
  deps: AccountsDeps,
  actor: Actor,
  input: Schemas['UserProfileUpdateInput'],
) {
  const user = await directAccount(deps, actor, 'change their name');
  const set: Partial<Pick<UserRow, 'firstName' | 'lastName'>> = {};
  for (const key of ['firstName', 'lastName'] as const) {
    const value = input[key];
    if (value === undefined) continue;
    if (value.trim() === '')
      throw validationError(
        `${key === 'firstName' ? 'First' : 'Last'} name cannot be blank`,
        `entity.${key}`,
      );
    set[key] = value.trim();
  }
  await saveAccount(deps, actor, user, set);
  return getCurrentUser(deps, actor);
}

/**
 * Changes the password after checking the current one, and ends the user's other sessions in
 * every organization (someone who knew the old password is signed out); the calling session
 * stays. Personal access tokens are left alone: they are revoked one by one.
 */
export async function changePassword(
  deps: AccountsDeps,
  actor: Actor,
  input: Schemas['PasswordChangeInput'],
) {
  const user = await directAccount(deps, actor, 'change their password');
  if (!user.passwordHash || !(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw badRequest('The current password is not correct', 'entity.currentPassword');
  }
  const passwordHash = await hashPassword(input.newPassword);
  await saveAccount(deps, actor, user, { passwordHash }, (tx) =>
    revokeAllSessionsOfUser(tx, user.id, actor.sessionId),
  );
  return {};
}
