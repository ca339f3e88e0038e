// Starts the built console and API the way `npm start` does (tools/scripts/start.mjs: one
// process, the console at /, the API under /api) on a temporary data directory with its own
// embedded PostgreSQL, and signs one user up through the API. For the console benchmarks.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const root = join(import.meta.dirname, '../../..');

export const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/** Debian's Chromium, or CHROME_PATH. */
export function chromiumPath() {
  const path = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  if (!existsSync(path)) {
    throw new Error(`Chromium not found at ${path}: install Debian's chromium (apt-get install chromium) or set CHROME_PATH.`);
  }
  return path;
}

export const chromiumFlags = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

/** POSTs `{ entity }` (as `token`'s user when given) and answers the first item. */
export async function post(base, path, entity, token) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ entity }),
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(body.response?.errors)}`);
  return body.response.items[0];
}

/**
 * Starts the server; answers its base URL, a signed-up user's session (what the console's
 * sign-in stores: token and user) and `stop()`. The console must be built
 * (`nx run console:build`); the API is built by start.mjs when missing or stale.
 */
export async function startConsoleServer() {
  // CONSOLE_DIST (as the server reads it) measures another build of the console.
  const consoleDist = process.env.CONSOLE_DIST ?? join(root, 'dist/apps/console');
  if (!existsSync(join(consoleDist, 'index.html'))) {
    throw new Error(`${consoleDist}/index.html not found: build the console first (npx nx run console:build).`);
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'terrace-console-bench-'));
  const port = await freePort();
  const pgPort = await freePort();
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, [join(root, 'tools/scripts/start.mjs')], {
    env: { ...inherited, PORT: String(port), HOST: '127.0.0.1', EMBEDDED_PG_PORT: String(pgPort), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    process.off('SIGINT', interrupted).off('SIGTERM', interrupted);
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  // A benchmark stopped by Ctrl-C or `timeout` stops its server (and so its PostgreSQL) too.
  async function interrupted(signal) {
    await stop();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  }
  process.once('SIGINT', interrupted).once('SIGTERM', interrupted);
  try {
    const deadline = Date.now() + 180_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} before answering`);
      if (Date.now() > deadline) throw new Error('the server did not answer within 180 s');
      try {
        if ((await fetch(`${base}/api/auth/config`).catch(() => fetch(`${base}/`))).status < 500) break;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    const email = `bench-${Date.now()}@example.test`;
    const password = 'console benchmark password';
    await post(base, '/api/auth/signUp', { email, password, firstName: 'Bench', lastName: 'Mark', organizationName: 'Bench' });
    const session = await post(base, '/api/auth/signIn', { email, password });
    // The embedded PostgreSQL's superuser, for benchmarks that seed rows straight into the tables.
    const databaseUrl = async () => {
      const password = (await readFile(join(dataDir, 'pg/postgres.password'), 'utf8')).trim();
      return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/terrace`;
    };
    return { base, session, stop, databaseUrl };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** A script for the page to run before the console's own: stores the session as sign-in does. */
export function storedSessionScript(session) {
  const user = { ...session.user, ...(session.organization ? { organization: session.organization } : {}) };
  return `localStorage.setItem('auth_token', ${JSON.stringify(session.token)});
localStorage.setItem('user', ${JSON.stringify(JSON.stringify(user))});
${user.organization ? `localStorage.setItem('organization', ${JSON.stringify(JSON.stringify(user.organization))});` : ''}`;
}
