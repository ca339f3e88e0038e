import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { callApi, type Account } from './api';
import { baseUrl } from './test';

const root = join(import.meta.dirname, '../../../..');

/** The terraform versions the runner has (the stand-in answering as each): exact versions and LATEST resolve to them. */
const terraformVersions = ['1.9.5', '1.9.8'];

/**
 * A self-hosted runner (the real apps/runner process, bundled as it ships) registered to a runner
 * group of the account's organization: stacks of that group are executed by it, with the IaC
 * stand-in as terraform. Other stacks (the default group: the e2e server has no managed runner)
 * stay queued. `cloud` is the "real infrastructure" the stand-in applies to and refreshes from
 * (TERRACE_STANDIN_CLOUD, `{address: attributes}`): editing it changes resources behind the
 * code's back (drift).
 */
export interface RunnerProcess {
  groupId: string;
  groupName: string;
  readCloud(): Promise<Record<string, Record<string, unknown>>>;
  writeCloud(cloud: Record<string, Record<string, unknown>>): Promise<void>;
  /** What the runner printed (for failure messages). */
  output(): string;
  /** SIGTERM, then SIGKILL if it has not exited within 20 s; removes its directories. */
  stop(): Promise<void>;
}

/**
 * Where this e2e run keeps its runners: in the server's data directory, which the global teardown
 * removes (inside the workspace, so the bundle's packages resolve from node_modules).
 */
function workRoot(): string {
  const dataDir = process.env['CONSOLE_E2E_DATA_DIR'];
  return dataDir ? join(dataDir, 'runners') : join(root, 'tmp', 'console-e2e-runners');
}

let bundled: Promise<string> | undefined;

/** Bundles apps/runner once per e2e run (workers share nothing, but there is one worker). */
async function runnerBundle(): Promise<string> {
  bundled ??= (async () => {
    const bundle = join(workRoot(), 'bundle', 'main.mjs');
    if (!existsSync(bundle)) await promisify(execFile)(process.execPath, [join(root, 'apps/runner/build.mjs'), bundle], { cwd: root });
    return bundle;
  })();
  return bundled;
}

/**
 * A runner's binary directory (`<dir>/terraform/<version>/terraform`, TERRACE_IAC_BIN_DIR): each a
 * wrapper that points the stand-in at this runner's cloud file, then executes it (argument arrays
 * all the way: `exec "$@"`).
 */
async function installTerraform(binDir: string, cloudFile: string): Promise<void> {
  for (const version of terraformVersions) {
    const dir = join(binDir, 'terraform', version);
    await mkdir(dir, { recursive: true });
    const script = [
      '#!/bin/sh',
      `TERRACE_STANDIN_CLOUD='${cloudFile}'`,
      `TERRACE_STANDIN_VERSION='${version}'`,
      'export TERRACE_STANDIN_CLOUD TERRACE_STANDIN_VERSION',
      `exec '${join(root, 'tools/iac-stand-in/bin/terraform')}' "$@"`,
      '',
    ].join('\n');
    await writeFile(join(dir, 'terraform'), script);
    await chmod(join(dir, 'terraform'), 0o755);
  }
}

/** Creates a runner group with a registration token through the settings operations, and starts a runner for it. */
export async function startRunner(account: Account, groupName: string): Promise<RunnerProcess> {
  const [group] = await callApi<{ id: string; name: string }>(baseUrl(), 'POST', '/org/runnerGroup', { token: account.token, entity: { name: groupName, maxConcurrency: 2 } });
  if (!group) throw new Error('creating the runner group answered no item');
  const [token] = await callApi<{ token: string }>(baseUrl(), 'POST', `/org/runnerGroup/${group.id}/token`, { token: account.token, entity: { name: 'e2e' } });
  if (!token) throw new Error('creating the runner group token answered no item');

  const bundle = await runnerBundle();
  const dir = join(workRoot(), `${groupName}-${randomBytes(3).toString('hex')}`);
  const cloudFile = join(dir, 'cloud.json');
  await mkdir(join(dir, 'home'), { recursive: true });
  await installTerraform(join(dir, 'bin'), cloudFile);

  let output = '';
  const child: ChildProcess = spawn(process.execPath, [bundle], {
    cwd: dir,
    env: {
      PATH: process.env['PATH'] ?? '/usr/bin:/bin',
      HOME: join(dir, 'home'),
      TERRACE_URL: `${baseUrl()}/api`,
      RUNNER_TOKEN: token.token,
      RUNNER_NAME: `${groupName}-runner`,
      RUNNER_WORK_DIR: join(dir, 'jobs'),
      RUNNER_HEARTBEAT_SECONDS: '2',
      RUNNER_DRAIN_SECONDS: '10',
      TERRACE_IAC_BIN_DIR: join(dir, 'bin'),
      TERRACE_IAC_CACHE_DIR: join(dir, 'cache'),
      TERRACE_IAC_DOWNLOAD: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));

  // Registered once it says so (its first line); an early exit is a failure with what it said.
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the runner did not register within a minute:\n${output}`)), 60_000);
    const check = () => {
      if (output.includes('Runner registered')) {
        clearTimeout(timer);
        child.stdout?.off('data', check);
        resolve();
      }
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the runner exited with code ${code}:\n${output}`));
    });
  });

  return {
    groupId: group.id,
    groupName: group.name,
    readCloud: async () => (existsSync(cloudFile) ? (JSON.parse(await readFile(cloudFile, 'utf8')) as Record<string, Record<string, unknown>>) : {}),
    writeCloud: async (cloud) => writeFile(cloudFile, `${JSON.stringify(cloud, null, 2)}\n`),
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
        if (child.exitCode === null && child.signalCode === null) {
          child.kill('SIGKILL');
          await exited;
        }
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
