import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generateSigningKey, startTestSamlIdp, type TestSamlIdp } from './testing/test-saml-idp';
import { readForm, TestBrowser } from './testing/test-browser';
import { signUpOrganization, startSsoTestServer, uniqueDomain, type Envelope, type SsoTestServer } from './testing/sso-test-server';

let server: SsoTestServer;
let idp: TestSamlIdp;
let domain: string;
let admin: Awaited<ReturnType<typeof signUpOrganization>>;
const spEntityId = 'urn:terrace:test-sp';

beforeAll(async () => {
  server = await startSsoTestServer();
  domain = uniqueDomain('saml');
  idp = await startTestSamlIdp({ email: `alan@${domain}`, firstName: 'Alan', lastName: 'Turing', groups: ['research'] });
  admin = await signUpOrganization(server, domain, 'Bletchley');
  const configured = await server.call<{ saml: { acsUrl: string } }>('putIdentityProvider', {
    token: admin.token,
    entity: {
      type: 'saml',
      emailDomains: [domain],
      saml: { entryPointUrl: idp.entryPointUrl, idpCertificate: idp.key.certificate, spEntityId },
    },
  });
  expect(configured.status).toBe(200);
  expect(configured.body.response.items[0]?.saml.acsUrl).toBe(`${server.apiUrl}/auth/sso/saml/acs`);
});

afterAll(async () => {
  await idp?.close();
  await server?.close();
});

beforeEach(() => {
  idp.next = {};
});

/** Sign-in request (from the browser) → the IdP (which answers its auto-posting form) → the form as the browser would post it. */
async function responseFromIdp(browser: TestBrowser) {
  const request = await browser.request(`${server.apiUrl}/auth/sso/signInRequest`, { json: { entity: { email: idp.user.email } } });
  await server.check('ssoSignInRequest', request);
  expect(request.status).toBe(200);
  const [item] = ((await request.json()) as Envelope<{ redirectUrl: string; type: string }>).response.items;
  expect(item?.type).toBe('saml');
  const page = await browser.request(item?.redirectUrl ?? '');
  expect(page.status).toBe(200);
  return readForm(await page.text(), new URL(item?.redirectUrl ?? ''));
}

async function postToAcs(browser: TestBrowser, form: { action: URL; fields: Record<string, string> }): Promise<URL> {
  const response = await browser.request(form.action.href, { form: form.fields });
  await server.check('ssoSamlAcs', response);
  expect(response.status).toBe(303);
  return new URL(response.headers.get('location') ?? '');
}

describe('SAML single sign-on against a test identity provider on loopback', () => {
  it('accepts a valid signed response: potential session, sign-in, token works on /auth/me', async () => {
    const browser = new TestBrowser();
    const form = await responseFromIdp(browser);
    expect(form.action.href).toBe(`${server.apiUrl}/auth/sso/saml/acs`);
    const landing = await postToAcs(browser, form);
    expect(landing.origin + landing.pathname).toBe(`${server.publicUrl}/auth/ssoLogin`);

    const signedIn = await server.call<{ token: string; user: { orgRole: string } }>('ssoSignInWithPotentialSession', {
      entity: { ssoPotentialSessionId: landing.searchParams.get('ssoPotentialSessionId') },
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.response.items[0]?.user.orgRole).toBe('member');
    const me = await server.call('getCurrentUser', { token: signedIn.body.response.items[0]?.token ?? '' });
    expect(me.status).toBe(200);
    expect(me.body.response.items[0]).toMatchObject({ email: idp.user.email, userType: 'ssoUser', firstName: 'Alan', lastName: 'Turing' });
  });

  it('refuses a tampered response (the signed assertion edited after signing)', async () => {
    idp.next = { tamper: (xml) => xml.replace(`>${idp.user.email}<`, `>${admin.email}<`) };
    const browser = new TestBrowser();
    const form = await responseFromIdp(browser);
    const landing = await postToAcs(browser, form);
    expect(landing.pathname).toBe('/auth/ssoBadLogin');
    expect(landing.searchParams.get('reason')).toBe('invalidSignature');
  });

  it('refuses a response signed by another key', async () => {
    idp.next = { signWith: await generateSigningKey('impostor') };
    const browser = new TestBrowser();
    const landing = await postToAcs(browser, await responseFromIdp(browser));
    expect(landing.searchParams.get('reason')).toBe('invalidSignature');
  });

  it('refuses a response for another audience', async () => {
    idp.next = { audience: 'urn:someone-else' };
    const browser = new TestBrowser();
    const landing = await postToAcs(browser, await responseFromIdp(browser));
    expect(landing.searchParams.get('reason')).toBe('wrongAudience');
  });

  it('refuses a response addressed to another destination, or an assertion for another recipient', async () => {
    for (const next of [{ destination: 'https://elsewhere.example.com/acs' }, { recipient: 'https://elsewhere.example.com/acs' }]) {
      idp.next = next;
      const browser = new TestBrowser();
      const landing = await postToAcs(browser, await responseFromIdp(browser));
      expect(landing.searchParams.get('reason')).toBe('wrongDestination');
    }
  });

  it('refuses a replayed response, with its own RelayState or a fresh one', async () => {
    const browser = new TestBrowser();
    const form = await responseFromIdp(browser);
    const first = await postToAcs(browser, form);
    expect(first.pathname).toBe('/auth/ssoLogin');

    // The same post again: its login request is already consumed.
    const sameState = await postToAcs(new TestBrowser(), form);
    expect(sameState.searchParams.get('reason')).toBe('invalidState');

    // The captured response with the RelayState of a new sign-in request: the assertion id was seen.
    const freshBrowser = new TestBrowser();
    const fresh = await responseFromIdp(freshBrowser);
    const replayed = await postToAcs(freshBrowser, {
      action: fresh.action,
      fields: { SAMLResponse: form.fields['SAMLResponse'] ?? '', RelayState: fresh.fields['RelayState'] ?? '' },
    });
    expect(replayed.searchParams.get('reason')).toBe('replayedAssertion');
  });

  it('refuses a response to another request (InResponseTo) even when validly signed', async () => {
    const browser = new TestBrowser();
    const one = await responseFromIdp(browser);
    const two = await responseFromIdp(browser);
    // The response to request two, presented with request one's RelayState.
    const swapped = await postToAcs(browser, { action: one.action, fields: { SAMLResponse: two.fields['SAMLResponse'] ?? '', RelayState: one.fields['RelayState'] ?? '' } });
    expect(swapped.searchParams.get('reason')).toBe('wrongInResponseTo');
  });

  it('refuses a valid response posted from a browser that did not ask for it', async () => {
    const asking = new TestBrowser();
    const form = await responseFromIdp(asking);
    const elsewhere = await postToAcs(new TestBrowser(), form);
    expect(elsewhere.searchParams.get('reason')).toBe('wrongBrowser');

    const other = new TestBrowser();
    await responseFromIdp(other);
    const crossed = await postToAcs(other, await responseFromIdp(asking));
    expect(crossed.searchParams.get('reason')).toBe('wrongBrowser');
  });

  it("applies the organization's custom ABAC configuration to the SAML groups", async () => {
    const config = await server.call('createCustomAbacConfiguration', {
      token: admin.token,
      entity: { customAbacId: 'research', name: 'Research', roles: [{ orgId: admin.organizationId, orgRole: 'viewer' }] },
    });
    expect(config.status).toBe(200);
    const browser = new TestBrowser();
    const landing = await postToAcs(browser, await responseFromIdp(browser));
    const signedIn = await server.call<{ user: { orgRole: string } }>('ssoSignInWithPotentialSession', {
      entity: { ssoPotentialSessionId: landing.searchParams.get('ssoPotentialSessionId') },
    });
    // Alan is in the IdP group `research`: the mapping's role replaces the one he joined with.
    expect(signedIn.body.response.items[0]?.user.orgRole).toBe('viewer');
  });

  it("over https, the binding cookie is Secure, and SameSite=None so that it rides SAML's cross-site post", async () => {
    const behindHttps = await startSsoTestServer({ publicUrl: 'https://terrace.example.com' });
    try {
      const httpsDomain = uniqueDomain('https');
      const owner = await signUpOrganization(behindHttps, httpsDomain);
      const put = await behindHttps.call('putIdentityProvider', {
        token: owner.token,
        entity: { type: 'saml', emailDomains: [httpsDomain], saml: { entryPointUrl: idp.entryPointUrl, idpCertificate: idp.key.certificate, spEntityId } },
      });
      expect(put.status).toBe(200);
      const response = await fetch(`${behindHttps.localApiUrl}/auth/sso/signInRequest`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ entity: { email: `ada@${httpsDomain}` } }),
      });
      await behindHttps.check('ssoSignInRequest', response);
      expect(response.status).toBe(200);
      const [cookie] = response.headers.getSetCookie();
      expect(cookie).toMatch(/^terrace_sso_binding=[A-Za-z0-9_-]{43}; Path=\/api\/auth\/sso; Max-Age=600; HttpOnly; SameSite=None; Secure$/);
    } finally {
      await behindHttps.close();
    }
  });

  it('rejects a post without the form fields as a validation error', async () => {
    const response = await new TestBrowser().request(`${server.apiUrl}/auth/sso/saml/acs`, { form: { RelayState: 'x' } });
    await server.check('ssoSamlAcs', response);
    expect(response.status).toBe(400);
  });
});
