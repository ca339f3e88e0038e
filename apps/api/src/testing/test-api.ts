import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { inject } from 'vitest';
import { composeOperations, type ComposeConfig, type ComposedOperations } from '../compose-operations';
import { connectDatabase, type DatabaseHandle } from '../db/database';
import { createHttpApp, type HttpAppOptions } from '../http/create-http-app';
import type { OperationRegistry } from '../http/operation-registry';
import { defaultGuessingLimits, type GuessingLimits } from '../modules/accounts/guessing';
import { assertMatchesContract, openApiDocument, operationsById } from './contract';

export interface CallOptions {
  token?: string | undefined;
  params?: Record<string, string>;
  query?: Record<string, string | number | boolean>;
  /** Sent as `{ entity }`. */
  entity?: unknown;
  /** Sent as is (overrides `entity`). */
  body?: unknown;
  headers?: Record<string, string>;
}

export interface ApiResponse<T = Record<string, unknown>> {
  status: number;
  body: { request: { id: string }; response: { items: T[]; errors: { code: string; message: string; field?: string | null }[]; paging?: { page: number; pageSize: number; total: number } } };
  headers: Record<string, unknown>;
}

export interface TestApi {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** Calls an operation by its operationId; the response is checked against the description. */
  call<T = Record<string, unknown>>(operationId: string, options?: CallOptions): Promise<ApiResponse<T>>;
  /** The server's own permission engine and token check, for tests that compare decisions. */
  engine: ComposedOperations['engine'];
  authenticate: ComposedOperations['authenticate'];
  /** The runs domain's dependencies as the server wires them (run-jobs.service for runner-side tests). */
  runs: ComposedOperations['runs'];
  /** The plan-comment poster's dependencies (vcs pr-comments.service). */
  planComments: ComposedOperations['planComments'];
  /** The runner protocol's dependencies (runner sweeper, managed runner). */
  runnerProtocol: ComposedOperations['runnerProtocol'];
  /** The drift domain's dependencies (its scheduled tick, drift-schedule.service). */
  drift: ComposedOperations['drift'];
  /** Stack discovery's background scans (`idle()` waits for them). */
  discoveryScans: ComposedOperations['discoveryScans'];
  /** Stack discovery's dependencies (its queue job and sweep, run by a test). */
  discovery: ComposedOperations['discovery'];
  /** The templates domain's dependencies (its time-to-live job, called with an advanced clock). */
  templates: ComposedOperations['templates'];
  /**
   * After a change made around the operations (straight SQL, an operator command): what another
   * process's change is to the server, which sees it within the actor cache's lifetime.
   */
  forgetActors(): void;
  close(): Promise<void>;
}

export interface TestApiOptions {
  registry?: (registry: OperationRegistry) => OperationRegistry;
  /** `apiPrefix: ''` serves the API at the root, as on the listener existing clients use. */
  http?: Partial<Pick<HttpAppOptions, 'bodyLimitBytes' | 'stateBodyLimitBytes' | 'rateLimit' | 'logger' | 'consoleDist' | 'apiReferenceFile' | 'trustProxy' | 'apiPrefix' | 'tls'>>;
  /** External services the server talks to (their test doubles on loopback). */
  azureMarketplace?: ComposeConfig['azureMarketplace'];
  /** The git hosts' API addresses (the stand-in of @terrace/vcs-hosts/testing). */
  vcs?: ComposeConfig['vcs'];
  /** Limits on guessing; unset, the address limit is out of reach (every test signs in from 127.0.0.1). */
  guessing?: Partial<GuessingLimits>;
  /** The master key (random unless given; two instances standing for two listeners share one). */
  masterKey?: Buffer;
  /** PostgreSQL connections of the API (4 unless told; the concurrency tests want more). */
  poolSize?: number;
  /** Another database than the test run's (a test that runs server processes of its own on it). */
  databaseUrl?: string;
  /** Job tokens the state backend accepts (the runner protocol's resolver, or a test's). */
  resolveJobToken?: ComposeConfig['resolveJobToken'];
}

function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? `missing-${name}`));
}

/** A real API (routing, validation, permission engine, PostgreSQL) driven through fastify.inject. */
export async function createTestApi(options: TestApiOptions = {}): Promise<TestApi> {
  const database = connectDatabase(options.databaseUrl ?? inject('databaseUrl'), options.poolSize ?? 4);
  const logger = options.http?.logger ?? pino({ level: 'silent' });
  const composed = composeOperations(
    database.db,
    options.masterKey ?? randomBytes(32),
    {
      sessionTtlHours: 24,
      docs: { jwtSecret: undefined, tokenTtlSeconds: 300 },
      mail: { smtpUrl: undefined, from: 'Terrace <test@localhost>' },
      publicUrl: 'http://console.test',
      azureMarketplace: options.azureMarketplace,
      vcs: options.vcs,
      resolveJobToken: options.resolveJobToken,
      guessing: { ...defaultGuessingLimits, signInFailuresPerAddress: 100_000, ...options.guessing },
    },
    logger,
  );
  const registry = options.registry ? options.registry(composed.registry) : composed.registry;
  const app = await createHttpApp({
    document: openApiDocument,
    registry,
    engine: composed.engine,
    authenticate: composed.authenticate,
    actorsChanged: composed.actorsChanged,
    logger,
    apiPrefix: '/api',
    consoleDist: undefined,
    bodyLimitBytes: 1024 * 1024,
    // High enough that factories signing up many organizations are not limited; the rate-limit
    // test builds its own app with a low limit.
    rateLimit: { max: 100_000, windowMs: 60_000 },
    trustProxy: false,
    ...options.http,
  });
  await app.ready();
  const apiPrefix = options.http?.apiPrefix ?? '/api';

  return {
    app,
    database,
    engine: composed.engine,
    authenticate: composed.authenticate,
    runs: composed.runs,
    planComments: composed.planComments,
    runnerProtocol: composed.runnerProtocol,
    drift: composed.drift,
    discoveryScans: composed.discoveryScans,
    discovery: composed.discovery,
    templates: composed.templates,
    async call(operationId, call = {}) {
      const op = operationsById.get(operationId);
      if (!op) throw new Error(`No operation ${operationId} in the description`);
      const query = call.query
        ? `?${new URLSearchParams(Object.entries(call.query).map(([k, v]): [string, string] => [k, String(v)])).toString()}`
        : '';
      const payload = call.body !== undefined ? call.body : call.entity !== undefined ? { entity: call.entity } : undefined;
      const response = await app.inject({
        method: op.method.toUpperCase() as 'GET',
        url: `${apiPrefix}${fillPath(op.path, call.params ?? {})}${query}`,
        headers: {
          ...(call.token ? { authorization: `Bearer ${call.token}` } : {}),
          ...(payload !== undefined && typeof payload !== 'string' ? { 'content-type': 'application/json' } : {}),
          ...call.headers,
        },
        ...(payload !== undefined ? { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) } : {}),
      });
      const body = response.json() as ApiResponse['body'];
      assertMatchesContract(op, response.statusCode, body);
      return { status: response.statusCode, body, headers: response.headers } as ApiResponse<never>;
    },
    forgetActors: composed.actorsChanged,
    async close() {
      await composed.discoveryScans.idle();
      await app.close();
      await composed.runnerProtocol.events.stop();
      await database.close();
    },
  };
}
