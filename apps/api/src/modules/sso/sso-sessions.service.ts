import { Scope } from '../../db/scope';
import { badRequest, notFound } from '../../http/domain-error';
import type { Actor } from '../../permissions/actor';
import { initiatorOf, recordAudit } from '../audit/audit.service';
import {
  findMembership,
  findUserById,
  revokeSession,
  type MembershipRow,
  type OrganizationRow,
  type UserRow,
} from '../accounts/accounts.repository';
import { currentUserView, openSession, organizationSummary } from '../accounts/accounts.service';
import {
  claimPotentialSession,
  findLivePotentialSessionOfUser,
  findSessionOrigin,
  insertSessionOrigin,
  listPotentialSessionsOfUser,
} from './sso.repository';
import type { TeamRefRecord } from './sso.schema';
import { potentialSessionDays, type SsoDeps } from './sso.service';

const dayMs = 24 * 3600 * 1000;

// Potential sessions: what a single sign-on callback leaves to sign in with, or to switch organization to.

function signInResult(
  session: { token: string; expiresAt: Date },
  user: UserRow,
  membership: MembershipRow,
  organization: OrganizationRow,
  teams: TeamRefRecord[],
) {
  return {
    token: session.token,
    expiresAt: session.expiresAt.toISOString(),
    user: { ...currentUserView(user, membership, organization), teams },
    organization: organizationSummary(organization),
  };
}

const invalidPotentialSession = () =>
  badRequest('The single sign-on session is invalid, already used or expired; sign in again', 'entity.ssoPotentialSessionId');

/** Public sign-in with a potential session from the callback: each one signs in once. */
export async function ssoSignInWithPotentialSession(deps: SsoDeps, potentialSessionId: string) {
  return deps.db.transaction(async (tx) => {
    const potential = await claimPotentialSession(tx, potentialSessionId, new Date());
    if (!potential) throw invalidPotentialSession();
    const found = await findMembership(tx, potential.userId, potential.organizationId);
    const user = await findUserById(tx, potential.userId);
    if (!found || !user) throw invalidPotentialSession();
    const session = await openSession(tx, deps, user.id, found.organization.id);
    await insertSessionOrigin(tx, { sessionId: session.sessionId, organizationId: found.organization.id, potentialSessionId: potential.id });
    await recordAudit(new Scope(tx, found.organization.id), { name: user.email, type: 'ssoUser', userId: user.id }, {
      entityType: 'user',
      entityId: user.id,
      entityName: user.email,
      action: 'signIn',
    });
    return signInResult(session, user, found.membership, found.organization, potential.teams);
  });
}

/** Opens a session in the organization of one of the caller's potential sessions; the current token is revoked. */
export async function ssoSwitchSession(deps: SsoDeps, actor: Actor, potentialSessionId: string) {
  await deps.engine.require(actor, 'authenticated');
  const potential = await findLivePotentialSessionOfUser(deps.db, potentialSessionId, actor.userId, new Date());
  if (!potential) throw notFound('SSO potential session', potentialSessionId);
  const found = await findMembership(deps.db, actor.userId, potential.organizationId);
  const user = await findUserById(deps.db, actor.userId);
  if (!found || !user) throw notFound('SSO potential session', potentialSessionId);
  return deps.db.transaction(async (tx) => {
    const session = await openSession(tx, deps, user.id, found.organization.id);
    await insertSessionOrigin(tx, { sessionId: session.sessionId, organizationId: found.organization.id, potentialSessionId: potential.id });
    await revokeSession(tx, actor.sessionId);
    await recordAudit(new Scope(tx, found.organization.id), initiatorOf(actor), {
      entityType: 'user',
      entityId: user.id,
      entityName: user.email,
      action: 'switchOrganization',
    });
    return signInResult(session, user, found.membership, found.organization, potential.teams);
  });
}

export async function listSsoPotentialSessions(deps: SsoDeps, actor: Actor) {
  await deps.engine.require(actor, 'authenticated');
  const current = await findSessionOrigin(deps.db, actor.sessionId);
  const now = new Date();
  const rows = await listPotentialSessionsOfUser(deps.db, actor.userId, new Date(now.getTime() - potentialSessionDays * dayMs), now, current);
  return {
    ssoPotentialSessions: rows.map(({ session, organizationName }) => ({
      id: session.id,
      organizationId: session.organizationId,
      orgName: organizationName,
      displayOrgRole: session.role,
      teams: session.teams,
      createdAt: session.createdAt.toISOString(),
      expiresAt: session.expiresAt.toISOString(),
    })),
    currentSessionPotentialSessionId: current,
  };
}
