import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, get as httpGet, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpOrganization, type SignedUp } from '../../testing/factories';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { terraformLoginCodes } from './terraform-login.schema';

// `terraform login` (login.v1) end to end against the real server: discovery, the console page's
// approval, the browser's redirect to a real loopback listener (as the CLI opens one on a port of
// 10000-10010), the token request as golang.org/x/oauth2 sends it, and the token at work.

let api: TestApi;
let base: string;
let dist: string;
let admin: SignedUp;

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'console-dist-'));
  await writeFile(join(dist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  api = await createTestApi({ http: { consoleDist: dist } });
  await api.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(api.app.server.address() as AddressInfo).port}`;
  admin = await signUpOrganization(api, 'login');
});
afterAll(async () => {
  await api.close();
  await rm(dist, { recursive: true, force: true });
});

/** The CLI's loopback listener: the first free port of the range on 127.0.0.1, as Terraform does. */
async function loopbackListener(): Promise<{ server: Server; port: number; callback: Promise<URLSearchParams> }> {
  let deliver: (query: URLSearchParams) => void = () => undefined;
  const callback = new Promise<URLSearchParams>((resolve) => (deliver = resolve));
  const server = createServer((request, response) => {
    const query = new URL(request.url ?? '/', 'http://localhost').searchParams;
    if (!query.get('state')) return response.end();
    response.writeHead(200, { 'content-type': 'text/html' }).end('<p>The login server has returned an authentication code to Terraform.</p>');
    deliver(query);
  });
  for (let port = 10000; port <= 10010; port++) {
    const bound = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (bound) return { server, port, callback };
  }
  throw new Error('No free port in 10000-10010');
}

/** What the browser does with the redirect: a GET on the loopback address (localhost, over IPv4). */
function browserOpens(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    httpGet(url, { family: 4 }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    }).on('error', reject);
  });
}

/** The PKCE pair the CLI makes (RFC 7636 S256). */
function pkce() {
  const verifier = randomBytes(32).toString('base64url') + '.123456789';
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The token request exactly as x/oauth2 posts it (AuthStyleInParams): a form, client_id in it. */
async function tokenRequest(tokenUrl: string, fields: Record<string, string>) {
  const res = await fetch(new URL(tokenUrl, base), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost', 'user-agent': 'Go-http-client/1.1' },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}

async function approve(token: string, redirectUri: string, challenge: string, extra: Record<string, unknown> = {}) {
  return api.call<{ redirectUrl: string }>('authorizeTerraformLogin', {
    token,
    entity: { clientId: 'terraform-cli', redirectUri, state: randomUUID(), codeChallenge: challenge, codeChallengeMethod: 'S256', ...extra },
  });
}

async function codeFor(redirectUri: string, challenge: string) {
  const res = await approve(admin.token, redirectUri, challenge);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return new URL(res.body.response.items[0]?.redirectUrl as string).searchParams.get('code') as string;
}

describe('terraform login (login.v1)', () => {
  it('signs the CLI in: discovery, the console page, the redirect to the loopback listener, the token exchange', async () => {
    // terraform login <host>: discovery, over the host root, as JSON.
    const discovery = await fetch(`${base}/.well-known/terraform.json`);
    expect(discovery.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const login = ((await discovery.json()) as { 'login.v1': { client: string; authz: string; token: string; ports: number[] } })['login.v1'];
    expect(login).toMatchObject({ client: 'terraform-cli', ports: [10000, 10010] });

    const listener = await loopbackListener();
    try {
      const { verifier, challenge } = pkce();
      const state = randomUUID();
      const redirectUri = `http://localhost:${listener.port}/login`;
      // The CLI opens the browser at the console page with the OAuth query; the server answers the page.
      const authz = new URL(login.authz, base);
      for (const [k, v] of Object.entries({ response_type: 'code', client_id: login.client, redirect_uri: redirectUri, state, code_challenge: challenge, code_challenge_method: 'S256' })) {
        authz.searchParams.set(k, v);
      }
      const page = await fetch(authz);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);

      // The signed-in user approves on the page: it asks for the code and sends the browser on.
      const approved = await approve(admin.token, redirectUri, challenge, { state, tokenName: 'laptop', expiresInDays: 30 });
      expect(approved.status, JSON.stringify(approved.body)).toBe(200);
      const redirectUrl = approved.body.response.items[0]?.redirectUrl as string;
      expect(redirectUrl.startsWith(`${redirectUri}?`)).toBe(true);
      expect(await browserOpens(redirectUrl)).toBe(200);
      const query = await listener.callback;
      expect(query.get('state')).toBe(state);
      const code = query.get('code') as string;

      // The CLI exchanges the code with its verifier.
      const exchanged = await tokenRequest(login.token, { grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier, client_id: login.client });
      expect(exchanged.status, JSON.stringify(exchanged.body)).toBe(200);
      expect(exchanged.headers.get('cache-control')).toBe('no-store');
      expect(exchanged.headers.get('content-type')).toMatch(/^application\/json/);
      expect(exchanged.body).toEqual({ access_token: expect.stringMatching(/^tpa_/), token_type: 'bearer' });
      const accessToken = exchanged.body['access_token'] as string;

      // The token is a personal access token of that user: the API and the state backend take it.
      expect((await api.call('listNamespaces', { token: accessToken })).status).toBe(200);
      const tokens = await api.call<{ name: string; expiresAt: string | null }>('listPersonalAccessTokens', { token: admin.token });
      expect(tokens.body.response.items).toEqual([expect.objectContaining({ name: 'laptop', expiresAt: expect.any(String) })]);

      // The code served once.
      const replay = await tokenRequest(login.token, { grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier, client_id: login.client });
      expect(replay.status).toBe(400);
      expect(replay.body).toMatchObject({ response: { errors: [{ code: 'bad_request' }] } });
    } finally {
      listener.server.close();
    }
  });

  it('names the token after the date when the page gives no name, and takes the form without client_id', async () => {
    const { verifier, challenge } = pkce();
    const redirectUri = 'http://127.0.0.1:10003/login';
    const code = await codeFor(redirectUri, challenge);
    const exchanged = await tokenRequest('/api/oauth/token', { grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier });
    expect(exchanged.status).toBe(200);
    const tokens = await api.call<{ name: string; expiresAt: string | null }>('listPersonalAccessTokens', { token: admin.token });
    expect(tokens.body.response.items).toContainEqual(expect.objectContaining({ name: `terraform login ${new Date().toISOString().slice(0, 10)}`, expiresAt: null }));
  });

  it('sends codes only to Terraform’s loopback listener, and lets only a signed-in person approve', async () => {
    const { challenge } = pkce();
    for (const redirectUri of ['https://localhost:10000/login', 'http://evil.example:10000/login', 'http://localhost:9999/login', 'http://localhost:10011/login', 'http://user:pw@localhost:10000/login', 'not a url']) {
      const res = await approve(admin.token, redirectUri, challenge);
      expect(res.status, redirectUri).toBe(400);
    }
    expect((await approve(admin.token, 'http://[::1]:10010/cb', challenge)).status).toBe(200);
    expect((await approve(admin.token, 'http://localhost:10000/login', 'too-short')).status).toBe(400);
    // A personal access token cannot approve the making of another one.
    const made = await api.call<{ token: string }>('createPersonalAccessToken', { token: admin.token, entity: { name: 'ci' } });
    const pat = made.body.response.items[0]?.token as string;
    expect((await approve(pat, 'http://localhost:10000/login', challenge)).status).toBe(403);
    expect((await approve('', 'http://localhost:10000/login', challenge)).status).toBe(401);
  });

  it('refuses a wrong verifier (and burns the code), another redirect URI and an expired code', async () => {
    const redirectUri = 'http://localhost:10001/login';
    const { verifier, challenge } = pkce();
    const code = await codeFor(redirectUri, challenge);
    const exchange = (fields: Partial<Record<string, string>>) =>
      tokenRequest('/api/oauth/token', { grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier, client_id: 'terraform-cli', ...fields } as Record<string, string>);
    expect((await exchange({ code_verifier: pkce().verifier })).status).toBe(400);
    expect((await exchange({})).status).toBe(400);

    const second = await codeFor(redirectUri, challenge);
    expect((await exchange({ code: second, redirect_uri: 'http://localhost:10002/login' })).status).toBe(400);

    const third = await codeFor(redirectUri, challenge);
    await api.database.db.update(terraformLoginCodes).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(terraformLoginCodes.userId, admin.userId));
    expect((await exchange({ code: third })).status).toBe(400);
    expect((await exchange({ grant_type: 'password' })).status).toBe(400);
    expect((await exchange({ code: 'x'.repeat(300) })).status).toBe(400);
  });

  it('exchanges a code once when the CLI’s requests race', async () => {
    const redirectUri = 'http://localhost:10004/login';
    const { verifier, challenge } = pkce();
    const code = await codeFor(redirectUri, challenge);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => tokenRequest('/api/oauth/token', { grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400, 400, 400, 400]);
  });
});
