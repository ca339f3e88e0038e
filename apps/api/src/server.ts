import { chmod, mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pg from 'pg';
import type { Config } from './config/config';
import { loadMasterKey } from './crypto/master-key';
import { applyMigrations, connectDatabase } from './db/database';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from './db/embedded-postgres';
import { composeOperations } from './compose-operations';
import { backgroundJobs, sendWorkToQueue } from './background-jobs';
import { startJobQueue } from './jobs/job-queue';
import { startApprovalSweeper } from './modules/runs/run-sweepers';
import { startManagedRunner } from './modules/runners/managed-runner';
import { startPlanCommenter } from './modules/vcs/pr-comments.service';
import { createHttpApp } from './http/create-http-app';
import { readOpenApiDocument } from './http/openapi-document';

export interface RunningServer {
  /** Where the console (and the API under /api) answers, then the API-root listener if any. */
  urls: string[];
  close(): Promise<void>;
}

/** The database the server creates in its embedded PostgreSQL. */
export const embeddedDatabase = 'terrace';

async function ensureDatabase(serverUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Starts everything `npm start` runs in one process; `close` stops it in reverse order. */
export async function startServer(config: Config, logger: FastifyBaseLogger): Promise<RunningServer> {
  const stops: (() => Promise<void>)[] = [];
  const close = async () => {
    for (const stop of stops.reverse()) {
      try {
        await stop();
      } catch (error) {
        logger.error({ err: error }, 'Error during shutdown');
      }
    }
  };
  try {
    let databaseUrl = config.databaseUrl;
    if (!databaseUrl) {
      const dataDir = join(config.dataDir, 'pg');
      // DATA_DIR is the product's own: when PostgreSQL runs as another user it must pass through it.
      await mkdir(config.dataDir, { recursive: true, mode: 0o711 });
      if (process.getuid?.() === 0) await chmod(config.dataDir, 0o711);
      logger.info({ dataDir, port: config.embeddedPgPort }, 'Starting embedded PostgreSQL');
      const embedded: EmbeddedPostgresHandle = await startEmbeddedPostgres({
        dataDir,
        port: config.embeddedPgPort,
        persistent: true,
        onLog: (line) => logger.debug({ component: 'postgres' }, line),
      });
      stops.push(() => embedded.stop());
      databaseUrl = await ensureDatabase(embedded.url, embeddedDatabase);
    }
    const database = connectDatabase(databaseUrl);
    stops.push(() => database.close());
    await applyMigrations(database, config.migrationsDir);

    const masterKey = await loadMasterKey(config.masterKey, config.dataDir);
    const document = readOpenApiDocument(config.openapiPath);
    const composed = composeOperations(database.db, masterKey, config, logger);
    stops.push(() => composed.runnerProtocol.events.stop());
    const approvals = startApprovalSweeper(composed.runs, {
      onError: (error) => logger.error({ err: error }, 'Approval sweeper failed'),
      onExpired: (count) => logger.info({ count }, 'Deployments timed out waiting for approval'),
    });
    stops.push(() => approvals.stop());
    // Scheduled and background work (drift ticks, TTL expiry…): exactly once across replicas.
    const queue = await startJobQueue({ connectionString: databaseUrl, jobs: backgroundJobs(composed, logger), logger });
    stops.push(() => queue.stop());
    // Work a request records (stack discovery's scans) is sent to the queue from now on.
    sendWorkToQueue(composed, queue);
    // With a certificate and key every listener serves HTTPS itself (Terraform's discovery and
    // `terraform login` work over https:// only); otherwise run behind a TLS proxy (README).
    const tls = config.tls ? { cert: await readFile(config.tls.certFile), key: await readFile(config.tls.keyFile) } : undefined;
    const scheme = tls ? 'https' : 'http';
    // Pull-request plans' summaries go back to the pull request when the plan ends.
    const planComments = await startPlanCommenter(composed.planComments, database.pool, {
      onError: (error) => logger.warn({ err: error }, 'Posting a plan comment on a pull request failed'),
    });
    stops.push(() => planComments.stop());
    const common = {
      document,
      ...composed,
      logger,
      tls,
      bodyLimitBytes: config.bodyLimitBytes,
      stateBodyLimitBytes: config.stateBodyLimitBytes,
      rateLimit: config.rateLimit,
      trustProxy: config.trustProxy,
    };

    const apps: FastifyInstance[] = [];
    const main = await createHttpApp({
      ...common,
      apiPrefix: '/api',
      consoleDist: config.consoleDist,
      apiReferenceFile: config.apiReferenceFile,
    });
    stops.push(() => main.close());
    await main.listen({ host: config.host, port: config.port });
    apps.push(main);
    if (config.managedRunner.enabled) {
      // The managed runner (group CM_DEFAULT_RUNNER_GROUP) runs jobs in this process; terraform
      // reaches the state backend over loopback. On shutdown its jobs get 10 s, then are cancelled.
      const loopback = ['0.0.0.0', '::', ''].includes(config.host) ? '127.0.0.1' : config.host;
      const managed = startManagedRunner(composed.runnerProtocol, {
        concurrency: config.managedRunner.concurrency,
        apiBaseUrl: `${scheme}://${loopback.includes(':') ? `[${loopback}]` : loopback}:${config.port}/api`,
        logger: {
          info: (message, fields) => logger.info({ component: 'managed-runner', ...fields }, message),
          warn: (message, fields) => logger.warn({ component: 'managed-runner', ...fields }, message),
          error: (message, fields) => logger.error({ component: 'managed-runner', ...fields }, message),
        },
      });
      stops.push(() => managed.stop({ drainMs: 10_000 }));
    }
    const urls = [`${scheme}://${config.host}:${config.port}/`];
    if (config.apiRootPort !== undefined) {
      const apiRoot = await createHttpApp({ ...common, apiPrefix: '', consoleDist: undefined });
      stops.push(() => apiRoot.close());
      await apiRoot.listen({ host: config.host, port: config.apiRootPort });
      urls.push(`${scheme}://${config.host}:${config.apiRootPort}/`);
    }
    return { urls, close };
  } catch (error) {
    await close();
    throw error;
  }
}
