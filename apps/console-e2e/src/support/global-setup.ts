import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '@terrace/testing-idp';

const root = join(import.meta.dirname, '../../../..');

async function waitUntilServing(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The API exited with code ${child.exitCode}:\n${log()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The API did not answer ${url} within two minutes:\n${log()}`);
}

/**
 * Starts the real API (dist/apps/api/main.mjs, serving dist/apps/console) on a free port with a
 * fresh embedded PostgreSQL in tmp/, and stops it after the run. With CONSOLE_E2E_BASE_URL set,
 * the specs run against that server instead (for a developer's running instance).
 */
// eslint-disable-next-line no-restricted-syntax -- Playwright loads a global setup file through its default export.
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (process.env['CONSOLE_E2E_BASE_URL']) return async () => undefined;
  const bundle = join(root, 'dist/apps/api/main.mjs');
  const consoleIndex = join(root, 'dist/apps/console/index.html');
  if (!existsSync(bundle)) throw new Error('dist/apps/api/main.mjs is missing: run tools/scripts/suites/console-e2e.sh');
  if (!existsSync(consoleIndex)) throw new Error('dist/apps/console is missing: run tools/scripts/suites/console-e2e.sh');

  const gitHosts = await startGitHosts();
  const [port, pgPort] = [await freePort(), await freePort()];
  const dataDir = join(root, 'tmp', `console-e2e-data-${process.pid}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  let output = '';
  // The server's V8 flags, as `npm start` runs it.
  const { apiNodeFlags } = (await import(join(root, 'tools/scripts/api-node-flags.mjs'))) as { apiNodeFlags: string[] };
  const child = spawn(process.execPath, [...apiNodeFlags, bundle], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      EMBEDDED_PG_PORT: String(pgPort),
      DATA_DIR: dataDir,
      CONSOLE_DIST: join(root, 'dist/apps/console'),
      // Links and SSO redirects go to the origin the browser uses, so its storage and cookies hold.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      // Every spec signs up and signs in; the production limit would throttle the suite.
      RATE_LIMIT_MAX: '10000',
      // No managed runner: runs of the default group stay queued (the specs of queues, cancel and
      // waiting reasons). Specs whose runs execute start a self-hosted runner for a group of their
      // own (support/runner-process.ts).
      MANAGED_RUNNER: 'false',
      // The git hosts' APIs are the loopback stand-in, whose repositories git clones for real.
      VCS_ENDPOINTS: JSON.stringify(gitHosts.info.endpoints),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilServing(`${baseUrl}/auth/login`, child, () => output);
  process.env['CONSOLE_E2E_BASE_URL'] = baseUrl;
  // For the specs that read the server's mail outbox and run its operator commands (database.ts).
  process.env['CONSOLE_E2E_DATA_DIR'] = dataDir;
  process.env['CONSOLE_E2E_PG_PORT'] = String(pgPort);
  // For the specs that connect a provider to the stand-in (support/git-hosts.ts).
  process.env['CONSOLE_E2E_GIT_HOSTS'] = JSON.stringify(gitHosts.info);

  return async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
    await gitHosts.stop();
  };
}

/**
 * The git hosts of the run (apps/api/src/testing/e2e-git-hosts.ts, a process of its own: this
 * project may not import server libraries): a real repository on git's HTTP backend and the
 * hosts' REST stand-in listing it. Answers what it printed once listening.
 */
async function startGitHosts(): Promise<{ info: { endpoints: Record<string, string> }; stop: () => Promise<void> }> {
  const child = spawn(join(root, 'node_modules/.bin/tsx'), ['--tsconfig', join(root, 'tsconfig.base.json'), join(root, 'apps/api/src/testing/e2e-git-hosts.ts')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let errors = '';
  child.stderr?.on('data', (d: Buffer) => (errors += d.toString()));
  const info = await new Promise<{ endpoints: Record<string, string> }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The git hosts did not start within a minute:\n${errors}`)), 60_000);
    child.stdout?.on('data', (d: Buffer) => {
      output += d.toString();
      const line = output.split('\n').find((l) => l.startsWith('{'));
      if (line) {
        clearTimeout(timer);
        resolve(JSON.parse(line) as { endpoints: Record<string, string> });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The git hosts exited with code ${code}:\n${errors}`));
    });
  });
  return {
    info,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}
