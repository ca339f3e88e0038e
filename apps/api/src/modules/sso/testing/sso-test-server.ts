import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { ValidateFunction } from 'ajv';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { inject } from 'vitest';
import { composeOperations } from '../../../compose-operations';
import { findWorkspaceRoot } from '../../../config/workspace-root';
import { applyMigrations, connectDatabase, type DatabaseHandle } from '../../../db/database';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../../../db/embedded-postgres';
import { createHttpApp } from '../../../http/create-http-app';
import { listOperations, readOpenApiDocument, type OperationSpec } from '../../../http/openapi-document';
import { compileSchema, createAjv } from '../../../http/request-validation';
import { freePort } from '@terrace/testing-idp';

// The API's shared test set-up (a global PostgreSQL provided as `databaseUrl`) is used when the
// run has it; otherwise this file starts its own embedded PostgreSQL, so the SSO tests run on
// their own as well. Either way the server is the real one, listening on loopback, because the
// identity providers under test redirect a real HTTP client to it.

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

// The SAML identity provider and the callers here share the port helper of the test providers.
export { freePort };

const root = findWorkspaceRoot();
const document = readOpenApiDocument(join(root, 'openapi/dist/openapi.json'));
export const operationsById = new Map(listOperations(document).map((op) => [op.operationId, op]));
const ajv = createAjv(document, { coerceTypes: false, useDefaults: false });
const validators = new Map<string, ValidateFunction>();

export interface Envelope<T> {
  request: { id: string };
  response: { items: T[]; errors: { code: string; message: string; field?: string | null }[] };
}

/** Throws unless the response (status and body) is one the description declares for the operation. */
export function assertMatchesContract(op: OperationSpec, status: number, body: unknown, location: string | null): void {
  if (!(String(status) in op.responses)) throw new Error(`${op.operationId} answered ${status}, which the description does not declare`);
  if (status >= 300 && status < 400) {
    if (!location) throw new Error(`${op.operationId} answered ${status} without a Location`);
    return;
  }
  const schema = op.responses[String(status)];
  if (!schema) throw new Error(`${op.operationId} ${status} declares no JSON body`);
  const key = `${op.operationId} ${status}`;
  let validate = validators.get(key);
  if (!validate) {
    validate = compileSchema(ajv, schema);
    validators.set(key, validate);
  }
  if (!validate(body)) {
    throw new Error(`${key} does not match the description: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 2000)}`);
  }
}

async function ownDatabase(): Promise<{ url: string; stop: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'terrace-sso-test-'));
  let embedded: EmbeddedPostgresHandle | undefined;
  try {
    embedded = await startEmbeddedPostgres({ dataDir: dir, port: await freePort(), persistent: false });
    const name = `terrace_sso_${randomBytes(6).toString('hex')}`;
    const client = new pg.Client({ connectionString: embedded.url });
    await client.connect();
    await client.query(`CREATE DATABASE "${name}"`);
    await client.end();
    const url = new URL(embedded.url);
    url.pathname = `/${name}`;
    const handle = connectDatabase(url.toString(), 2);
    try {
      await applyMigrations(handle, join(root, 'apps/api/migrations'));
    } finally {
      await handle.close();
    }
    const started = embedded;
    return {
      url: url.toString(),
      stop: async () => {
        await started.stop();
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await embedded?.stop();
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

export interface CallOptions {
  token?: string;
  entity?: unknown;
  query?: Record<string, string>;
}

export interface CallResult<T> {
  status: number;
  body: Envelope<T>;
}

export interface SsoTestServer {
  /** PUBLIC_URL of the server under test: the console's pages would be here, the API under /api. */
  publicUrl: string;
  apiUrl: string;
  /** Where the API listens on loopback: apiUrl itself unless PUBLIC_URL was given. */
  localApiUrl: string;
  database: DatabaseHandle;
  app: FastifyInstance;
  /** Calls an operation by operationId over HTTP; the answer is checked against the description. */
  call<T = Record<string, unknown>>(operationId: string, options?: CallOptions): Promise<CallResult<T>>;
  /** Checks a response a test made by hand (browser-like requests) against the description. */
  check(operationId: string, response: Response): Promise<void>;
  close(): Promise<void>;
}

/** `publicUrl` stands for a deployment behind https (the server still listens on loopback http). */
export async function startSsoTestServer(options: { publicUrl?: string } = {}): Promise<SsoTestServer> {
  const provided = inject('databaseUrl') as string | undefined;
  const own = provided ? undefined : await ownDatabase();
  const database = connectDatabase(provided ?? (own as { url: string }).url, 4);
  const port = await freePort();
  const publicUrl = options.publicUrl ?? `http://127.0.0.1:${port}`;
  const composed = composeOperations(
    database.db,
    randomBytes(32),
    {
      sessionTtlHours: 24,
      docs: { jwtSecret: undefined, tokenTtlSeconds: 300 },
      mail: { smtpUrl: undefined, from: 'Terrace <test@localhost>' },
      publicUrl,
    },
    pino({ level: 'silent' }),
  );
  const app = await createHttpApp({
    document,
    ...composed,
    logger: pino({ level: 'silent' }),
    apiPrefix: '/api',
    consoleDist: undefined,
    bodyLimitBytes: 1024 * 1024,
    rateLimit: { max: 100_000, windowMs: 60_000 },
    trustProxy: false,
  });
  await app.listen({ host: '127.0.0.1', port });
  const apiUrl = `${publicUrl}/api`;
  const localApiUrl = `http://127.0.0.1:${port}/api`;

  const check = async (operationId: string, response: Response) => {
    const op = operationsById.get(operationId);
    if (!op) throw new Error(`No operation ${operationId}`);
    const text = await response.clone().text();
    assertMatchesContract(op, response.status, text ? JSON.parse(text) : undefined, response.headers.get('location'));
  };

  return {
    publicUrl,
    apiUrl,
    localApiUrl,
    database,
    app,
    check,
    async call<T>(operationId: string, options: CallOptions = {}) {
      const op = operationsById.get(operationId);
      if (!op) throw new Error(`No operation ${operationId}`);
      const query = options.query ? `?${new URLSearchParams(options.query).toString()}` : '';
      const response = await fetch(`${localApiUrl}${op.path}${query}`, {
        method: op.method.toUpperCase(),
        redirect: 'manual',
        headers: {
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...(options.entity !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(options.entity !== undefined ? { body: JSON.stringify({ entity: options.entity }) } : {}),
      });
      await check(operationId, response);
      return { status: response.status, body: (await response.json()) as Envelope<T> };
    },
    async close() {
      await app.close();
      await database.close();
      await own?.stop();
    },
  };
}

let counter = 0;

/** Signs up a new organization over HTTP; its first admin is a direct user with a password. */
export async function signUpOrganization(server: SsoTestServer, domain: string, name = 'Org') {
  counter += 1;
  const email = `admin-${counter}-${randomBytes(4).toString('hex')}@${domain}`;
  const password = 'correct horse battery staple';
  const result = await server.call<{ token: string; organization: { id: string; name: string } }>('signUp', {
    entity: { email, password, firstName: 'Ada', lastName: 'Admin', organizationName: `${name} ${randomBytes(3).toString('hex')}` },
  });
  if (result.status !== 200) throw new Error(`signUp answered ${result.status}: ${JSON.stringify(result.body)}`);
  const item = result.body.response.items[0] as { token: string; organization: { id: string; name: string } };
  return { email, password, token: item.token, organizationId: item.organization.id, organizationName: item.organization.name };
}

/** A fresh e-mail domain per test, so organizations of parallel test files never share one. */
export const uniqueDomain = (label: string) => `${label}-${randomBytes(4).toString('hex')}.example.com`;
