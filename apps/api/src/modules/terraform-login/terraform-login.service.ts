import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { hashToken } from '../../crypto/opaque-token';
import type { Database } from '../../db/database';
import { inOrganization } from '../../db/scope';
import type { Schemas } from '../../http/contract-types';
import { badRequest, forbidden, validationError } from '../../http/domain-error';
import type { RawAnswer } from '../../http/operation-registry';
import type { Actor } from '../../permissions/actor';
import type { PermissionEngine } from '../../permissions/permission-engine';
import { deleteExpiredLoginCodes, insertLoginCode, takeLiveLoginCode } from './terraform-login.repository';

// login.v1 (Terraform's login protocol): the console page asks for a code for the signed-in user;
// the CLI exchanges it, with its PKCE verifier, for a new personal access token of that user.

export interface TerraformLoginDeps {
  db: Database;
  engine: PermissionEngine;
  /** Creates the user's personal access token (accounts); answers its value. */
  issueToken: (grant: { organizationId: string; userId: string }, input: Schemas['PersonalAccessTokenInput']) => Promise<string>;
}

/** The ports Terraform listens on for the redirect (the discovery document's `ports`). */
export const loginPorts = [10000, 10010] as const;
export const codeTtlSeconds = 60;
const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The CLI's redirect URI, only when it is Terraform's loopback listener: plain http on a loopback
 * host and a port of the range. Anything else would send the code to somebody else's server.
 */
export function loopbackRedirect(redirectUri: string): URL {
  let url: URL;
  try {
    url = new URL(redirectUri);
  } catch {
    throw validationError("'entity.redirectUri' is not a URL", 'entity.redirectUri');
  }
  const port = Number(url.port);
  if (url.protocol !== 'http:' || !loopbackHosts.has(url.hostname) || url.username || url.password || url.hash || port < loginPorts[0] || port > loginPorts[1]) {
    throw validationError(
      `'entity.redirectUri' must be Terraform's loopback address (http://localhost:${loginPorts[0]}-${loginPorts[1]}/…)`,
      'entity.redirectUri',
    );
  }
  return url;
}

/** The default name of a token made by `terraform login`. */
const defaultTokenName = (now: Date) => `terraform login ${now.toISOString().slice(0, 10)}`;

/**
 * The signed-in person approved `terraform login`: a code for the CLI's redirect. Only a person
 * in a browser session may approve (a token cannot mint another token, a robot has no account).
 */
export async function authorizeTerraformLogin(deps: TerraformLoginDeps, actor: Actor, input: Schemas['TerraformLoginAuthorization']) {
  await deps.engine.require(actor, 'authenticated');
  if (actor.userType === 'programmaticUser') throw forbidden('Programmatic users cannot sign Terraform in');
  if (actor.credential === 'personalAccessToken' || actor.credential === 'programmaticToken') {
    throw forbidden('Sign in to the console to approve terraform login; a token cannot');
  }
  const redirect = loopbackRedirect(input.redirectUri);
  const code = randomBytes(32).toString('base64url');
  await deleteExpiredLoginCodes(deps.db);
  await inOrganization(deps.db, actor.organizationId, (scope) =>
    insertLoginCode(
      scope,
      {
        codeHash: hashToken(code),
        userId: actor.userId,
        redirectUri: input.redirectUri,
        codeChallenge: input.codeChallenge,
        tokenName: input.tokenName?.trim() || defaultTokenName(new Date()),
        expiresInDays: input.expiresInDays ?? null,
      },
      codeTtlSeconds,
    ),
  );
  redirect.searchParams.set('code', code);
  redirect.searchParams.set('state', input.state);
  return { redirectUrl: redirect.toString() };
}

/** S256 (RFC 7636 §4.6), compared in constant time. */
function verifierMatches(verifier: string, challenge: string): boolean {
  const computed = Buffer.from(createHash('sha256').update(verifier, 'ascii').digest('base64url'));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}

const invalidGrant = () => badRequest('The authorization code is invalid, expired or already used, or the verifier does not match it');

/**
 * The CLI's token request (form-encoded, as golang.org/x/oauth2 sends it). The code is taken out
 * of the table before anything else is checked, so it serves once, matched or not.
 */
export async function exchangeTerraformLoginCode(deps: TerraformLoginDeps, form: Schemas['TerraformTokenRequest']): Promise<RawAnswer> {
  if (form.code.length > 256) throw invalidGrant();
  const grant = await takeLiveLoginCode(deps.db, hashToken(form.code));
  if (!grant || grant.redirectUri !== form.redirect_uri || !verifierMatches(form.code_verifier, grant.codeChallenge)) throw invalidGrant();
  const token = await deps.issueToken(
    { organizationId: grant.organizationId, userId: grant.userId },
    { name: grant.tokenName, expiresInDays: grant.expiresInDays },
  );
  return {
    status: 200,
    headers: { 'cache-control': 'no-store', pragma: 'no-cache' },
    body: { access_token: token, token_type: 'bearer' },
  };
}
