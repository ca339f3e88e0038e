// The declarations of oidc-provider (it ships none) go wherever this file is compiled.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- an ambient module declaration, not an import.
/// <reference path="./oidc-provider.d.ts" />
import { createServer, type Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import { Provider } from 'oidc-provider';
import { freePort } from './free-port';

export interface TestAccount {
  email: string;
  emailVerified?: boolean;
  givenName: string;
  familyName: string;
  groups: string[];
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Accounts by the login typed into the provider's sign-in form. */
  accounts: Map<string, TestAccount>;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (oidc-provider) on a loopback port, with one confidential
 * client registered for our callback and the library's development sign-in and consent pages,
 * which a test drives with its HTTP client or a browser.
 */
export async function startTestOidcProvider(redirectUri: string): Promise<TestOidcProvider> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = `terrace-${randomBytes(4).toString('hex')}`;
  const clientSecret = randomBytes(24).toString('base64url');
  const accounts = new Map<string, TestAccount>();
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    scopes: ['openid', 'email', 'profile', 'groups'],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name'],
      groups: ['groups'],
    },
    pkce: { required: () => true },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    features: { devInteractions: { enabled: true } },
    // Explicit lifetimes (seconds) keep the library from announcing its defaults on every use.
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    async findAccount(_ctx, sub) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        async claims() {
          return {
            sub,
            email: account.email,
            email_verified: account.emailVerified ?? true,
            given_name: account.givenName,
            family_name: account.familyName,
            groups: account.groups,
          };
        },
      };
    },
  });
  // The development pages warn on every start; the tests know they use them.
  provider.on('server_error', () => undefined);
  const server: Server = createServer(provider.callback());
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
