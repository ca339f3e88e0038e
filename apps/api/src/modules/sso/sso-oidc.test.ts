import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readForm, TestBrowser } from './testing/test-browser';
import { startTestOidcProvider, type TestOidcProvider } from '@terrace/testing-idp';
import { signUpOrganization, startSsoTestServer, uniqueDomain, type SsoTestServer } from './testing/sso-test-server';

let server: SsoTestServer;
let idp: TestOidcProvider;

beforeAll(async () => {
  server = await startSsoTestServer();
  idp = await startTestOidcProvider(`${server.apiUrl}/auth/sso/oidc/callback`);
});

afterAll(async () => {
  await idp?.close();
  await server?.close();
});

interface SignInItem {
  token: string;
  user: { email: string; userType: string; orgRole: string; teams: unknown[]; organization: { id: string } };
  organization: { id: string; name: string };
}

async function configureOidc(token: string, domain: string, extra: Record<string, unknown> = {}) {
  return server.call('putIdentityProvider', {
    token,
    entity: {
      type: 'oidc',
      emailDomains: [domain],
      oidc: { issuerUrl: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, scopes: 'openid email profile groups' },
      ...extra,
    },
  });
}

const isConsolePage = (publicUrl: string) => (url: URL) =>
  url.origin === new URL(publicUrl).origin && ['/auth/ssoLogin', '/auth/ssoChooseLogin', '/auth/ssoBadLogin'].includes(url.pathname);

/**
 * Drives the browser from the IdP redirect through oidc-provider's sign-in and consent pages to
 * our callback, and answers the console page the callback redirected to.
 */
async function signInAtIdp(browser: TestBrowser, redirectUrl: string, login: string): Promise<URL> {
  const stop = isConsolePage(server.publicUrl);
  let step = await browser.follow(redirectUrl, stop);
  for (let i = 0; i < 4 && !stop(step.url); i += 1) {
    if (!step.response || step.response.status !== 200) {
      throw new Error(`Unexpected ${step.response?.status} at ${step.url.href}: ${await step.response?.text()}`);
    }
    const page = await step.response.text();
    const form = readForm(page, step.url);
    const fields = form.fields['prompt'] === 'login' ? { ...form.fields, login, password: 'any' } : form.fields;
    step = await browser.follow(form.action.href, stop, { form: fields });
  }
  if (!stop(step.url)) throw new Error(`Did not come back to the console: ${step.url.href}`);
  // The last hop is our callback's redirect: check that answer against the description too.
  const callbackHop = step.hops.findLast((hop) => hop.pathname === '/api/auth/sso/oidc/callback');
  expect(callbackHop).toBeDefined();
  return step.url;
}

async function startSignIn(email: string) {
  const request = await server.call<{ organizationId: string; type: string; redirectUrl: string }>('ssoSignInRequest', { entity: { email } });
  expect(request.status).toBe(200);
  return request.body.response.items;
}

describe('OIDC single sign-on against a real oidc-provider', () => {
  it('signs a new user in end to end: request, IdP sign-in, callback, potential session, token', async () => {
    const domain = uniqueDomain('oidc');
    const admin = await signUpOrganization(server, domain, 'Acme');
    const configured = await configureOidc(admin.token, domain);
    expect(configured.status).toBe(200);

    const email = `grace@${domain}`;
    idp.accounts.set('grace', { email, givenName: 'Grace', familyName: 'Hopper', groups: ['platform', 'sre'] });
    const [redirect] = await startSignIn(email);
    expect(redirect?.organizationId).toBe(admin.organizationId);
    const authorize = new URL(redirect?.redirectUrl ?? '');
    expect(authorize.origin).toBe(idp.issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('nonce')).toBeTruthy();

    const landing = await signInAtIdp(new TestBrowser(), authorize.href, 'grace');
    expect(landing.pathname).toBe('/auth/ssoLogin');
    const potentialSessionId = landing.searchParams.get('ssoPotentialSessionId') ?? '';
    expect(potentialSessionId).toMatch(/^ssps-/);

    const signedIn = await server.call<SignInItem>('ssoSignInWithPotentialSession', { entity: { ssoPotentialSessionId: potentialSessionId } });
    expect(signedIn.status).toBe(200);
    const item = signedIn.body.response.items[0] as SignInItem;
    expect(item.organization.id).toBe(admin.organizationId);
    expect(item.user).toMatchObject({ email, userType: 'ssoUser', orgRole: 'member' });

    const me = await server.call<{ email: string; userType: string; firstName: string; lastName: string }>('getCurrentUser', { token: item.token });
    expect(me.status).toBe(200);
    expect(me.body.response.items[0]).toMatchObject({ email, userType: 'ssoUser', firstName: 'Grace', lastName: 'Hopper' });

    // Single use: the same potential session does not sign in twice.
    const again = await server.call('ssoSignInWithPotentialSession', { entity: { ssoPotentialSessionId: potentialSessionId } });
    expect(again.status).toBe(400);
    expect(again.body.response.errors[0]?.code).toBe('bad_request');

    const list = await server.call<{ ssoPotentialSessions: { id: string; orgName: string; displayOrgRole: string }[]; currentSessionPotentialSessionId: string }>(
      'listSsoPotentialSessions',
      { token: item.token },
    );
    expect(list.status).toBe(200);
    const sessions = list.body.response.items[0];
    expect(sessions?.currentSessionPotentialSessionId).toBe(potentialSessionId);
    expect(sessions?.ssoPotentialSessions).toEqual([
      expect.objectContaining({ id: potentialSessionId, orgName: admin.organizationName, displayOrgRole: 'member' }),
    ]);
  });

  it('gives a returning user a potential session per organization that uses the same IdP, and switches between them', async () => {
    const domain = uniqueDomain('multi');
    const first = await signUpOrganization(server, domain, 'First');
    const second = await signUpOrganization(server, domain, 'Second');
    expect((await configureOidc(first.token, domain)).status).toBe(200);
    expect((await configureOidc(second.token, domain, { defaultRole: 'viewer' })).status).toBe(200);

    const email = `linus@${domain}`;
    idp.accounts.set('linus', { email, givenName: 'Linus', familyName: 'T', groups: [] });
    const redirects = await startSignIn(email);
    expect(redirects.map((r) => r.organizationId).sort()).toEqual([first.organizationId, second.organizationId].sort());
    const viaFirst = redirects.find((r) => r.organizationId === first.organizationId);

    const landing = await signInAtIdp(new TestBrowser(), viaFirst?.redirectUrl ?? '', 'linus');
    expect(landing.pathname).toBe('/auth/ssoChooseLogin');
    const signedIn = await server.call<SignInItem>('ssoSignInWithPotentialSession', {
      entity: { ssoPotentialSessionId: landing.searchParams.get('ssoPotentialSessionId') },
    });
    const token = (signedIn.body.response.items[0] as SignInItem).token;
    expect((signedIn.body.response.items[0] as SignInItem).organization.id).toBe(first.organizationId);

    const list = await server.call<{ ssoPotentialSessions: { id: string; organizationId: string; displayOrgRole: string }[] }>('listSsoPotentialSessions', { token });
    const sessions = list.body.response.items[0]?.ssoPotentialSessions ?? [];
    expect(sessions).toHaveLength(2);
    const other = sessions.find((s) => s.organizationId === second.organizationId);
    expect(other?.displayOrgRole).toBe('viewer');

    const switched = await server.call<SignInItem>('ssoSwitchSession', { token, entity: { ssoPotentialSessionId: other?.id } });
    expect(switched.status).toBe(200);
    const newToken = (switched.body.response.items[0] as SignInItem).token;
    const me = await server.call<{ organization: { id: string }; orgRole: string }>('getCurrentUser', { token: newToken });
    expect(me.body.response.items[0]).toMatchObject({ organization: { id: second.organizationId }, orgRole: 'viewer' });
    // The switch revoked the previous token.
    expect((await server.call('getCurrentUser', { token })).status).toBe(401);

    // As a viewer the user reads the identity provider but may not change it.
    expect((await server.call('getIdentityProvider', { token: newToken })).status).toBe(200);
    expect((await configureOidc(newToken, domain)).status).toBe(403);

    // Someone else's potential session cannot be switched to.
    const stranger = await signUpOrganization(server, uniqueDomain('stranger'));
    const foreign = await server.call('ssoSwitchSession', { token: stranger.token, entity: { ssoPotentialSessionId: other?.id } });
    expect(foreign.status).toBe(404);
  });

  it('refuses a callback whose state it did not issue, or an IdP error, with a bad-login redirect', async () => {
    const forged = await fetch(`${server.apiUrl}/auth/sso/oidc/callback?code=abc&state=forged`, { redirect: 'manual' });
    await server.check('ssoOidcCallback', forged);
    expect(forged.status).toBe(303);
    const location = new URL(forged.headers.get('location') ?? '');
    expect(location.origin + location.pathname).toBe(`${server.publicUrl}/auth/ssoBadLogin`);
    expect(location.searchParams.get('reason')).toBe('invalidState');

    const domain = uniqueDomain('denied');
    const admin = await signUpOrganization(server, domain);
    await configureOidc(admin.token, domain);
    const [redirect] = await startSignIn(`ann@${domain}`);
    const state = new URL(redirect?.redirectUrl ?? '').searchParams.get('state') ?? '';
    const denied = await fetch(`${server.apiUrl}/auth/sso/oidc/callback?error=access_denied&state=${encodeURIComponent(state)}`, { redirect: 'manual' });
    await server.check('ssoOidcCallback', denied);
    expect(new URL(denied.headers.get('location') ?? '').searchParams.get('reason')).toBe('idpError');

    // The state was consumed by that answer: presenting it again is refused as well.
    const replay = await fetch(`${server.apiUrl}/auth/sso/oidc/callback?code=x&state=${encodeURIComponent(state)}`, { redirect: 'manual' });
    expect(new URL(replay.headers.get('location') ?? '').searchParams.get('reason')).toBe('invalidState');
  });

  it('refuses a user whose e-mail domain the organization does not serve', async () => {
    const domain = uniqueDomain('served');
    const admin = await signUpOrganization(server, domain);
    await configureOidc(admin.token, domain);
    idp.accounts.set('outsider', { email: `mallory@${uniqueDomain('elsewhere')}`, givenName: 'M', familyName: 'X', groups: [] });
    const [redirect] = await startSignIn(`someone@${domain}`);
    const landing = await signInAtIdp(new TestBrowser(), redirect?.redirectUrl ?? '', 'outsider');
    expect(landing.pathname).toBe('/auth/ssoBadLogin');
    expect(landing.searchParams.get('reason')).toBe('domainNotAllowed');
  });

  it("refuses password sign-in when the organization allows SAML SSO only, while SSO still signs in", async () => {
    const domain = uniqueDomain('ssoonly');
    const admin = await signUpOrganization(server, domain);
    await configureOidc(admin.token, domain);
    const settings = await server.call('putSignInSettings', { token: admin.token, entity: { requireSsoSignIn: true } });
    expect(settings.status).toBe(200);

    const password = await server.call('signIn', { entity: { email: admin.email, password: admin.password } });
    expect(password.status).toBe(403);
    expect(password.body.response.errors[0]?.message).toBe('This organization requires signing in with SSO');

    idp.accounts.set('admin-sso', { email: admin.email, givenName: 'Ada', familyName: 'Admin', groups: [] });
    const [redirect] = await startSignIn(admin.email);
    const landing = await signInAtIdp(new TestBrowser(), redirect?.redirectUrl ?? '', 'admin-sso');
    const signedIn = await server.call<SignInItem>('ssoSignInWithPotentialSession', {
      entity: { ssoPotentialSessionId: landing.searchParams.get('ssoPotentialSessionId') },
    });
    expect(signedIn.status).toBe(200);
    // The existing membership keeps its role.
    expect((signedIn.body.response.items[0] as SignInItem).user).toMatchObject({ orgRole: 'admin', userType: 'ssoUser' });
  });

  it('answers bad_request for an e-mail no identity provider serves', async () => {
    const response = await server.call('ssoSignInRequest', { entity: { email: `nobody@${uniqueDomain('none')}` } });
    expect(response.status).toBe(400);
    expect(response.body.response.errors[0]?.code).toBe('bad_request');
  });
});
