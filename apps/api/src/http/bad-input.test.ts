import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../modules/audit/audit.schema';
import { users } from '../modules/accounts/accounts.schema';
import { assertMatchesContract, openApiDocument, operations } from '../testing/contract';
import { createNamespace, signUpOrganization, type SignedUp } from '../testing/factories';
import { sampleEntities } from '../testing/sample-entities';
import { createTestApi, type TestApi } from '../testing/test-api';
import { toRoutePath, type OperationSpec } from './openapi-document';

// Bad input over every implemented operation: malformed JSON, wrong types, oversized bodies,
// unknown fields, SQL and script payloads in every string field, deeply nested JSON, integers
// beyond any column, lone surrogates, empty entities, malformed percent-encoding, over-long path
// parameters, other media types, a JSON content type without a body. Expected: a 4xx in the
// envelope with a message and a request id (never a 5xx, never Fastify's own body), and nothing
// stored for a rejected request. Payloads that are
// legitimate strings (a namespace may be called "<script>") may be accepted: then they must come
// back byte for byte, stored as data.

const hostile = [
  "'; DROP TABLE namespaces; --",
  "' OR '1'='1",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '${jndi:ldap://x}',
  '../../../../etc/passwd',
];

let api: TestApi;
let admin: SignedUp;
let namespaceId: string;
let registryIds = new Set<string>();

// Operations whose body is the `{ entity }` envelope; the SAML HTTP-POST binding posts a form
// instead and is covered by the SSO module's own tests.
const implemented = () =>
  operations.filter(
    (op) =>
      registryIds.has(op.operationId) &&
      (!op.requestBodySchema || Boolean((op.requestBodySchema['properties'] as Record<string, unknown> | undefined)?.['entity'])),
  );
const consumesSession = new Set(['signOut', 'tradeSession']);

beforeAll(async () => {
  api = await createTestApi({
    registry: (registry) => {
      registryIds = new Set(Object.keys(registry));
      return registry;
    },
  });
  admin = await signUpOrganization(api, 'bad-input');
  namespaceId = (await createNamespace(api, admin.token)).id;
});
afterAll(() => api.close());

/**
 * The operation's URL with a real namespace id and, for every other path id, a well-formed id
 * of its prefix (`cac-000…`), so that bad input is judged on the body, not on the path.
 */
function urlOf(op: OperationSpec): string {
  let url = toRoutePath(op.path).replace(':namespaceId', namespaceId);
  for (const parameter of op.parameters.filter((p) => p.in === 'path' && p.name !== 'namespaceId')) {
    const pattern = (parameter.schema as { pattern?: string } | undefined)?.pattern ?? '';
    const prefix = /^\^([a-z]+-)/.exec(pattern)?.[1] ?? '';
    url = url.replace(`:${parameter.name}`, `${prefix}${'0'.repeat(20)}`);
  }
  return `/api${url}`;
}

async function raw(method: string, url: string, payload?: string, token: string = admin.token, contentType = 'application/json') {
  const res = await api.app.inject({
    method: method.toUpperCase() as 'GET',
    url,
    headers: { authorization: `Bearer ${token}`, ...(payload !== undefined ? { 'content-type': contentType } : {}) },
    ...(payload !== undefined ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.json() as { response: { items: unknown[]; errors: { code: string; message: string }[] } } };
}

/**
 * A 4xx whose body is the error envelope of the description (a request id, no items, a catalogue
 * code with a message), at a status the operation declares.
 */
function expectEnvelope4xx(op: OperationSpec, where: string, res: { status: number; body: unknown }) {
  expect(res.status, `${where}: ${JSON.stringify(res.body)}`).toBeGreaterThanOrEqual(400);
  expect(res.status, `${where}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
  expect(() => assertMatchesContract(op, res.status, res.body), where).not.toThrow();
  expect((res.body as { request: { id: string } }).request.id, where).toMatch(/\S/);
}

/** The operation's integer query parameters (components resolved). */
function integerQueryParameters(op: OperationSpec): string[] {
  const resolve = (schema: unknown): Record<string, unknown> => {
    const ref = (schema as { $ref?: string } | undefined)?.$ref;
    if (!ref) return (schema ?? {}) as Record<string, unknown>;
    const name = ref.split('/').pop() as string;
    return resolve(openApiDocument.components['schemas']?.[name]);
  };
  return op.parameters.filter((p) => p.in === 'query' && resolve(p.schema)['type'] === 'integer').map((p) => p.name);
}

/** 10,000 nested arrays (20 KB) and 5,000 nested objects as the entity. */
const deeplyNested = [
  `{"entity":${'['.repeat(10_000)}${']'.repeat(10_000)}}`,
  `{"entity":${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}}`,
];

function expectRejected(where: string, res: { status: number; body: { response: { errors: { code: string; message: string }[] } } }) {
  expect(res.status, where).toBeGreaterThanOrEqual(400);
  expect(res.status, where).toBeLessThan(500);
  expect(res.body.response.errors[0]?.message, where).toBeTruthy();
}

/** Every string leaf of a value, as a path of keys and indexes. */
function stringPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringPaths(v, [...path, i]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => stringPaths(v, [...path, k]));
  return [];
}

function withValue(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head] = withValue(copy[head], rest, replacement);
  return copy;
}

const wrongTypeOf = (value: unknown): unknown =>
  typeof value === 'string' ? 12345 : typeof value === 'number' ? 'NaN' : typeof value === 'boolean' ? 'yes' : 'not-an-object';

async function auditCount(): Promise<number> {
  const [row] = await api.database.db.select({ n: count() }).from(auditEvents).where(eq(auditEvents.organizationId, admin.organizationId));
  return row?.n ?? 0;
}

describe('bad input', () => {
  it('rejects malformed bodies, wrong types, unknown fields and oversized bodies on every operation with a body', async () => {
    const before = await auditCount();
    const rejectedEmails: string[] = [];
    for (const op of implemented().filter((o) => o.requestBodySchema)) {
      const sample = sampleEntities[op.operationId];
      expect(sample, `${op.operationId} needs a sample entity`).toBeDefined();
      const entity = (sample as () => Record<string, unknown>)();
      if (typeof entity['organizationName'] === 'string') rejectedEmails.push(entity['email'] as string);
      const url = urlOf(op) + (consumesSession.has(op.operationId) ? '' : '');
      const send = (payload: string) => raw(op.method, url, payload);
      const where = (what: string) => `${op.operationId}: ${what}`;

      expectRejected(where('malformed JSON'), await send('{"entity": {'));
      expectRejected(where('not JSON at all'), await send('entity=1'));
      expectRejected(where('no entity'), await send('{}'));
      expectRejected(where('entity is a number'), await send('{"entity": 123}'));
      expectRejected(where('entity is an array'), await send('{"entity": []}'));
      expectRejected(where('extra top-level field'), await send(JSON.stringify({ entity, extra: true })));
      const unknown = await send(JSON.stringify({ entity: { ...entity, bogusField: 'x' } }));
      expectRejected(where('unknown field'), unknown);
      expect(unknown.body.response.errors[0], where('unknown field')).toMatchObject({ code: 'validation_error', field: 'entity.bogusField' });
      for (const key of Object.keys(entity)) {
        expectRejected(where(`wrong type for ${key}`), await send(JSON.stringify({ entity: { ...entity, [key]: wrongTypeOf(entity[key]) } })));
      }
      for (const path of stringPaths(entity)) {
        expectRejected(where(`NUL in ${path.join('.')}`), await send(JSON.stringify({ entity: withValue(entity, path, 'a\u0000b') })));
      }
      const oversized = await send(JSON.stringify({ entity: { ...entity, padding: 'x'.repeat(1024 * 1024) } }));
      expect(oversized.status, where('oversized')).toBe(413);
    }
    expect(await auditCount()).toBe(before);
    // Other test files sign up in parallel, so rather than counting organizations this checks
    // that none of the rejected sign-ups left a user behind.
    const leftovers = await api.database.db.select().from(users).where(inArray(users.email, rejectedEmails));
    expect(rejectedEmails.length).toBeGreaterThan(0);
    expect(leftovers).toEqual([]);
  }, 120_000);

  it('rejects unknown and mistyped query parameters and malformed path ids', async () => {
    const before = await auditCount();
    for (const op of implemented().filter((o) => o.security === 'user' && !consumesSession.has(o.operationId))) {
      const url = urlOf(op);
      const body = op.requestBodySchema ? JSON.stringify({ entity: sampleEntities[op.operationId]?.() }) : undefined;
      expectRejected(`${op.operationId}: unknown query`, await raw(op.method, `${url}?notAParameter=1`, body));
      if (op.paged) {
        expectRejected(`${op.operationId}: page=abc`, await raw(op.method, `${url}?page=abc`, body));
        expectRejected(`${op.operationId}: pageSize=7`, await raw(op.method, `${url}?pageSize=7`, body));
        expectRejected(`${op.operationId}: page=0`, await raw(op.method, `${url}?page=0`, body));
      }
      if (op.path.includes('{namespaceId}')) {
        for (const bad of hostile) {
          const badUrl = `/api${toRoutePath(op.path).replace(':namespaceId', encodeURIComponent(bad))}`;
          const res = await raw(op.method, badUrl, body);
          expect(res.status, `${op.operationId}: path ${bad}`).toBeLessThan(500);
          expect(res.status, `${op.operationId}: path ${bad}`).not.toBe(200);
        }
      }
    }
    expectRejected('listAuditEvents daysBack=9', await raw('get', '/api/audit/event?daysBack=9'));
    expectRejected('listAuditEvents includeExternalInitiator=maybe', await raw('get', '/api/audit/event?includeExternalInitiator=maybe'));
    expectRejected('tradeSession without its query', await raw('post', '/api/auth/tradeSession'));
    expect(await auditCount()).toBe(before);
  }, 120_000);

  it('never fails on SQL or script payloads in any string field, and stores accepted ones verbatim', async () => {
    for (const op of implemented().filter((o) => o.requestBodySchema && !consumesSession.has(o.operationId))) {
      const sample = sampleEntities[op.operationId] as () => Record<string, unknown>;
      for (const path of stringPaths(sample())) {
        for (const payload of hostile) {
          const entity = withValue(sample(), path, payload) as Record<string, unknown>;
          const res = await raw(op.method, urlOf(op), JSON.stringify({ entity }));
          const where = `${op.operationId} ${path.join('.')} = ${payload}`;
          expect(res.status, where).toBeLessThan(500);
          if (res.status === 200 && op.operationId.includes('Namespace') && path[0] !== 'password') {
            let echoed: unknown = res.body.response.items[0];
            for (const key of path) echoed = (echoed as Record<string | number, unknown>)[key];
            expect(echoed, where).toBe(payload);
          } else if (res.status !== 200) {
            expectRejected(where, res);
          }
        }
      }
    }
    // The tables are still there and still scoped: the admin's namespace reads back.
    const ns = await api.call('getNamespace', { token: admin.token, params: { namespaceId } });
    expect(ns.status).toBe(200);
  }, 180_000);
  it('refuses deep nesting, lone surrogates, other media types and a missing body on every operation with a body', async () => {
    for (const op of implemented().filter((o) => o.requestBodySchema && !consumesSession.has(o.operationId))) {
      const sample = sampleEntities[op.operationId] as () => Record<string, unknown>;
      const url = urlOf(op);
      const where = (what: string) => `${op.operationId}: ${what}`;
      for (const [i, payload] of deeplyNested.entries()) expectEnvelope4xx(op, where(`deep nesting ${i}`), await raw(op.method, url, payload));
      for (const path of stringPaths(sample())) {
        const payload = JSON.stringify({ entity: withValue(sample(), path, 'a\ud800b') });
        expect(payload, 'the surrogate is sent as the escape \\ud800').toContain('\\ud800');
        expectEnvelope4xx(op, where(`lone surrogate in ${path.join('.')}`), await raw(op.method, url, payload));
        expectEnvelope4xx(op, where(`lone low surrogate in ${path.join('.')}`), await raw(op.method, url, JSON.stringify({ entity: withValue(sample(), path, '\udc00') })));
      }
      expectEnvelope4xx(op, where('lone surrogate in a key'), await raw(op.method, url, JSON.stringify({ entity: { ...sample(), 'k\ud800': 'x' } })));
      const body = JSON.stringify({ entity: sample() });
      for (const type of ['text/plain', 'application/xml', 'multipart/form-data; boundary=x', 'application/octet-stream']) {
        expectEnvelope4xx(op, where(`content type ${type}`), await raw(op.method, url, body, admin.token, type));
      }
      expectEnvelope4xx(op, where('JSON content type, empty body'), await raw(op.method, url, ''));
      expectEnvelope4xx(op, where('JSON content type, blank body'), await raw(op.method, url, '  \n'));
    }
  }, 180_000);

  it('never fails on an empty entity', async () => {
    for (const op of implemented().filter((o) => o.requestBodySchema && !consumesSession.has(o.operationId))) {
      const res = await raw(op.method, urlOf(op), '{"entity":{}}');
      expect(res.status, `${op.operationId}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
      expect(() => assertMatchesContract(op, res.status, res.body), op.operationId).not.toThrow();
    }
  }, 120_000);

  it('refuses integers beyond any column, malformed percent-encoding and over-long path parameters on every operation', async () => {
    for (const op of implemented().filter((o) => !consumesSession.has(o.operationId))) {
      const url = urlOf(op);
      const body = op.requestBodySchema ? JSON.stringify({ entity: sampleEntities[op.operationId]?.() }) : undefined;
      for (const name of integerQueryParameters(op)) {
        for (const huge of ['99999999999999999999', '-99999999999999999999', '1e308', '9007199254740993']) {
          expectEnvelope4xx(op, `${op.operationId}: ${name}=${huge}`, await raw(op.method, `${url}?${name}=${huge}`, body));
        }
      }
      const pathParameters = op.parameters.filter((p) => p.in === 'path');
      for (const parameter of pathParameters) {
        const at = (value: string) => `/api${toRoutePath(op.path).replace(`:${parameter.name}`, value)}`.replace(/:[A-Za-z]+/g, 'x');
        for (const bad of ['%E0%A4%A', '%ZZ', 'ns-%C0%AF', '%ED%A0%80']) {
          expectEnvelope4xx(op, `${op.operationId}: ${parameter.name}=${bad}`, await raw(op.method, at(bad), body));
        }
        for (const length of [101, 2_000, 8_000]) {
          expectEnvelope4xx(op, `${op.operationId}: ${parameter.name} of ${length}`, await raw(op.method, at('a'.repeat(length)), body));
        }
      }
    }
  }, 180_000);

  it('treats a JSON content type without a body as no body on every operation without one', async () => {
    for (const op of implemented().filter((o) => !o.requestBodySchema && !consumesSession.has(o.operationId))) {
      // Reads and deletes of unknown ids: nothing changes, so both requests see the same state.
      if (op.method === 'post' || op.method === 'put') continue;
      const send = (headers: Record<string, string>) =>
        api.app.inject({ method: op.method.toUpperCase() as 'GET', url: urlOf(op).replace(namespaceId, `ns-${'0'.repeat(20)}`), headers: { authorization: `Bearer ${admin.token}`, ...headers } });
      const res = await send({ 'content-type': 'application/json', 'content-length': '0' });
      const plain = await send({});
      if (op.method === 'delete' && !op.parameters.some((p) => p.in === 'path')) {
        // A singleton (the organization's identity provider or configuration): the first call
        // removes it, so only the refusal matters here.
        expect(res.statusCode, `${op.operationId}: ${res.body}`).not.toBe(400);
      } else {
        expect(res.statusCode, `${op.operationId}: ${res.body}`).toBe(plain.statusCode);
      }
      // Browser callbacks of single sign-on answer a redirect, not the envelope.
      if (res.statusCode < 300 || res.statusCode >= 400) {
        expect(() => assertMatchesContract(op, res.statusCode, res.json()), op.operationId).not.toThrow();
      }
    }
  }, 120_000);

  it('refuses bad input on every operation of the contract, implemented or not (a 4xx, never a 501)', async () => {
    const takesEntity = (op: OperationSpec) => Boolean((op.requestBodySchema?.['properties'] as Record<string, unknown> | undefined)?.['entity']);
    const every = operations.filter((op) => !consumesSession.has(op.operationId) && (!op.requestBodySchema || takesEntity(op)));
    expect(every.length).toBeGreaterThan(implemented().length);
    for (const op of every) {
      const url = urlOf(op);
      const where = (what: string) => `${op.operationId}: ${what}`;
      if (op.requestBodySchema) {
        for (const [i, payload] of deeplyNested.entries()) expectEnvelope4xx(op, where(`deep nesting ${i}`), await raw(op.method, url, payload));
        expectEnvelope4xx(op, where('JSON content type, empty body'), await raw(op.method, url, ''));
        expectEnvelope4xx(op, where('text/plain'), await raw(op.method, url, '{"entity":{}}', admin.token, 'text/plain'));
        expectEnvelope4xx(op, where('lone surrogate in the entity'), await raw(op.method, url, '{"entity":"\\ud800"}'));
      }
      for (const name of integerQueryParameters(op)) {
        expectEnvelope4xx(op, where(`${name}=99999999999999999999`), await raw(op.method, `${url}?${name}=99999999999999999999`));
      }
      for (const parameter of op.parameters.filter((p) => p.in === 'path')) {
        const at = (value: string) => `/api${toRoutePath(op.path).replace(`:${parameter.name}`, value)}`.replace(/:[A-Za-z]+/g, 'x');
        expectEnvelope4xx(op, where(`${parameter.name} malformed`), await raw(op.method, at('%E0%A4%A')));
        expectEnvelope4xx(op, where(`${parameter.name} over-long`), await raw(op.method, at('a'.repeat(2_000))));
      }
    }
  }, 180_000);

  it('answers requests the HTTP parser refuses, and unknown paths, in the envelope', async () => {
    const unknown = await api.app.inject({ method: 'GET', url: '/api/nothing%E0%A4%A' });
    expect(unknown.statusCode).toBeGreaterThanOrEqual(400);
    expect(unknown.json()).toMatchObject({ request: { id: expect.any(String) }, response: { items: [], errors: [{ code: expect.any(String) }] } });

    await api.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = api.app.server.address() as AddressInfo;
    const send = (request: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => socket.write(request));
        let data = '';
        socket.on('data', (chunk) => (data += chunk.toString()));
        socket.on('end', () => resolve(data));
        socket.on('error', reject);
      });
    const cases = {
      'a URL longer than the header limit': `GET /api/namespace/ns-${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
      'a header longer than the limit': `GET /api/namespace HTTP/1.1\r\nHost: x\r\nX-Long: ${'a'.repeat(20_000)}\r\n\r\n`,
      'a request line that is not HTTP': 'NOT HTTP AT ALL\r\n\r\n',
      'a bad header line': 'GET /api/namespace HTTP/1.1\r\nHost x\r\n\r\n',
    };
    for (const [what, request] of Object.entries(cases)) {
      const answer = await send(request);
      const status = Number(answer.split(' ')[1]);
      expect(status, what).toBeGreaterThanOrEqual(400);
      expect(status, what).toBeLessThan(500);
      const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as unknown;
      expect(() => assertMatchesContract(undefined, status, body), what).not.toThrow();
      expect(body, what).toMatchObject({ request: { id: expect.stringMatching(/^req-/) } });
    }
  }, 60_000);
});
