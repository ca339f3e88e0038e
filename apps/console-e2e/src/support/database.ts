import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const root = join(import.meta.dirname, '../../../..');

/**
 * The e2e server's own data: its DATA_DIR and embedded PostgreSQL port, which the global setup
 * exports (CONSOLE_E2E_DATA_DIR, CONSOLE_E2E_PG_PORT). Against a developer's server
 * (CONSOLE_E2E_BASE_URL), set both to that server's DATA_DIR and EMBEDDED_PG_PORT.
 */
function serverData(): { dataDir: string; pgPort: string } {
  const dataDir = process.env['CONSOLE_E2E_DATA_DIR'];
  const pgPort = process.env['CONSOLE_E2E_PG_PORT'];
  if (!dataDir || !pgPort) throw new Error('CONSOLE_E2E_DATA_DIR and CONSOLE_E2E_PG_PORT are not set: the global setup sets them');
  return { dataDir, pgPort };
}

/**
 * The newest mail the server wrote to an address, read from its `mail_outbox` table: without
 * SMTP_URL the API keeps mail there (apps/api/README.md), and the API has no way to read it back,
 * so the spec reads the e2e database directly, as a person would read their mailbox.
 */
export async function latestMailTo(email: string): Promise<{ subject: string; text: string }> {
  return withDatabase(async (client) => {
    const found = await client.query<{ subject: string; text: string }>(
      'SELECT subject, text FROM mail_outbox WHERE "to" = $1 ORDER BY created_at DESC LIMIT 1',
      [email],
    );
    const mail = found.rows[0];
    if (!mail) throw new Error(`No mail was written to ${email}`);
    return mail;
  });
}

/** The path (with its token) of the console link in the newest mail to an address. */
export async function linkPathInLatestMailTo(email: string): Promise<string> {
  const { text } = await latestMailTo(email);
  const link = /https?:\/\/\S+?(\/auth\/\S+)/.exec(text);
  if (!link?.[1]) throw new Error(`The mail to ${email} holds no console link:\n${text}`);
  return link[1];
}

/** The token at the end of that link. */
export async function tokenInLatestMailTo(email: string): Promise<string> {
  const path = await linkPathInLatestMailTo(email);
  return path.slice(path.lastIndexOf('/') + 1);
}

/** Runs an operator command of the API (apps/api/README.md, "Operator commands") on the e2e data. */
export async function operatorCommand(...args: string[]): Promise<string> {
  const { dataDir, pgPort } = serverData();
  const { stdout } = await promisify(execFile)(process.execPath, [join(root, 'dist/apps/api/main.mjs'), 'admin', ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, EMBEDDED_PG_PORT: pgPort, LOG_LEVEL: 'warn' },
  });
  return stdout.trim();
}

/**
 * What the runs domain writes on a stack row when a run moves or drift is found (latest run
 * status and time, drift and error state), written straight to the e2e database: until runs can
 * be started here, this is how a page showing them gets stacks in every state.
 */
export async function setStackState(stackId: string, state: { latestRunStatus?: string; driftState?: string; errorState?: string }): Promise<void> {
  await withDatabase((client) =>
    client.query(
      `UPDATE stacks SET latest_run_status = COALESCE($2, latest_run_status),
         latest_run_id = CASE WHEN $2::text IS NULL THEN latest_run_id ELSE 'run-' || id END,
         latest_run_at = CASE WHEN $2::text IS NULL THEN latest_run_at ELSE now() END,
         drift_state = COALESCE($3, drift_state), error_state = COALESCE($4, error_state)
       WHERE id = $1`,
      [stackId, state.latestRunStatus ?? null, state.driftState ?? null, state.errorState ?? null],
    ),
  );
}

/**
 * "Advances the clock" for one stack's drift schedule: its next drift check is due now, so the
 * server's scheduled drift job (every minute) takes it on its next tick. No test hook in the server.
 */
export async function makeDriftCheckDue(stackId: string): Promise<void> {
  await withDatabase((client) => client.query(`UPDATE stacks SET next_drift_at = now() - interval '1 minute' WHERE id = $1`, [stackId]));
}

/**
 * "Advances the clock" past an ephemeral stack's time to live: its expiry is moved into the past,
 * so the server's time-to-live job (every minute) destroys it on its next pass.
 */
export async function expireStack(stackId: string): Promise<void> {
  await withDatabase((client) => client.query(`UPDATE stacks SET expires_at = now() - interval '1 minute' WHERE id = $1`, [stackId]));
}

/** A connection to the e2e server's database for one piece of work. */
async function withDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const { dataDir, pgPort } = serverData();
  const password = readFileSync(join(dataDir, 'pg', 'postgres.password'), 'utf8').trim();
  const client = new pg.Client({ host: '127.0.0.1', port: Number(pgPort), user: 'postgres', password, database: 'terrace' });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
