import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../modules/audit/audit.schema';
import { users } from '../modules/accounts/accounts.schema';
import { operations } from '../testing/contract';
import { createNamespace, signUpOrganization, type SignedUp } from '../testing/factories';
import { sampleEntities } from '../testing/sample-entities';
import { createTestApi, type TestApi } from '../testing/test-api';
import { toRoutePath, type OperationSpec } from './openapi-document';

// Bad input over every implemented operation: malformed JSON, wrong types, oversized bodies,
// unknown fields, SQL and script payloads in every string field. Expected: a 4xx in the envelope
// with a message (never a 5xx), and nothing stored for a rejected request. Payloads that are
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

async function raw(method: string, url: string, payload?: string, token: string = admin.token) {
  const res = await api.app.inject({
    method: method.toUpperCase() as 'GET',
    url,
    headers: { authorization: `Bearer ${token}`, ...(payload !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(payload !== undefined ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.json() as { response: { items: unknown[]; errors: { code: string; message: string }[] } } };
}

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
});
