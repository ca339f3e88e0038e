import type { Database } from '../../db/database';
import { Scope } from '../../db/scope';
import { hashToken, newOpaqueToken } from '../../crypto/opaque-token';
import { verifyDecoy, verifyPassword } from '../../crypto/password-hasher';
import { badRequest, DomainError, forbidden, notFound } from '../../http/domain-error';
import type { Actor } from '../../permissions/actor';
import { initiatorOf, recordAudit } from '../audit/audit.service';
import { findLiveProgrammaticToken, touchToken } from '../iam/iam.repository';
import { programmaticTokens } from '../iam/iam.schema';
import { sessions } from './accounts.schema';
import { personalAccessTokens } from './personal-access-tokens.schema';
import { attempt, succeeded, throttles } from './guessing';
import {
  findOrganization,
  findLiveCredential,
  findMembership,
  findUserByEmail,
  findUserById,
  insertPendingSignIn,
  listMembershipsOfUser,
  revokeSession,
} from './accounts.repository';
import { currentUserView, organizationSummary, openSession, type AccountsDeps } from './accounts.service';

// Sessions: sign-in (and its MFA step), sign-out, organization switch, and resolving a bearer token to its actor.

const invalidCredentials = () => badRequest('Invalid e-mail or password');
const pendingTtlMs = 10 * 60 * 1000;

/** Starts the MFA step of a sign-in; the returned id is a bearer secret shown once. */
export async function startPendingSignIn(deps: AccountsDeps, kind: 'waitingMfa' | 'addMfa', userId: string, organizationId: string) {
  const id = newOpaqueToken('tmf');
  await insertPendingSignIn(deps.db, {
    idHash: hashToken(id),
    kind,
    userId,
    organizationId,
    expiresAt: new Date(Date.now() + pendingTtlMs),
  });
  return kind === 'waitingMfa' ? { waitingMfaPotentialSessionId: id } : { addMfaSessionId: id };
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Opens the session of a finished sign-in (password, and MFA when required) and audits it. */
export async function completeSignIn(deps: AccountsDeps, tx: Tx, userId: string, organizationId: string) {
  const user = await findUserById(tx, userId);
  const found = await findMembership(tx, userId, organizationId);
  if (!user || !found) throw invalidCredentials();
  const session = await openSession(tx, deps, user.id, organizationId);
  await recordAudit(new Scope(tx, organizationId), { name: user.email, type: user.userType, userId: user.id }, {
    entityType: 'user',
    entityId: user.id,
    entityName: user.email,
    action: 'signIn',
  });
  return {
    token: session.token,
    expiresAt: session.expiresAt.toISOString(),
    user: currentUserView(user, found.membership, found.organization),
    organization: organizationSummary(found.organization),
  };
}

/**
 * Signs in with e-mail and password into the user's first organization, enforcing its sign-in
 * settings: a user with MFA gets the code step; a user without MFA in an organization that
 * requires it gets the enrolment step.
 */
export async function signIn(deps: AccountsDeps, email: string, password: string, address: string) {
  // Counted before the password is checked, for unknown e-mails too (a limit reached tells
  // nothing about whether the account exists); see README, Guessing.
  const account = throttles.signInAccount(deps.guessing, email);
  const from = throttles.signInAddress(deps.guessing, address);
  await attempt(deps.db, [account, from]);
  const user = await findUserByEmail(deps.db, email);
  if (!user?.passwordHash) {
    await verifyDecoy(password);
    throw invalidCredentials();
  }
  if (!(await verifyPassword(user.passwordHash, password))) throw invalidCredentials();
  // The right password: the account's own failures are forgiven; the address keeps its failures
  // on other accounts (only this attempt is given back), so signing in to one's own account does
  // not buy more guesses at others.
  await succeeded(deps.db, { clear: [account], giveBack: [from] });
  const [first] = await listMembershipsOfUser(deps.db, user.id);
  if (!first) throw invalidCredentials();
  const { organization } = first;
  if (organization.requireSsoSignIn) {
    throw forbidden('This organization requires signing in with SSO');
  }
  if (user.mfaEnabled) return startPendingSignIn(deps, 'waitingMfa', user.id, organization.id);
  if (organization.requireMfaForDirectUserSignIn) return startPendingSignIn(deps, 'addMfa', user.id, organization.id);
  return deps.db.transaction((tx) => completeSignIn(deps, tx, user.id, organization.id));
}

export async function signOut(deps: AccountsDeps, actor: Actor) {
  await deps.engine.require(actor, 'authenticated');
  await deps.db.transaction(async (tx) => {
    await revokeSession(tx, actor.sessionId);
    await recordAudit(new Scope(tx, actor.organizationId), initiatorOf(actor), {
      entityType: 'user',
      entityId: actor.userId,
      entityName: actor.email,
      action: 'signOut',
    });
  });
  return {};
}

/** Switches organization: a new session in the desired membership; the current one is revoked. */
export async function tradeSession(deps: AccountsDeps, actor: Actor, desiredOrganizationId: string) {
  await deps.engine.require(actor, 'authenticated');
  // A personal access token is bound to one organization; it must not be traded for a session.
  if (actor.credential === 'personalAccessToken') throw forbidden('A personal access token cannot switch organization');
  const target = await findMembership(deps.db, actor.userId, desiredOrganizationId);
  if (!target) throw notFound('Organization', desiredOrganizationId);
  if (target.organization.requireSsoSignIn && actor.userType !== 'ssoUser') {
    throw forbidden('This organization requires signing in with SSO');
  }
  const user = await findUserByEmail(deps.db, actor.email);
  if (!user) throw new DomainError('unauthenticated', 'The session user no longer exists');
  if (target.organization.requireMfaForDirectUserSignIn && actor.userType === 'directUser' && !user.mfaEnabled) {
    throw forbidden('This organization requires MFA for direct sign-in');
  }
  return deps.db.transaction(async (tx) => {
    const session = await openSession(tx, deps, actor.userId, desiredOrganizationId);
    await revokeSession(tx, actor.sessionId);
    await recordAudit(new Scope(tx, desiredOrganizationId), initiatorOf(actor), {
      entityType: 'user',
      entityId: actor.userId,
      entityName: actor.email,
      action: 'switchOrganization',
    });
    return {
      token: session.token,
      expiresAt: session.expiresAt.toISOString(),
      user: currentUserView(user, target.membership, target.organization),
      organization: organizationSummary(target.organization),
    };
  });
}

/** Resolves a bearer token to its actor; null when unknown, revoked, expired or no longer a member. */
export async function authenticate(deps: AccountsDeps, token: string): Promise<Actor | null> {
  if (token.length > 512) return null;
  if (token.startsWith('tpu_')) {
    const robot = await findLiveProgrammaticToken(deps.db, hashToken(token));
    const org = robot && (await findOrganization(deps.db, robot.user.organizationId));
    if (!robot || !org) return null;
    await touchToken(deps.db, programmaticTokens, robot.token.id, new Date());
    return {
      userId: robot.user.id,
      email: robot.user.name,
      userType: 'programmaticUser',
      sessionId: robot.token.id,
      organizationId: org.id,
      organizationType: org.type,
      role: robot.user.role,
      customRoleId: robot.user.role.startsWith('cro-') ? robot.user.role : null,
      credential: 'programmaticToken',
    };
  }
  const personal = token.startsWith('tpa_');
  const table = personal ? personalAccessTokens : sessions;
  const found = await findLiveCredential(deps.db, table, hashToken(token), new Date());
  if (!found) return null;
  if (personal) await touchToken(deps.db, personalAccessTokens, found.sessionId, new Date());
  return {
    userId: found.user.id,
    email: found.user.email,
    userType: found.user.userType,
    sessionId: found.sessionId,
    organizationId: found.organization.id,
    organizationType: found.organization.type,
    role: found.membership.role,
    customRoleId: found.membership.customRoleId,
    credential: personal ? 'personalAccessToken' : 'session',
  };
}
