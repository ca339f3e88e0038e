import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions, redactUrl } from '../logger';
import { openApiDocument, operations } from '../testing/contract';
import { signUpOrganization, testPassword } from '../testing/factories';
import { createTestApi, type TestApi } from '../testing/test-api';
import helmet from '@fastify/helmet';
import { guardUndeclaredRoutes, helmetOptions } from './create-http-app';
import { publicOperation, single, type OperationRegistry } from './operation-registry';
import { checkRegistry } from './register-operations';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

describe('the envelope and the edge', () => {
  it('answers unknown API routes with 404 in the envelope', async () => {
    const res = await api.app.inject({ method: 'GET', url: '/api/nothing/here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ request: { id: expect.any(String) }, response: { items: [], errors: [{ code: 'not_found' }] } });
  });

  it('keeps a well-formed x-request-id and echoes it; makes one otherwise', async () => {
    const kept = await api.app.inject({ method: 'GET', url: '/api/org', headers: { 'x-request-id': 'abc-123' } });
    expect(kept.headers['x-request-id']).toBe('abc-123');
    expect(kept.json().request.id).toBe('abc-123');
    const made = await api.app.inject({ method: 'GET', url: '/api/org', headers: { 'x-request-id': 'bad id with spaces' } });
    expect(made.headers['x-request-id']).toMatch(/^req-[0-9a-f]{24}$/);
  });

  it('answers 401 without a token or with an unknown one', async () => {
    for (const headers of [{}, { authorization: 'Bearer tsn_unknown' }, { authorization: 'Basic abc' }]) {
      const res = await api.app.inject({ method: 'GET', url: '/api/namespace', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json().response.errors[0].code).toBe('unauthorized');
    }
  });

  it('sets the helmet security headers', async () => {
    const res = await api.app.inject({ method: 'GET', url: '/api/org' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('sends on every answer exactly the headers @fastify/helmet sends for the same options', async () => {
    // The server computes them once; here the plugin itself answers a request.
    const bare = Fastify({ logger: false });
    await bare.register(helmet, helmetOptions);
    bare.get('/', async () => ({}));
    const own = new Set(['content-type', 'content-length', 'date', 'connection']);
    const expected = Object.entries((await bare.inject({ method: 'GET', url: '/' })).headers).filter(([name]) => !own.has(name));
    await bare.close();
    expect(expected.length).toBeGreaterThan(5);
    const session = await signUpOrganization(api);
    const answers = [
      await api.app.inject({ method: 'GET', url: '/api/org' }),
      await api.app.inject({ method: 'GET', url: '/api/org', headers: { authorization: `Bearer ${session.token}` } }),
      await api.app.inject({ method: 'GET', url: '/api/nothing/here' }),
      await api.app.inject({ method: 'POST', url: '/api/auth/signIn', headers: { 'content-type': 'application/json' }, payload: '{' }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([401, 200, 404, 400]);
    for (const answer of answers) {
      for (const [name, value] of expected) expect(answer.headers[name], `${name} on a ${answer.statusCode}`).toBe(value);
    }
  });

  it('answers malformed JSON with 400 and an oversized body with 413, in the envelope', async () => {
    const malformed = await api.app.inject({
      method: 'POST',
      url: '/api/auth/signIn',
      headers: { 'content-type': 'application/json' },
      payload: '{"entity": {',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().response.errors[0]).toMatchObject({ code: 'bad_request', message: expect.stringContaining('JSON') });
    const huge = await api.app.inject({
      method: 'POST',
      url: '/api/auth/signIn',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ entity: { email: 'a@b.co', password: 'x'.repeat(1024 * 1024 + 10) } }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().response.errors[0].code).toBe('payload_too_large');
  });

  it('rate-limits the operations marked x-rate-limited', async () => {
    const limited = await createTestApi({ http: { rateLimit: { max: 2, windowMs: 60_000 } } });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++) {
        const res = await limited.call('signIn', { entity: { email: 'nobody@example.test', password: 'whatever1' } });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([400, 400, 429]);
      // Operations without the mark are not limited.
      for (let i = 0; i < 3; i++) expect((await limited.call('getOrganization')).status).toBe(401);
    } finally {
      await limited.close();
    }
  });
});

describe('the description drives the routes', () => {
  it('answers 501 for an operation without a handler', async () => {
    const partial = await createTestApi({
      registry: (registry) => Object.fromEntries(Object.entries(registry).filter(([id]) => id !== 'getNamespace')),
    });
    try {
      const org = await signUpOrganization(partial, 'partial');
      const res = await partial.app.inject({
        method: 'GET',
        url: '/api/namespace/ns-abcdef',
        headers: { authorization: `Bearer ${org.token}` },
      });
      expect(res.statusCode).toBe(501);
      expect(res.json().response.errors[0]).toMatchObject({ code: 'internal_error', message: expect.stringContaining('not implemented') });
    } finally {
      await partial.close();
    }
  });

  it('refuses to start with a handler that has no operation, or the wrong security', () => {
    // The type check already refuses both (see contract-types.test.ts); this is the start-up's own check.
    const unknownId = { noSuchOperation: publicOperation(async () => single({})) } as unknown as OperationRegistry;
    expect(() => checkRegistry(operations, unknownId)).toThrow(/noSuchOperation.*no operation/);
    const wrongSecurity = { getNamespace: publicOperation(async () => single({})) } as unknown as OperationRegistry;
    expect(() => checkRegistry(operations, wrongSecurity)).toThrow(/x-security: user/);
  });

  it('refuses a route under the API prefix that is not in the description', async () => {
    const app = Fastify();
    guardUndeclaredRoutes(app, '/api');
    app.get('/health', async () => 'ok');
    expect(() => app.get('/api/sneaky', async () => 'no')).toThrow(/not an operation/);
    await app.close();
  });

  it('declares security and a permission on every operation', () => {
    for (const op of operations) {
      expect(['public', 'user', 'runner', 'state'], op.operationId).toContain(op.security);
      expect(op.permission, op.operationId).toBeTruthy();
    }
    expect(Object.keys(openApiDocument.paths).length).toBeGreaterThan(10);
  });
});

describe('logs', () => {
  it('redacts authorization headers, passwords and tokens', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logger = pino(loggerOptions('trace'), sink);
    const logged = await createTestApi({ http: { logger } });
    try {
      const org = await signUpOrganization(logged, 'logs');
      await logged.call('getOrganization', { token: org.token });
      logger.info({ entity: { password: testPassword, token: org.token } }, 'an object carrying secrets');
      logger.info({ req: { headers: { authorization: `Bearer ${org.token}` } } }, 'a request');
      await logged.app.inject({ method: 'POST', url: `/auth/azureMarketplace/registration?token=${org.token}&other=kept` });
      const text = lines.join('');
      expect(text, 'request lines are logged').toContain('azureMarketplace/registration?token=[redacted]&other=kept');
      expect(text).toContain('[redacted]');
      expect(text).not.toContain(org.token);
      expect(text).not.toContain(testPassword);
    } finally {
      await logged.close();
    }
  });
});

describe('redactUrl', () => {
  it.each([
    ['/auth/x?token=abc', '/auth/x?token=[redacted]'],
    ['/cb?code=c1&state=s1&iss=https%3A%2F%2Fidp', '/cb?code=[redacted]&state=[redacted]&iss=https%3A%2F%2Fidp'],
    ['/cb?SAMLResponse=PHN', '/cb?SAMLResponse=[redacted]'],
    ['/namespace?namespaceName=a', '/namespace?namespaceName=a'],
    ['/namespace', '/namespace'],
  ])('logs %s as %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});

describe('the console', () => {
  it('serves the built console with SPA fallback, and keeps /api answering in the envelope', async () => {
    const dist = await mkdtemp(join(tmpdir(), 'console-dist-'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>console</title>');
    await writeFile(join(dist, 'app.js'), 'console.log(1)');
    const withConsole = await createTestApi({ http: { consoleDist: dist } });
    try {
      const deep = await withConsole.app.inject({ method: 'GET', url: '/app/namespaces' });
      expect(deep.statusCode).toBe(200);
      expect(deep.body).toContain('<title>console</title>');
      expect((await withConsole.app.inject({ method: 'GET', url: '/app.js' })).body).toBe('console.log(1)');
      const apiMiss = await withConsole.app.inject({ method: 'GET', url: '/api/unknown' });
      expect(apiMiss.statusCode).toBe(404);
      expect(apiMiss.json().response.errors[0].code).toBe('not_found');
    } finally {
      await withConsole.close();
      await rm(dist, { recursive: true, force: true });
    }
  });

  it('serves the API reference page built from the description at /api-reference', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'api-reference-'));
    const file = join(dir, 'api-reference.html');
    await writeFile(file, '<!doctype html><title>Terrace API</title><script>render()</script>');
    const withReference = await createTestApi({ http: { apiReferenceFile: file } });
    try {
      const res = await withReference.app.inject({ method: 'GET', url: '/api-reference' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<title>Terrace API</title>');
      expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    } finally {
      await withReference.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('says the console is not built when it is not', async () => {
    const missing = await createTestApi({ http: { consoleDist: '/nonexistent/console' } });
    try {
      const res = await missing.app.inject({ method: 'GET', url: '/' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('console is not built');
    } finally {
      await missing.close();
    }
  });
});
