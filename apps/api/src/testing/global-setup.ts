import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { freePort } from '@terrace/testing-idp';
import type { TestProject } from 'vitest/node';
import { applyMigrations, connectDatabase } from '../db/database';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../db/embedded-postgres';
import { findWorkspaceRoot } from '../config/workspace-root';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

/** The server's maintenance database: the database named in DATABASE_URL need not exist. */
function maintenanceUrl(serverUrl: string): string {
  const url = new URL(serverUrl);
  url.pathname = '/postgres';
  return url.toString();
}

async function createDatabase(serverUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: maintenanceUrl(serverUrl) });
  await client.connect();
  await client.query(`CREATE DATABASE "${name}"`);
  await client.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: maintenanceUrl(serverUrl) });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await client.end();
}

/**
 * One PostgreSQL for the whole run: the embedded server in a temporary directory on a free port,
 * or, with DATABASE_URL set, a fresh database on that server (dropped at the end). Migrations are
 * applied once here; test files then share the database and never wipe it.
 */
export async function setup(project: TestProject) {
  const name = `terrace_test_${randomBytes(6).toString('hex')}`;
  let serverUrl = process.env['DATABASE_URL'];
  let embedded: EmbeddedPostgresHandle | undefined;
  let dir: string | undefined;
  if (!serverUrl) {
    dir = await mkdtemp(join(tmpdir(), 'terrace-api-test-'));
    embedded = await startEmbeddedPostgres({ dataDir: dir, port: await freePort(), persistent: false });
    serverUrl = embedded.url;
  }
  const databaseUrl = await createDatabase(serverUrl, name);
  const handle = connectDatabase(databaseUrl, 2);
  try {
    await applyMigrations(handle, join(findWorkspaceRoot(), 'apps/api/migrations'));
  } finally {
    await handle.close();
  }
  project.provide('databaseUrl', databaseUrl);

  return async () => {
    if (serverUrl) await dropDatabase(serverUrl, name).catch(() => undefined);
    await embedded?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  };
}
