import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Transaction } from '../../db/database';
import { Scope } from '../../db/scope';
import { hashToken } from '../../crypto/opaque-token';
import { badRequest, notFound } from '../../http/domain-error';
import type { Actor } from '../../permissions/actor';
import { initiatorOf, recordAudit } from '../audit/audit.service';
import { users } from '../accounts/accounts.schema';
import {
  findMembership,
  findUserByEmail,
  findUserById,
  insertMembership,
  insertUser,
  revokeSession,
  type MembershipRow,
  type OrganizationRow,
  type UserRow,
} from '../accounts/accounts.repository';
import { currentUserView, openSession, organizationSummary, type AccountsDeps } from '../accounts/accounts.service';
import { newId } from '../../crypto/ids';
import {
  clientSecretContext,
  oidcRedirectUri,
  samlAcsUrl,
  ssoId,
  type IdentityProviderDeps,
} from './identity-provider.service';
import { beginOidcAuthorization, completeOidcAuthorization, OidcIdentityError, type OidcClientSettings, type SsoIdentity } from './sso-oidc';
import { beginSamlAuthorization, SamlResponseError, validateSamlResponse } from './sso-saml';
import {
  claimPotentialSession,
  consumeLoginRequest,
  findLivePotentialSessionOfUser,
  findProviderOfOrganization,
  findProvidersByDomain,
  findSessionOrigin,
  insertLoginRequest,
  insertPotentialSession,
  insertSessionOrigin,
  listPotentialSessionsOfUser,
  rememberSamlAssertion,
  type IdentityProviderRow,
  type PotentialSessionRow,
  type ProviderWithOrganization,
} from './sso.repository';
import type { TeamRefRecord } from './sso.schema';

/**
 * Maps the IdP groups of a user to the organization's teams (a team whose custom id equals a
 * group). Teams belong to the IAM module; until it provides this, nobody is put in a team.
 */
export type TeamResolver = (organizationId: string, groups: string[]) => Promise<TeamRefRecord[]>;

export interface SsoDeps extends AccountsDeps, IdentityProviderDeps {
  resolveTeams: TeamResolver;
}

export const potentialSessionDays = 90;
const loginRequestMinutes = 10;
const dayMs = 24 * 3600 * 1000;

/** Reason codes of /auth/ssoBadLogin; the console turns them into messages. */
export type BadLoginReason =
  | 'invalidState'
  | 'idpError'
  | 'notConfigured'
  | 'invalidResponse'
  | 'invalidSignature'
  | 'wrongAudience'
  | 'wrongDestination'
  | 'wrongInResponseTo'
  | 'replayedAssertion'
  | 'missingEmail'
  | 'emailNotVerified'
  | 'domainNotAllowed'
  | 'failed';

class BadLogin extends Error {
  constructor(readonly reason: BadLoginReason) {
    super(reason);
    this.name = 'BadLogin';
  }
}

// Redirects only ever go to these console paths under PUBLIC_URL: nothing from the request
// chooses the target, so the callbacks cannot be used as an open redirect.
function consoleUrl(deps: SsoDeps, path: '/auth/ssoLogin' | '/auth/ssoChooseLogin' | '/auth/ssoBadLogin', query: Record<string, string>): string {
  const url = new URL(deps.urls.console);
  url.pathname = `${url.pathname.replace(/\/$/, '')}${path}`;
  url.search = new URLSearchParams(query).toString();
  return url.href;
}

const badLoginUrl = (deps: SsoDeps, reason: BadLoginReason) => consoleUrl(deps, '/auth/ssoBadLogin', { reason });

function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

function oidcClientSettings(deps: SsoDeps, provider: IdentityProviderRow): OidcClientSettings {
  if (provider.type !== 'oidc' || !provider.oidc) throw new BadLogin('notConfigured');
  return {
    ...provider.oidc,
    clientSecret: provider.oidcClientSecret
      ? deps.envelope.decrypt(provider.oidcClientSecret, clientSecretContext(provider.organizationId))
      : null,
  };
}

const verifierContext = (stateHash: string) => `ssoLoginRequest:${stateHash}:codeVerifier`;

// ---------------------------------------------------------------------------------------------
// Sign-in request

export interface SsoSignInRequestInput {
  email?: string;
  organizationId?: string;
}

async function candidatesFor(deps: SsoDeps, input: SsoSignInRequestInput): Promise<ProviderWithOrganization[]> {
  const domain = input.email ? emailDomain(input.email) : undefined;
  if (input.organizationId) {
    const one = await findProviderOfOrganization(deps.db, input.organizationId);
    return one && (!domain || one.provider.emailDomains.includes(domain)) ? [one] : [];
  }
  return domain ? findProvidersByDomain(deps.db, domain) : [];
}

/** One redirect per organization whose identity provider serves the e-mail (or the organization given). */
export async function ssoSignInRequest(deps: SsoDeps, input: SsoSignInRequestInput) {
  const candidates = await candidatesFor(deps, input);
  if (candidates.length === 0) throw badRequest('Single sign-on is not configured for this e-mail address or organization');
  const items = [];
  for (const { provider, organization } of candidates) {
    try {
      items.push({
        organizationId: organization.id,
        organizationName: organization.name,
        type: provider.type,
        redirectUrl: await beginLogin(deps, provider),
      });
    } catch (error) {
      if (error instanceof BadLogin) continue;
      throw badRequest(`The identity provider of ${organization.name} cannot be reached`);
    }
  }
  if (items.length === 0) throw badRequest('Single sign-on is not configured for this e-mail address or organization');
  return items;
}

async function beginLogin(deps: SsoDeps, provider: IdentityProviderRow): Promise<string> {
  const expiresAt = new Date(Date.now() + loginRequestMinutes * 60_000);
  if (provider.type === 'oidc') {
    const begun = await beginOidcAuthorization(oidcClientSettings(deps, provider), oidcRedirectUri(deps.urls));
    const stateHash = hashToken(begun.state);
    await insertLoginRequest(deps.db, {
      stateHash,
      organizationId: provider.organizationId,
      type: 'oidc',
      nonce: begun.nonce,
      codeVerifier: deps.envelope.encrypt(begun.codeVerifier, verifierContext(stateHash)),
      expiresAt,
    });
    return begun.redirectUrl;
  }
  if (!provider.saml) throw new BadLogin('notConfigured');
  // RelayState carries our state, as `state` does for OIDC; only its hash is stored.
  const relayState = randomBytes(32).toString('base64url');
  const stateHash = hashToken(relayState);
  const begun = await beginSamlAuthorization(provider.saml, samlAcsUrl(deps.urls), relayState);
  await insertLoginRequest(deps.db, {
    stateHash,
    organizationId: provider.organizationId,
    type: 'saml',
    samlRequestId: begun.requestId,
    expiresAt,
  });
  return begun.redirectUrl;
}

// ---------------------------------------------------------------------------------------------
// Callbacks

export interface OidcCallbackQuery {
  code?: string;
  state?: string;
  error?: string;
  [name: string]: string | undefined;
}

/** The OIDC redirect URI: answers the console URL to redirect the browser to. */
export async function ssoOidcCallback(deps: SsoDeps, query: OidcCallbackQuery): Promise<string> {
  try {
    if (!query.state) throw new BadLogin('invalidState');
    const stateHash = hashToken(query.state);
    const request = await consumeLoginRequest(deps.db, stateHash, 'oidc', new Date());
    if (!request?.nonce || !request.codeVerifier) throw new BadLogin('invalidState');
    if (query.error) throw new BadLogin('idpError');
    const found = await findProviderOfOrganization(deps.db, request.organizationId);
    if (!found) throw new BadLogin('notConfigured');
    const settings = oidcClientSettings(deps, found.provider);
    const callbackUrl = new URL(oidcRedirectUri(deps.urls));
    for (const [name, value] of Object.entries(query)) if (value !== undefined) callbackUrl.searchParams.set(name, value);
    let identity: SsoIdentity;
    try {
      identity = await completeOidcAuthorization(settings, callbackUrl, {
        state: query.state,
        nonce: request.nonce,
        codeVerifier: deps.envelope.decrypt(request.codeVerifier, verifierContext(stateHash)),
      });
    } catch (error) {
      if (error instanceof OidcIdentityError) throw new BadLogin(error.reason);
      throw new BadLogin('invalidResponse');
    }
    return await completeLogin(deps, found, identity);
  } catch (error) {
    if (error instanceof BadLogin) return badLoginUrl(deps, error.reason);
    throw error;
  }
}

export interface SamlPostForm {
  SAMLResponse: string;
  RelayState: string;
}

/** The SAML assertion consumer service: answers the console URL to redirect the browser to. */
export async function ssoSamlAcs(deps: SsoDeps, form: SamlPostForm): Promise<string> {
  try {
    const request = await consumeLoginRequest(deps.db, hashToken(form.RelayState), 'saml', new Date());
    if (!request?.samlRequestId) throw new BadLogin('invalidState');
    const found = await findProviderOfOrganization(deps.db, request.organizationId);
    if (!found?.provider.saml || found.provider.type !== 'saml') throw new BadLogin('notConfigured');
    let validated;
    try {
      validated = await validateSamlResponse(found.provider.saml, samlAcsUrl(deps.urls), form.SAMLResponse, request.samlRequestId);
    } catch (error) {
      if (error instanceof SamlResponseError) throw new BadLogin(error.reason);
      throw error;
    }
    if (!(await rememberSamlAssertion(deps.db, request.organizationId, validated.assertionId, validated.notOnOrAfter))) {
      throw new BadLogin('replayedAssertion');
    }
    if (!validated.answersOurRequest) throw new BadLogin('wrongInResponseTo');
    return await completeLogin(deps, found, validated.identity);
  } catch (error) {
    if (error instanceof BadLogin) return badLoginUrl(deps, error.reason);
    throw error;
  }
}

function sameIdentityProvider(a: IdentityProviderRow, b: IdentityProviderRow): boolean {
  if (a.type !== b.type) return false;
  if (a.type === 'oidc') return a.oidc?.issuerUrl === b.oidc?.issuerUrl && a.oidc?.clientId === b.oidc?.clientId;
  return (
    a.saml?.entryPointUrl === b.saml?.entryPointUrl &&
    a.saml?.spEntityId === b.saml?.spEntityId &&
    a.saml?.idpCertificate === b.saml?.idpCertificate
  );
}

async function upsertSsoUser(tx: Transaction, identity: SsoIdentity): Promise<{ user: UserRow; created: boolean }> {
  const existing = await findUserByEmail(tx, identity.email);
  if (!existing) {
    const user = await insertUser(tx, {
      id: newId('user'),
      email: identity.email,
      firstName: identity.firstName ?? identity.email.slice(0, identity.email.indexOf('@')),
      lastName: identity.lastName ?? '',
      userType: 'ssoUser',
    });
    return { user, created: true };
  }
  // The user now signs in through their organization's IdP: an SSO user, with the IdP's names.
  const [user] = await tx
    .update(users)
    .set({
      userType: 'ssoUser',
      ...(identity.firstName ? { firstName: identity.firstName } : {}),
      ...(identity.lastName ? { lastName: identity.lastName } : {}),
    })
    .where(eq(users.id, existing.id))
    .returning();
  return { user: user ?? existing, created: false };
}

/**
 * Creates or updates the SSO user and one potential session per organization the user may
 * enter: the one whose IdP answered, and every other organization configured with the same IdP
 * for the e-mail's domain. The role is the existing membership's (custom ABAC configurations are
 * not on main yet); a new member gets the IdP's default role.
 */
async function completeLogin(deps: SsoDeps, origin: ProviderWithOrganization, identity: SsoIdentity): Promise<string> {
  const domain = emailDomain(identity.email);
  if (!origin.provider.emailDomains.includes(domain)) throw new BadLogin('domainNotAllowed');
  if (identity.emailVerified === false) throw new BadLogin('emailNotVerified');
  const others = (await findProvidersByDomain(deps.db, domain)).filter(
    (p) => p.organization.id !== origin.organization.id && sameIdentityProvider(p.provider, origin.provider),
  );
  const targets = [origin, ...others];
  const now = Date.now();
  const created = await deps.db.transaction(async (tx) => {
    const { user, created: userCreated } = await upsertSsoUser(tx, identity);
    const initiator = { name: user.email, type: 'ssoUser' as const, userId: user.id };
    const sessions: PotentialSessionRow[] = [];
    for (const { provider, organization } of targets) {
      const scope = new Scope(tx, organization.id);
      let membership = (await findMembership(tx, user.id, organization.id))?.membership;
      if (!membership) {
        membership = { organizationId: organization.id, userId: user.id, role: provider.defaultRole, customRoleId: null, createdAt: new Date() };
        await insertMembership(tx, membership);
        await recordAudit(scope, initiator, { entityType: 'user', entityId: user.id, entityName: user.email, action: userCreated ? 'create' : 'update' });
      }
      sessions.push(
        await insertPotentialSession(tx, {
          id: ssoId('ssps'),
          organizationId: organization.id,
          userId: user.id,
          role: membership.role,
          teams: await deps.resolveTeams(organization.id, identity.groups),
          expiresAt: new Date(now + potentialSessionDays * dayMs),
        }),
      );
    }
    return sessions;
  });
  const [own] = created;
  if (!own) throw new BadLogin('failed');
  return consoleUrl(deps, created.length > 1 ? '/auth/ssoChooseLogin' : '/auth/ssoLogin', { ssoPotentialSessionId: own.id });
}

// ---------------------------------------------------------------------------------------------
// Potential sessions

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

