import * as oidc from 'openid-client';
import type { OidcSettingsRecord } from './sso.schema';

/** What the identity provider asserted about the user, whatever the protocol. */
export interface SsoIdentity {
  email: string;
  emailVerified: boolean | undefined;
  firstName: string | undefined;
  lastName: string | undefined;
  groups: string[];
}

export interface OidcClientSettings extends OidcSettingsRecord {
  clientSecret: string | null;
}

export interface OidcAuthorization {
  redirectUrl: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

const loopbackHosts = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/**
 * Plain HTTP is refused by openid-client; it is allowed here only for an issuer on the loopback
 * interface (a local IdP in development and in the tests), never for a remote one.
 */
function requestOptions(issuer: URL): oidc.DiscoveryRequestOptions {
  const insecure = issuer.protocol === 'http:' && loopbackHosts.has(issuer.hostname);
  return { timeout: 10, ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}) };
}

function discover(settings: OidcClientSettings): Promise<oidc.Configuration> {
  const issuer = new URL(settings.issuerUrl);
  // A confidential client authenticates with HTTP Basic (the default of OpenID Connect); without
  // a secret it is a public client relying on PKCE.
  const auth = settings.clientSecret ? oidc.ClientSecretBasic(settings.clientSecret) : oidc.None();
  return oidc.discovery(issuer, settings.clientId, undefined, auth, requestOptions(issuer));
}

/** The authorization-code request with PKCE (S256), state and nonce. */
export async function beginOidcAuthorization(settings: OidcClientSettings, redirectUri: string): Promise<OidcAuthorization> {
  const config = await discover(settings);
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: settings.scopes,
    response_type: 'code',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { redirectUrl: url.href, state, nonce, codeVerifier };
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

/** A groups claim may be an array of names, one name, or a space/comma separated list. */
export function groupsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string' && v.length > 0);
  if (typeof value === 'string') return value.split(/[\s,]+/).filter(Boolean);
  return [];
}

/**
 * Exchanges the code (checking state, nonce, PKCE, the issuer and the ID token's signature, all
 * in openid-client), then reads the user info: most providers put e-mail and groups there rather
 * than in the ID token of the code flow.
 */
export async function completeOidcAuthorization(
  settings: OidcClientSettings,
  callbackUrl: URL,
  checks: { state: string; nonce: string; codeVerifier: string },
): Promise<SsoIdentity> {
  const config = await discover(settings);
  const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
    expectedState: checks.state,
    expectedNonce: checks.nonce,
    pkceCodeVerifier: checks.codeVerifier,
    idTokenExpected: true,
  });
  const idClaims = tokens.claims();
  if (!idClaims) throw new Error('The identity provider returned no ID token');
  const userInfo = await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub);
  const claims: Record<string, unknown> = { ...idClaims, ...userInfo };
  const email = text(claims['email']);
  if (!email) throw new OidcIdentityError('missingEmail');
  return {
    email,
    emailVerified: typeof claims['email_verified'] === 'boolean' ? claims['email_verified'] : undefined,
    firstName: text(claims['given_name']),
    lastName: text(claims['family_name']),
    groups: groupsOf(claims[settings.groupsClaim]),
  };
}

export class OidcIdentityError extends Error {
  constructor(readonly reason: 'missingEmail') {
    super(`The identity provider's answer is unusable: ${reason}`);
    this.name = 'OidcIdentityError';
  }
}
