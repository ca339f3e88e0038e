import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteMembership, insertMembership } from '../accounts/accounts.repository';
import { readForm, TestBrowser } from './testing/test-browser';
import { startTestOidcProvider, type TestOidcProvider } from '@terrace/testing-idp';
import { signUpOrganization, startSsoTestServer, uniqueDomain, type Envelope, type SsoTestServer } from './testing/sso-test-server';

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

/** The sign-in request as the console makes it, from the browser that then goes to the IdP (it gets the binding cookie). */
async function startSignIn(browser: TestBrowser, email: string) {
  const response = await browser.request(`${server.apiUrl}/auth/sso/signInRequest`, { json: { entity: { email } } });
  await server.check('ssoSignInRequest', response);
  expect(response.status).toBe(200);
  return ((await response.json()) as Envelope<{ organizationId: string; type: string; redirectUrl: string }>).response.items;
}

describe('OIDC single sign-on against a real oidc-provider', () => {
  it('signs a new user in end to end: request, IdP sign-in, callback, potential session, token', async () => {
    const domain = uniqueDomain('oidc');
    const admin = await signUpOrganization(server, domain, 'Acme');
    const configured = await configureOidc(admin.token, domain);
    expect(configured.status).toBe(200);

    const email = `grace@${domain}`;
    idp.accounts.set('grace', { email, givenName: 'Grace', familyName: 'Hopper', groups: ['platform', 'sre'] });
    const browser = new TestBrowser();
    const [redirect] = await startSignIn(browser, email);
    expect(redirect?.organizationId).toBe(admin.organizationId);
    const authorize = new URL(redirect?.redirectUrl ?? '');
    expect(authorize.origin).toBe(idp.issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('nonce')).toBeTruthy();

    const landing = await signInAtIdp(browser, authorize.href, 'grace');
    expect(landing.pathname).toBe('/auth/ssoLogin');
    // The callback used up the browser binding.
    expect(browser.cookie(`${server.apiUrl}/auth/sso/oidc/callback`, 'terrace_sso_binding')).toBeUndefined();
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

  it('signs a potential session in once when it is used by parallel requests', async () => {
    const domain = uniqueDomain('oidc-race');
    const admin = await signUpOrganization(server, domain, 'Race');
    expect((await configureOidc(admin.token, domain)).status).toBe(200);
    const email = `ada@${domain}`;
    idp.accounts.set('ada', { email, givenName: 'Ada', familyName: 'L', groups: [] });
    const browser = new TestBrowser();
    const [redirect] = await startSignIn(browser, email);
    const landing = await signInAtIdp(browser, redirect?.redirectUrl ?? '', 'ada');
    const ssoPotentialSessionId = landing.searchParams.get('ssoPotentialSessionId');
    const answers = await Promise.all(Array.from({ length: 6 }, () => server.call('ssoSignInWithPotentialSession', { entity: { ssoPotentialSessionId } })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400, 400, 400, 400]);
  });

  it('gives a returning user a potential session per organization that uses the same IdP, and switches between them', async () => {
    const domain = uniqueDomain('multi');
    const first = await signUpOrganization(server, domain, 'First');
    const second = await signUpOrganization(server, domain, 'Second');
    expect((await configureOidc(first.token, domain)).status).toBe(200);
    expect((await configureOidc(second.token, domain, { defaultRole: 'viewer' })).status).toBe(200);

    const email = `linus@${domain}`;
    idp.accounts.set('linus', { email, givenName: 'Linus', familyName: 'T', groups: [] });
    const browser = new TestBrowser();
    const redirects = await startSignIn(browser, email);
    expect(redirects.map((r) => r.organizationId).sort()).toEqual([first.organizationId, second.organizationId].sort());
    const viaFirst = redirects.find((r) => r.organizationId === first.organizationId);

    const landing = await signInAtIdp(browser, viaFirst?.redirectUrl ?? '', 'linus');
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
    const browser = new TestBrowser();
    const [redirect] = await startSignIn(browser, `ann@${domain}`);
    const state = new URL(redirect?.redirectUrl ?? '').searchParams.get('state') ?? '';
    const denied = await browser.request(`${server.apiUrl}/auth/sso/oidc/callback?error=access_denied&state=${encodeURIComponent(state)}`);
    await server.check('ssoOidcCallback', denied);
    expect(new URL(denied.headers.get('location') ?? '').searchParams.get('reason')).toBe('idpError');

    // The state was consumed by that answer: presenting it again is refused as well.
    const replay = await fetch(`${server.apiUrl}/auth/sso/oidc/callback?code=x&state=${encodeURIComponent(state)}`, { redirect: 'manual' });
    expect(new URL(replay.headers.get('location') ?? '').searchParams.get('reason')).toBe('invalidState');
  });

  it('binds the sign-in to the browser that asked: a callback finished in another browser is refused', async () => {
    const domain = uniqueDomain('bound');
    const admin = await signUpOrganization(server, domain);
    await configureOidc(admin.token, domain);
    idp.accounts.set('bound', { email: `kay@${domain}`, givenName: 'Kay', familyName: 'B', groups: [] });

    const asking = new TestBrowser();
    const response = await asking.request(`${server.apiUrl}/auth/sso/signInRequest`, { json: { entity: { email: `kay@${domain}` } } });
    expect(response.status).toBe(200);
    const [setCookie] = response.headers.getSetCookie();
    expect(setCookie).toMatch(/^terrace_sso_binding=[A-Za-z0-9_-]{43}; /);
    expect(setCookie).toContain('; Path=/api/auth/sso;');
    expect(setCookie).toContain('; HttpOnly');
    expect(setCookie).toContain('; SameSite=Lax');
    expect(setCookie).toContain('; Max-Age=600');
    // Plain http on loopback: not Secure (it is when PUBLIC_URL is https).
    expect(setCookie).not.toContain('Secure');
    // The browser keeps its binding across sign-in requests (two tabs both finish).
    const binding = asking.cookie(`${server.apiUrl}/auth/sso/oidc/callback`, 'terrace_sso_binding');
    const [redirect] = await startSignIn(asking, `kay@${domain}`);
    expect(asking.cookie(`${server.apiUrl}/auth/sso/oidc/callback`, 'terrace_sso_binding')).toBe(binding);

    // The IdP's answer to that request, finished in a browser without the cookie (a victim the
    // attacker pushes it to), or in one that holds the cookie of its own sign-in request.
    const bare = await signInAtIdp(new TestBrowser(), redirect?.redirectUrl ?? '', 'bound');
    expect(bare.pathname).toBe('/auth/ssoBadLogin');
    expect(bare.searchParams.get('reason')).toBe('wrongBrowser');
    const other = new TestBrowser();
    const [ownRedirect] = await startSignIn(other, `kay@${domain}`);
    const [secondRedirect] = await startSignIn(asking, `kay@${domain}`);
    const crossed = await signInAtIdp(other, secondRedirect?.redirectUrl ?? '', 'bound');
    expect(crossed.searchParams.get('reason')).toBe('wrongBrowser');

    // The browser's own request still signs in.
    const own = await signInAtIdp(other, ownRedirect?.redirectUrl ?? '', 'bound');
    expect(own.pathname).toBe('/auth/ssoLogin');
  });

  it('refuses a user whose e-mail domain the organization does not serve', async () => {
    const domain = uniqueDomain('served');
    const admin = await signUpOrganization(server, domain);
    await configureOidc(admin.token, domain);
    idp.accounts.set('outsider', { email: `mallory@${uniqueDomain('elsewhere')}`, givenName: 'M', familyName: 'X', groups: [] });
    const browser = new TestBrowser();
    const [redirect] = await startSignIn(browser, `someone@${domain}`);
    const landing = await signInAtIdp(browser, redirect?.redirectUrl ?? '', 'outsider');
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
    const browser = new TestBrowser();
    const [redirect] = await startSignIn(browser, admin.email);
    const landing = await signInAtIdp(browser, redirect?.redirectUrl ?? '', 'admin-sso');
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

describe('custom ABAC configurations applied at OIDC sign-in', () => {
  const create = async (token: string, operationId: string, entity: unknown) => {
    const response = await server.call<{ id: string }>(operationId, { token, entity });
    expect(response.status, JSON.stringify(response.body.response.errors)).toBe(200);
    return response.body.response.items[0] as { id: string };
  };

  /** Signs `login` in through the IdP from a fresh browser and answers the session item and the potential sessions. */
  async function ssoSignIn(email: string, login: string, organizationId: string) {
    const browser = new TestBrowser();
    const redirect = (await startSignIn(browser, email)).find((r) => r.organizationId === organizationId);
    const landing = await signInAtIdp(browser, redirect?.redirectUrl ?? '', login);
    expect(['/auth/ssoLogin', '/auth/ssoChooseLogin'], landing.href).toContain(landing.pathname);
    const signedIn = await server.call<SignInItem>('ssoSignInWithPotentialSession', {
      entity: { ssoPotentialSessionId: landing.searchParams.get('ssoPotentialSessionId') },
    });
    expect(signedIn.status).toBe(200);
    const item = signedIn.body.response.items[0] as SignInItem;
    const list = await server.call<{ ssoPotentialSessions: { organizationId: string; displayOrgRole: string; teams: { id: string }[] }[] }>(
      'listSsoPotentialSessions',
      { token: item.token },
    );
    return { item, sessions: list.body.response.items[0]?.ssoPotentialSessions ?? [] };
  }

  it('gives the highest role the matching groups grant, their teams, and follows the groups at each sign-in (audited)', async () => {
    const domain = uniqueDomain('abac');
    const admin = await signUpOrganization(server, domain, 'Abac');
    expect((await configureOidc(admin.token, domain)).status).toBe(200);
    const platform = await create(admin.token, 'createTeam', { name: 'Platform' });
    const byIdp = await create(admin.token, 'createTeam', { name: 'SRE by IdP id', customIdpId: 'sre' });
    await create(admin.token, 'createCustomAbacConfiguration', {
      customAbacId: 'platform',
      name: 'Platform engineers',
      roles: [{ orgId: admin.organizationId, orgRole: 'viewer', teamIds: [platform.id] }],
    });
    await create(admin.token, 'createCustomAbacConfiguration', { customAbacId: 'sre', name: 'SRE', roles: [{ orgId: admin.organizationId, orgRole: 'admin' }] });
    await create(admin.token, 'createCustomAbacConfiguration', { customAbacId: 'deployers', name: 'Deployers', roles: [{ orgId: admin.organizationId, orgRole: 'deployer' }] });

    const email = `mary@${domain}`;
    idp.accounts.set('mary', { email, givenName: 'Mary', familyName: 'K', groups: ['platform', 'sre', 'elsewhere'] });
    const first = await ssoSignIn(email, 'mary', admin.organizationId);
    // admin (sre) beats viewer (platform); a new member does not get the default role (member).
    expect(first.item.user.orgRole).toBe('admin');
    expect(first.sessions[0]?.teams.map((t) => t.id).sort()).toEqual([platform.id, byIdp.id].sort());
    const teamsOfMary = async () => {
      const listed = await server.call<{ teamId: string; email: string }>('listTeamUsers', { token: admin.token });
      return listed.body.response.items.filter((m) => m.email === email).map((m) => m.teamId).sort();
    };
    // She is a member of both teams, so their namespace permissions apply to her.
    expect(await teamsOfMary()).toEqual([platform.id, byIdp.id].sort());

    // The groups changed at the IdP: the next sign-in lowers the role.
    idp.accounts.set('mary', { email, givenName: 'Mary', familyName: 'K', groups: ['deployers', 'platform'] });
    const second = await ssoSignIn(email, 'mary', admin.organizationId);
    expect(second.item.user.orgRole).toBe('viewer');
    // The IdP no longer asserts 'sre': she leaves the team mapped to it, keeps the ABAC-named one.
    expect(await teamsOfMary()).toEqual([platform.id]);
    const me = await server.call<{ orgRole: string }>('getCurrentUser', { token: second.item.token });
    expect(me.body.response.items[0]?.orgRole).toBe('viewer');

    // No matching group: the membership keeps its role.
    idp.accounts.set('mary', { email, givenName: 'Mary', familyName: 'K', groups: [] });
    const third = await ssoSignIn(email, 'mary', admin.organizationId);
    expect(third.item.user.orgRole).toBe('viewer');
    expect(third.sessions[0]?.teams).toEqual([]);
    // Teams without a custom IdP id are managed by hand: sign-in never removes anyone from them.
    expect(await teamsOfMary()).toEqual([platform.id]);

    // Joining and the role change are in the audit log, initiated by the SSO user.
    const audit = await server.call<{ entityType: string; entityId: string; action: string; initiator: { userType: string } }>('listAuditEvents', {
      token: admin.token,
      query: { daysBack: '7' },
    });
    const userId = (await server.call<{ id: string }>('getCurrentUser', { token: third.item.token })).body.response.items[0]?.id;
    const changes = audit.body.response.items.filter((e) => e.entityType === 'user' && e.entityId === userId && e.action !== 'signIn');
    expect(changes.map((e) => e.action).sort()).toEqual(['create', 'update']);
    expect(changes.every((e) => e.initiator.userType === 'ssoUser')).toBe(true);
    const teamChanges = audit.body.response.items.filter((e) => e.entityType === 'team' && e.entityId.endsWith(`/${userId}`));
    // Joined platform and SRE, then left SRE.
    expect(teamChanges.map((e) => e.entityId).sort()).toEqual([`${byIdp.id}/${userId}`, `${byIdp.id}/${userId}`, `${platform.id}/${userId}`].sort());
  });

  it("never lets one organization's configuration grant a role in another: only the other organization's own configuration counts", async () => {
    const domain = uniqueDomain('attack');
    const mallory = await signUpOrganization(server, domain, 'Attacker');
    const target = await signUpOrganization(server, domain, 'Target');
    const outsider = await signUpOrganization(server, uniqueDomain('outsider'), 'Outsider');
    // Both trust the same IdP for the domain; the target lets its domain in as viewers.
    expect((await configureOidc(mallory.token, domain)).status).toBe(200);
    expect((await configureOidc(target.token, domain, { defaultRole: 'viewer' })).status).toBe(200);

    // Mallory administered the target when she wrote the mapping (the write-time check passes)…
    const malloryId = (await server.call<{ id: string }>('getCurrentUser', { token: mallory.token })).body.response.items[0]?.id ?? '';
    await insertMembership(server.database.db, { organizationId: target.organizationId, userId: malloryId, role: 'admin' });
    await insertMembership(server.database.db, { organizationId: outsider.organizationId, userId: malloryId, role: 'admin' });
    await create(mallory.token, 'createCustomAbacConfiguration', {
      customAbacId: 'staff',
      name: 'Everyone is admin everywhere',
      roles: [
        { orgId: mallory.organizationId, orgRole: 'admin' },
        { orgId: target.organizationId, orgRole: 'admin' },
        { orgId: outsider.organizationId, orgRole: 'admin' },
      ],
    });
    // …and was then removed from both organizations.
    await deleteMembership(server.database.db, target.organizationId, malloryId);
    await deleteMembership(server.database.db, outsider.organizationId, malloryId);

    idp.accounts.set('mallory', { email: mallory.email, givenName: 'Mal', familyName: 'Lory', groups: ['staff'] });
    const attempt = await ssoSignIn(mallory.email, 'mallory', mallory.organizationId);
    expect(attempt.item.user.orgRole).toBe('admin');
    const inTarget = attempt.sessions.find((s) => s.organizationId === target.organizationId);
    // The target trusts the IdP, so its default role applies, never the admin Mallory wrote.
    expect(inTarget?.displayOrgRole).toBe('viewer');
    // The outsider does not trust this IdP: no session there at all.
    expect(attempt.sessions.map((s) => s.organizationId)).not.toContain(outsider.organizationId);
    const outsiderUsers = await server.call<{ email: string }>('listOrganizationUsers', { token: outsider.token });
    expect(outsiderUsers.body.response.items.map((u) => u.email)).not.toContain(mallory.email);

    // Once the target's own admins map the group, that grant applies in the target.
    await create(target.token, 'createCustomAbacConfiguration', { customAbacId: 'staff', name: 'Staff', roles: [{ orgId: target.organizationId, orgRole: 'member' }] });
    const granted = await ssoSignIn(mallory.email, 'mallory', mallory.organizationId);
    expect(granted.sessions.find((s) => s.organizationId === target.organizationId)?.displayOrgRole).toBe('member');
  });
});
