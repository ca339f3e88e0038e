import { hashToken, newOpaqueToken } from '../../crypto/opaque-token';
import type { Mailer } from '../mail/mailer';
import type { SecretEnvelope } from '../../crypto/secret-envelope';
import { Scope } from '../../db/scope';
import { badRequest, DomainError, forbidden } from '../../http/domain-error';
import type { Actor } from '../../permissions/actor';
import { initiatorOf, recordAudit, userEntry } from '../audit/audit.service';
import {
  claimMfaCounter,
  consumePendingSignIn,
  findOrganization,
  findPendingSignIn,
  findUserById,
  insertPendingSignIn,
  setPendingSecret,
  updateUser,
  type UserRow,
} from './accounts.repository';
import type { AccountsDeps } from './accounts.service';
import { completeSignIn } from './sessions.service';
import { attempt, succeeded, throttles } from './guessing';
import { ownAccount } from './own-account';
import { newTotpSecret, otpauthUrl, totpCounter } from './totp';

export interface MfaDeps extends AccountsDeps {
  envelope: SecretEnvelope;
  mailer: Mailer;
  publicUrl: string;
}

const confirmationTtlMs = 24 * 3600 * 1000;

const secretContext = (userId: string) => `user/${userId}/mfa`;
const invalidCode = () => badRequest('The MFA code is not valid', 'entity.mfaCode');
const expired = () => badRequest('This sign-in step has expired; sign in again');

function verifyCode(deps: MfaDeps, user: UserRow, sealed: string | null, code: string): number {
  if (!sealed) throw new DomainError('conflict', 'MFA enrolment has not been started');
  const counter = totpCounter(deps.envelope.decrypt(sealed, secretContext(user.id)), code);
  if (counter === null) throw invalidCode();
  return counter;
}

export async function signInWithMfa(deps: MfaDeps, pendingId: string, code: string) {
  const pending = await findPendingSignIn(deps.db, hashToken(pendingId), 'waitingMfa', new Date());
  if (!pending) throw expired();
  const user = await findUserById(deps.db, pending.userId);
  if (!user?.mfaEnabled) throw expired();
  // Codes are counted per pending sign-in and per account (a new sign-in does not buy more tries).
  const perAccount = throttles.mfaAccount(deps.guessing, user.id);
  await attempt(deps.db, [throttles.mfaSignIn(deps.guessing, pending.idHash), perAccount]);
  const counter = verifyCode(deps, user, user.mfaSecret, code);
  const result = await deps.db.transaction(async (tx) => {
    if (!(await claimMfaCounter(tx, user.id, counter))) throw invalidCode();
    if (!(await consumePendingSignIn(tx, pending.idHash))) throw expired();
    return completeSignIn(deps, tx, user.id, pending.organizationId);
  });
  await succeeded(deps.db, { clear: [perAccount] });
  return result;
}

export async function generateWithAddMfaSession(deps: MfaDeps, pendingId: string) {
  const idHash = hashToken(pendingId);
  const pending = await findPendingSignIn(deps.db, idHash, 'addMfa', new Date());
  const user = pending && (await findUserById(deps.db, pending.userId));
  if (!pending || !user) throw expired();
  const secret = newTotpSecret();
  await setPendingSecret(deps.db, idHash, deps.envelope.encrypt(secret, secretContext(user.id)));
  return { secret, otpauthUrl: otpauthUrl(secret, user.email) };
}

export async function configureWithAddMfaSession(deps: MfaDeps, pendingId: string, code: string) {
  const pending = await findPendingSignIn(deps.db, hashToken(pendingId), 'addMfa', new Date());
  const user = pending && (await findUserById(deps.db, pending.userId));
  if (!pending || !user) throw expired();
  const counter = verifyCode(deps, user, pending.pendingSecret, code);
  return deps.db.transaction(async (tx) => {
    if (!(await consumePendingSignIn(tx, pending.idHash))) throw expired();
    await updateUser(tx, user.id, { mfaSecret: pending.pendingSecret, mfaEnabled: true, mfaLastCounter: counter });
    await recordAudit(new Scope(tx, pending.organizationId), { name: user.email, type: user.userType, userId: user.id }, userEntry(user, 'update'));
    return completeSignIn(deps, tx, user.id, pending.organizationId);
  });
}


export async function generateMfa(deps: MfaDeps, actor: Actor) {
  await deps.engine.require(actor, 'authenticated');
  const user = await ownAccount(deps, actor);
  if (user.mfaEnabled) throw new DomainError('conflict', 'MFA is already enabled; disable it first');
  const secret = newTotpSecret();
  await updateUser(deps.db, user.id, { mfaSecret: deps.envelope.encrypt(secret, secretContext(user.id)) });
  return { secret, otpauthUrl: otpauthUrl(secret, user.email) };
}

/** Checks the first code of the enrolled secret, then e-mails the link that turns MFA on. */
export async function configureMfa(deps: MfaDeps, actor: Actor, code: string) {
  await deps.engine.require(actor, 'authenticated');
  const user = await ownAccount(deps, actor);
  if (user.mfaEnabled) throw new DomainError('conflict', 'MFA is already enabled');
  const counter = verifyCode(deps, user, user.mfaSecret, code);
  const token = newOpaqueToken('tmf');
  await deps.db.transaction(async (tx) => {
    if (!(await claimMfaCounter(tx, user.id, counter))) throw invalidCode();
    await insertPendingSignIn(tx, {
      idHash: hashToken(token),
      kind: 'confirmMfa',
      userId: user.id,
      organizationId: actor.organizationId,
      expiresAt: new Date(Date.now() + confirmationTtlMs),
    });
  });
  const link = `${deps.publicUrl}/auth/confirmMfa/${token}`;
  await deps.mailer.send({
    to: user.email,
    subject: 'Confirm two-factor authentication for Terrace',
    text: `Follow this link within 24 hours to turn on two-factor authentication for ${user.email}:\n\n${link}\n\nIf you did not ask for this, ignore this message and change your password.`,
    link,
  });
  return {};
}

/** Turns MFA on from the e-mailed link (the secret enrolled by generateMfa must still be there). */
export async function confirmMfa(deps: MfaDeps, confirmationToken: string) {
  const pending = await findPendingSignIn(deps.db, hashToken(confirmationToken), 'confirmMfa', new Date());
  const user = pending && (await findUserById(deps.db, pending.userId));
  if (!pending || !user?.mfaSecret) throw badRequest('This confirmation link is invalid, used or expired', 'entity.confirmationToken');
  await deps.db.transaction(async (tx) => {
    if (!(await consumePendingSignIn(tx, pending.idHash))) throw badRequest('This confirmation link was already used', 'entity.confirmationToken');
    await updateUser(tx, user.id, { mfaEnabled: true });
    await recordAudit(new Scope(tx, pending.organizationId), { name: user.email, type: user.userType, userId: user.id }, userEntry(user, 'update'));
  });
  return {};
}

export async function disableMfa(deps: MfaDeps, actor: Actor, code: string) {
  await deps.engine.require(actor, 'authenticated');
  const user = await ownAccount(deps, actor);
  if (!user.mfaEnabled) throw new DomainError('conflict', 'MFA is not enabled');
  const org = await findOrganization(deps.db, actor.organizationId);
  if (org?.requireMfaForDirectUserSignIn && user.userType === 'directUser') {
    throw forbidden('This organization requires MFA for direct sign-in');
  }
  // A stolen session must not be able to guess its way to turning MFA off.
  const perAccount = throttles.mfaAccount(deps.guessing, user.id);
  await attempt(deps.db, [perAccount]);
  const counter = verifyCode(deps, user, user.mfaSecret, code);
  await deps.db.transaction(async (tx) => {
    if (!(await claimMfaCounter(tx, user.id, counter))) throw invalidCode();
    await updateUser(tx, user.id, { mfaEnabled: false, mfaSecret: null });
    await recordAudit(new Scope(tx, actor.organizationId), initiatorOf(actor), userEntry(user, 'update'));
  });
  await succeeded(deps.db, { clear: [perAccount] });
  return {};
}

