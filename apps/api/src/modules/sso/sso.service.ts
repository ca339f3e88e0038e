import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Transaction } from '../../db/database';
import { isUniqueViolation } from '../../db/postgres-errors';
import { Scope } from '../../db/scope';
import { hashToken } from '../../crypto/opaque-token';
import { serializeCookie } from '../../http/cookies';
import { badRequest } from '../../http/domain-error';
import { recordAudit } from '../audit/audit.service';
import { users } from '../accounts/accounts.schema';
import { findCustomRole, listAbac, lockCustomRole, syncIdpTeams, teamRefsByIds, teamsByIdpGroups } from '../iam/iam.repository';
import {
  countAdmins,
  findMembership,
  findUserByEmail,
  insertMembership,
  insertUser,
  lockOrganization,
  updateMembershipRole,
  type MembershipRow,
  type UserRow,
} from '../accounts/accounts.repository';
import { type AccountsDeps } from '../accounts/accounts.service';
import { newId } from '../../crypto/ids';
import {
  clientSecretContext,
  oidcRedirectUri,
  samlAcsUrl,
  ssoId,
  type IdentityProviderDeps,
} from './identity-provider.service';
import {
  beginOidcAuthorization,
  completeOidcAuthorization,
  OidcIdentityError,
  type OidcClientSettings,
  type SsoIdentity,
} from './sso-oidc';
import { beginSamlAuthorization, SamlResponseError, validateSamlResponse } from './sso-saml';
import {
  consumeLoginRequest,
  findProviderOfOrganization,
  findProvidersByDomain,
  insertLoginRequest,
  insertPotentialSession,
  rememberSamlAssertion,
  type IdentityProviderRow,
  type PotentialSessionRow,
  type ProviderWithOrganization,
} from './sso.repository';
import type { TeamRefRecord } from './sso.schema';

export type SsoDeps = AccountsDeps & IdentityProviderDeps;

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
  | 'wrongBrowser'
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
// Browser binding: the sign-in request sets a random value in an HttpOnly cookie scoped to the
// SSO paths of the API and keeps only its hash with each login request; a callback is honoured
// only from the browser holding it. A callback replayed in another browser (login CSRF: an
// attacker's finished IdP answer pushed into a victim's browser) finds no or another value.

export const bindingCookieName = 'terrace_sso_binding';
const bindingValue = /^[A-Za-z0-9_-]{43}$/;

const bindingCookiePath = (deps: SsoDeps) => `${new URL(deps.urls.api).pathname.replace(/\/$/, '')}/auth/sso`;

/**
 * Secure when the console is served over https. SameSite=Lax lets the cookie ride the OIDC
 * callback (a top-level GET); SAML's HTTP-POST binding is a cross-site POST, which a Lax cookie
 * does not ride, so with a SAML provider the cookie is SameSite=None (browsers require Secure
 * for it; over plain http, a development set-up, it stays Lax). None is safe here: the cookie
 * grants nothing, it only has to match the request it was issued with.
 */
function bindingCookie(deps: SsoDeps, value: string, maxAge: number, crossSitePost: boolean): string {
  const secure = new URL(deps.urls.api).protocol === 'https:';
  return serializeCookie(bindingCookieName, value, {
    path: bindingCookiePath(deps),
    maxAge,
    secure,
    sameSite: crossSitePost && secure ? 'None' : 'Lax',
  });
}

/** Deletes the binding cookie once a sign-in has completed with it. */
const clearBindingCookie = (deps: SsoDeps) => bindingCookie(deps, '', 0, false);

function requireSameBrowser(bindingHash: string | null, cookies: Record<string, string>): void {
  const value = cookies[bindingCookieName];
  // Comparing hashes: equal time would tell an attacker nothing about the value itself.
  if (!value || !bindingHash || hashToken(value) !== bindingHash) throw new BadLogin('wrongBrowser');
}

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

/**
 * One redirect per organization whose identity provider serves the e-mail (or the organization
 * given), and the browser-binding cookie they share.
 */
export async function ssoSignInRequest(deps: SsoDeps, input: SsoSignInRequestInput, cookies: Record<string, string>) {
  const candidates = await candidatesFor(deps, input);
  if (candidates.length === 0) throw badRequest('Single sign-on is not configured for this e-mail address or organization');
  // A browser that already holds a binding keeps it, so sign-ins started in two tabs both finish.
  const held = cookies[bindingCookieName];
  const binding = held && bindingValue.test(held) ? held : randomBytes(32).toString('base64url');
  const bindingHash = hashToken(binding);
  const items = [];
  for (const { provider, organization } of candidates) {
    try {
      items.push({
        organizationId: organization.id,
        organizationName: organization.name,
        type: provider.type,
        redirectUrl: await beginLogin(deps, provider, bindingHash),
      });
    } catch (error) {
      if (error instanceof BadLogin) continue;
      throw badRequest(`The identity provider of ${organization.name} cannot be reached`);
    }
  }
  if (items.length === 0) throw badRequest('Single sign-on is not configured for this e-mail address or organization');
  const cookie = bindingCookie(deps, binding, loginRequestMinutes * 60, items.some((item) => item.type === 'saml'));
  return { items, cookie };
}

async function beginLogin(deps: SsoDeps, provider: IdentityProviderRow, bindingHash: string): Promise<string> {
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
      bindingHash,
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
    bindingHash,
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

/** Where a callback sends the browser (a console page), and the cookie changes to send with it. */
export interface SsoCallbackResult {
  redirect: string;
  setCookies: string[];
}

/**
 * Runs a callback: any BadLogin becomes the bad-login page. A completed sign-in deletes the
 * binding cookie; a refused callback leaves it, so a foreign answer pushed into this browser does
 * not spoil the sign-in the browser itself started.
 */
async function callback(deps: SsoDeps, run: () => Promise<string>): Promise<SsoCallbackResult> {
  try {
    return { redirect: await run(), setCookies: [clearBindingCookie(deps)] };
  } catch (error) {
    if (!(error instanceof BadLogin)) throw error;
    return { redirect: badLoginUrl(deps, error.reason), setCookies: [] };
  }
}

/** The OIDC redirect URI: answers the console URL to redirect the browser to. */
export function ssoOidcCallback(deps: SsoDeps, query: OidcCallbackQuery, cookies: Record<string, string>): Promise<SsoCallbackResult> {
  return callback(deps, async () => {
    if (!query.state) throw new BadLogin('invalidState');
    const stateHash = hashToken(query.state);
    const request = await consumeLoginRequest(deps.db, stateHash, 'oidc', new Date());
    if (!request?.nonce || !request.codeVerifier) throw new BadLogin('invalidState');
    requireSameBrowser(request.bindingHash, cookies);
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
    return completeLogin(deps, found, identity);
  });
}

export interface SamlPostForm {
  SAMLResponse: string;
  RelayState: string;
}

/** The SAML assertion consumer service: answers the console URL to redirect the browser to. */
export function ssoSamlAcs(deps: SsoDeps, form: SamlPostForm, cookies: Record<string, string>): Promise<SsoCallbackResult> {
  return callback(deps, async () => {
    const request = await consumeLoginRequest(deps.db, hashToken(form.RelayState), 'saml', new Date());
    if (!request?.samlRequestId) throw new BadLogin('invalidState');
    requireSameBrowser(request.bindingHash, cookies);
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
    return completeLogin(deps, found, validated.identity);
  });
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

// ---------------------------------------------------------------------------------------------
// Custom ABAC at sign-in

/**
 * Role precedence when several ABAC grants match: by permission inclusion (admin ⊇ viewer ⊇
 * member ⊇ deployer = runner), then custom organization roles (cro-…), then namespace-only
 * keys; equal ranks by key, so the outcome does not depend on the order rows are read in.
 */
const rolePrecedence = ['admin', 'viewer', 'member', 'deployer', 'runner'];

function roleRank(role: string): number {
  const index = rolePrecedence.indexOf(role);
  if (index >= 0) return index;
  return role.startsWith('cro-') ? rolePrecedence.length : rolePrecedence.length + 1;
}

interface AbacOutcome {
  /** The highest role the matching grants give, with its custom role id; undefined when none matches. */
  role?: { role: string; customRoleId: string | null };
  /** Teams of the organization the matching grants name. */
  teams: TeamRefRecord[];
}

/**
 * What the organization's own custom ABAC configurations grant in it for the user's IdP groups.
 * Only grants a configuration of `organizationId` makes for `organizationId` itself count: an
 * entry naming another organization B is honoured only through B's own configuration for the
 * same group, so an admin of one organization can never grant a role in another (see README).
 * A custom role that is no longer an organization role of the organization is skipped.
 */
async function abacOutcome(scope: Scope, groups: string[]): Promise<AbacOutcome> {
  if (groups.length === 0) return { teams: [] };
  const matching = (await listAbac(scope)).filter((c) => groups.includes(c.customAbacId));
  const grants = matching.flatMap((c) => c.roles.filter((r) => r.orgId === scope.organizationId));
  let role: AbacOutcome['role'];
  for (const candidate of [...new Set(grants.map((g) => g.orgRole))].sort((a, b) => roleRank(a) - roleRank(b) || a.localeCompare(b))) {
    if (!candidate.startsWith('cro-')) {
      role = { role: candidate, customRoleId: null };
      break;
    }
    if ((await findCustomRole(scope, candidate))?.type === 'organizationRole') {
      role = { role: candidate, customRoleId: candidate };
      break;
    }
  }
  const teams = await teamRefsByIds(scope, [...new Set(grants.flatMap((g) => g.teamIds ?? []))]);
  return { role, teams };
}

/** Teams by IdP group (a team whose custom id is the group) and by ABAC grant, once each, by name. */
function mergeTeams(...lists: TeamRefRecord[][]): TeamRefRecord[] {
  const byId = new Map(lists.flat().map((t) => [t.id, t]));
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

/**
 * The membership of an SSO user in one organization at sign-in. Precedence: a role granted by
 * the organization's matching ABAC configurations becomes the membership role at every sign-in
 * (raised or lowered: the IdP groups are the source of truth), except that the last admin is
 * never demoted; without a matching grant an existing member keeps their role and a new member
 * gets the provider's default role. Each change is audited in the sign-in's transaction.
 */
async function applyMembership(
  tx: Transaction,
  scope: Scope,
  user: UserRow,
  userCreated: boolean,
  defaultRole: string,
  granted: AbacOutcome['role'],
): Promise<MembershipRow> {
  const initiator = { name: user.email, type: 'ssoUser' as const, userId: user.id };
  const audit = (action: 'create' | 'update') =>
    recordAudit(scope, initiator, { entityType: 'user', entityId: user.id, entityName: user.email, action });
  // A granted custom role is share-locked (it cannot be deleted while being given); gone: no grant.
  if (granted?.customRoleId && !(await lockCustomRole(scope, granted.customRoleId, 'share'))) granted = undefined;
  let current = (await findMembership(tx, user.id, scope.organizationId))?.membership;
  if (current?.role === 'admin' && granted && granted.role !== 'admin') {
    // A demotion of an admin: serialized with every other change that can take away an admin,
    // and decided on the memberships as they are once the lock is held.
    await lockOrganization(tx, scope.organizationId);
    current = (await findMembership(tx, user.id, scope.organizationId))?.membership;
  }
  if (!current) {
    const membership = {
      organizationId: scope.organizationId,
      userId: user.id,
      role: granted?.role ?? defaultRole,
      customRoleId: granted?.customRoleId ?? null,
      createdAt: new Date(),
    };
    await insertMembership(tx, membership);
    await audit(userCreated ? 'create' : 'update');
    return membership;
  }
  if (!granted || (granted.role === current.role && granted.customRoleId === current.customRoleId)) return current;
  if (current.role === 'admin' && granted.role !== 'admin' && (await countAdmins(tx, scope.organizationId)) <= 1) return current;
  const updated = await updateMembershipRole(tx, scope.organizationId, user.id, granted.role, granted.customRoleId);
  await audit('update');
  return updated ?? current;
}

/**
 * The SSO user's teams in one organization follow the identity provider at every sign-in: joins
 * the teams matched by group or named by an ABAC grant, leaves the identity-provider teams (those
 * with a custom IdP id) no longer matched; so team namespace permissions apply to SSO users and
 * end when the IdP drops the group. Each change is audited in the sign-in's transaction.
 */
async function applyTeams(scope: Scope, user: UserRow, teams: TeamRefRecord[]): Promise<void> {
  const { joined, left } = await syncIdpTeams(scope, user.id, teams.map((t) => t.id));
  const initiator = { name: user.email, type: 'ssoUser' as const, userId: user.id };
  for (const teamId of [...joined, ...left]) {
    await recordAudit(scope, initiator, { entityType: 'team', entityId: `${teamId}/${user.id}`, entityName: user.email, action: 'update' });
  }
}

/**
 * Creates or updates the SSO user and one potential session per organization the user may
 * enter: the one whose IdP answered, and every other organization configured with the same IdP
 * for the e-mail's domain. Role and teams in each follow that organization's own custom ABAC
 * configurations for the user's IdP groups (applyMembership, abacOutcome).
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
  const signIn = () => deps.db.transaction(async (tx) => {
    const { user, created: userCreated } = await upsertSsoUser(tx, identity);
    const sessions: PotentialSessionRow[] = [];
    for (const { provider, organization } of targets) {
      const scope = new Scope(tx, organization.id);
      const abac = await abacOutcome(scope, identity.groups);
      const membership = await applyMembership(tx, scope, user, userCreated, provider.defaultRole, abac.role);
      const teams = mergeTeams(await teamsByIdpGroups(tx, organization.id, identity.groups), abac.teams);
      await applyTeams(scope, user, teams);
      sessions.push(
        await insertPotentialSession(tx, {
          id: ssoId('ssps'),
          organizationId: organization.id,
          userId: user.id,
          role: membership.role,
          teams,
          expiresAt: new Date(now + potentialSessionDays * dayMs),
        }),
      );
    }
    return sessions;
  });
  let created: PotentialSessionRow[];
  try {
    created = await signIn();
  } catch (error) {
    // The same new user signing in twice at once: one transaction creates the user (or the
    // membership), the other hits its unique key and, run again, finds it.
    if (!isUniqueViolation(error)) throw error;
    created = await signIn();
  }
  const [own] = created;
  if (!own) throw new BadLogin('failed');
  return consoleUrl(deps, created.length > 1 ? '/auth/ssoChooseLogin' : '/auth/ssoLogin', { ssoPotentialSessionId: own.id });
}
