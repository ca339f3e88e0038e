import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { startGitHttpServer, TestRepositories, type GitHttpServer } from '@terrace/git/testing';
import { installStandIns } from '@terrace/iac-stand-in';
import { freePort } from '@terrace/testing-idp';
import { startVcsHostStandIn, type VcsHostStandIn } from '@terrace/vcs-hosts/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createNamespace, signUpOrganization, type SignedUp } from '../../testing/factories';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { readRunLog } from './run-logs.service';
import { sweepRunners } from './runner-protocol.service';

// Kill -9 matrix (issue 12): the built server and the real runner process (apps/runner, bundled as
// they ship) run a deployment of the IaC stand-in through the product's HTTP state backend. At each
// transition (queued, claimed, planning, waiting for approval, applying, finishing) the runner, or
// separately the server, gets SIGKILL and a new one is started. Afterwards: the run ended exactly
// once (the outcome the design gives: a lost apply is not run again), nothing ran twice, no state
// lock or stack mutex is left, and every log byte stored before the kill is still the log's start.
//
// The server runs on a database of its own (its background jobs sweep every job they see). The
// test's in-process API on the same database is a second replica: the test calls it for setup and
// reads, and runs the sweeper with it once a killed runner's lease has run out (moved to the past
// rather than waited for: 90 s).

const hostToken = `ghp_${randomBytes(8).toString('hex')}`;
const masterKey = randomBytes(32);
const root = join(import.meta.dirname, '../../../../..');
let databaseUrl: string;
let databaseName: string;
let api: TestApi;
let admin: SignedUp;
let namespaceId: string;
let providerId: string;
let groupToken: string;
let groupId: string;
let repos: TestRepositories;
let git: GitHttpServer;
let gate: Gate;
let hosts: VcsHostStandIn;
let work: string;
let holdDir: string;
let bundleDir: string;
let serverPort: number;
let server: ChildProcess | undefined;
let runner: ChildProcess | undefined;
let output = '';
let runners = 0;

const mainTf = `resource "null_resource" "app" {
  triggers = { name = "app" }
}

output "greeting" {
  value = "hello world"
}
`;

/** A TCP proxy in front of the git host that can hold new connections: a clone waits there. */
interface Gate {
  url: string;
  close(): void;
  open(): void;
  /** Resolves once a connection waits at the closed gate. */
  waiting(): Promise<void>;
  stop(): Promise<void>;
}

async function startGate(target: URL): Promise<Gate> {
  let closed = false;
  let held: (() => void)[] = [];
  let onWait: (() => void) | null = null;
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.pause();
    const pipe = () => {
      const upstream = connect(Number(target.port), target.hostname, () => {
        socket.pipe(upstream).pipe(socket);
        socket.resume();
      });
      upstream.on('error', () => socket.destroy());
      socket.on('error', () => upstream.destroy());
    };
    if (closed) {
      held.push(pipe);
      onWait?.();
    } else pipe();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => {
      closed = true;
    },
    open: () => {
      closed = false;
      const waiting = held;
      held = [];
      for (const go of waiting) go();
    },
    waiting: () => (held.length ? Promise.resolve() : new Promise<void>((resolve) => (onWait = resolve))),
    stop: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

async function adminQuery(text: string): Promise<void> {
  const url = new URL(inject('databaseUrl'));
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  await client.query(text);
  await client.end();
}

async function startServer(): Promise<void> {
  let said = '';
  server = spawn(process.execPath, ['--enable-source-maps', join(bundleDir, 'server.mjs')], {
    cwd: root,
    env: {
      PATH: process.env['PATH'] ?? '',
      HOME: work,
      HOST: '127.0.0.1',
      PORT: String(serverPort),
      DATABASE_URL: databaseUrl,
      TERRACE_MASTER_KEY: masterKey.toString('hex'),
      MANAGED_RUNNER: 'false',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000',
      VCS_ENDPOINTS: JSON.stringify(hosts.endpoints),
      GIT_WORK_DIR: join(work, 'server-git'),
      DATA_DIR: join(work, 'data'),
      IAC_VERSIONS_REFRESH: 'off',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const child = server;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${said}`)), 60_000);
    const hear = (d: Buffer) => {
      said += d.toString();
      output += `[server] ${d.toString()}`;
      if (said.includes('Terrace is running')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', hear);
    child.stderr?.on('data', hear);
    child.once('exit', (code) => reject(new Error(`the server exited (${code}):\n${said}`)));
  });
}

function startRunner(): void {
  runners += 1;
  const name = `kill-runner-${runners}`;
  runner = spawn(process.execPath, [join(bundleDir, 'runner.mjs')], {
    env: {
      PATH: process.env['PATH'] ?? '',
      HOME: work,
      TERRACE_URL: `http://127.0.0.1:${serverPort}/api`,
      RUNNER_TOKEN: groupToken,
      RUNNER_NAME: name,
      RUNNER_WORK_DIR: join(work, 'jobs'),
      RUNNER_HEARTBEAT_SECONDS: '1',
      TERRACE_IAC_BIN_DIR: join(work, 'bin'),
      TERRACE_IAC_DOWNLOAD: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  runner.stdout?.on('data', (d: Buffer) => (output += `[${name}] ${d.toString()}`));
  runner.stderr?.on('data', (d: Buffer) => (output += `[${name}] ${d.toString()}`));
}

async function kill(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'terrace-kill-matrix-'));
  holdDir = join(work, 'hold');
  await mkdir(holdDir);
  databaseName = `terrace_kill_${randomBytes(5).toString('hex')}`;
  await adminQuery(`CREATE DATABASE "${databaseName}"`);
  const url = new URL(inject('databaseUrl'));
  url.pathname = `/${databaseName}`;
  databaseUrl = url.toString();

  // The server and the runner bundled as they ship (inside the workspace: packages resolve from node_modules).
  bundleDir = join(root, 'tmp', `kill-matrix-${randomBytes(4).toString('hex')}`);
  await promisify(execFile)(process.execPath, [join(root, 'apps/api/build.mjs'), join(bundleDir, 'server.mjs')]);
  await promisify(execFile)(process.execPath, [join(root, 'apps/runner/build.mjs'), join(bundleDir, 'runner.mjs')]);

  repos = await TestRepositories.create();
  await repos.create('infra', { 'README.md': '# infra\n', 'stacks/app/main.tf': mainTf });
  git = await startGitHttpServer({ root: repos.root, credentials: { username: 'x-access-token', password: hostToken } });
  gate = await startGate(new URL(git.origin));
  hosts = await startVcsHostStandIn({
    token: hostToken,
    repositories: [{ owner: 'acme', name: 'infra', defaultBranch: 'main', branches: [], httpUrl: `${gate.url}/infra.git` }],
  });
  await installStandIns(join(work, 'bin'), { terraform: ['1.9.5'] });
  // The runner scrubs its jobs' environment: the stand-in reads its knobs next to its binaries.
  await writeFile(join(work, 'bin', 'standin.env'), `TERRACE_STANDIN_HOLD_DIR=${holdDir}\nTERRACE_STANDIN_LOG=${join(work, 'standin.log')}\n`);

  serverPort = await freePort();
  await startServer();
  api = await createTestApi({ databaseUrl, masterKey, vcs: { endpoints: hosts.endpoints, gitWorkRoot: join(work, 'git') }, poolSize: 6 });
  admin = await signUpOrganization(api, 'kill-matrix');
  namespaceId = (await createNamespace(api, admin.token)).id;
  providerId = (
    await ok<{ id: string }>('createVcsProvider', {
      token: admin.token,
      entity: { type: 'github', name: 'gh-kill', authType: 'token', gitCloneType: 'http', githubMetadata: { orgName: 'acme' }, credentials: { token: hostToken } },
    })
  ).id;
  groupId = (await ok<{ id: string }>('createRunnerGroup', { token: admin.token, entity: { name: 'kill-matrix', maxConcurrency: 4 } })).id;
  groupToken = (await ok<{ token: string }>('createRunnerGroupToken', { token: admin.token, params: { groupId }, entity: { name: 'kill' } })).token;
  startRunner();
}, 240_000);

afterAll(async () => {
  await writeFile(join(root, 'tmp', 'kill-matrix-output.log'), output).catch(() => undefined);
  gate?.open();
  await releaseAll().catch(() => undefined);
  await kill(runner);
  await kill(server);
  await api?.close();
  await hosts?.close();
  await gate?.stop();
  await git?.close();
  await repos?.dispose();
  await adminQuery(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`).catch(() => undefined);
  await rm(bundleDir, { recursive: true, force: true });
  await rm(work, { recursive: true, force: true });
});

async function ok<T = Record<string, unknown>>(operationId: string, options: Parameters<TestApi['call']>[1]): Promise<T> {
  const res = await api.call<T>(operationId, options);
  expect(res.status, `${operationId}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.response.items[0] as T;
}

interface Deployment {
  status: string;
  errorSummary?: string;
}
const deploymentOf = (deploymentId: string) => ok<Deployment>('getDeployment', { token: admin.token, params: { deploymentId } });

async function until<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; processes said:\n${output.slice(-6000)}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

const statusIn = (deploymentId: string, statuses: string[]) =>
  until(`deployment ${deploymentId} in ${statuses.join('/')}`, async () => {
    const run = await deploymentOf(deploymentId);
    return statuses.includes(run.status) ? run : undefined;
  });

const logOf = async (runId: string) => Buffer.concat((await readRunLog(api.runnerProtocol, admin.organizationId, runId, 0)).map((p) => p.data));

/**
 * Every run of the organization ended (a deployment's drift check included): the stand-in's hold
 * point is shared by all jobs, so a scenario starts only when no other job can reach it.
 */
async function quiet(): Promise<void> {
  await releaseAll();
  await until('the runs of earlier scenarios to end', async () => {
    const [row] = (await api.database.db.execute<{ n: string }>(sql`select count(*) as n from runs where organization_id = ${admin.organizationId} and is_active`)).rows;
    return Number(row?.n) === 0 ? true : undefined;
  });
}

async function newStack(): Promise<string> {
  await quiet();
  const stack = await ok<{ id: string }>('createStack', {
    token: admin.token,
    entity: {
      stack: {
        name: `kill-${randomBytes(3).toString('hex')}`,
        namespaceId,
        iacType: 'terraform',
        data: {
          vcsInfo: { providerId, repoName: 'infra', branch: 'main', path: 'stacks/app' },
          iacConfig: { terraformVersion: '1.9.5' },
          runnerConfig: { mode: 'selfHosted', groups: [groupId] },
        },
      },
    },
  });
  return stack.id;
}

type Transition = 'queued' | 'claimed' | 'planning' | 'waitingForApproval' | 'applying' | 'finishing';
const holdOf: Partial<Record<Transition, 'plan' | 'apply' | 'output'>> = { planning: 'plan', applying: 'apply', finishing: 'output' };

/** Holds only at `point` (the stand-in waits there for its release file). */
async function holdAt(point: 'plan' | 'apply' | 'output' | undefined): Promise<void> {
  for (const file of await readdir(holdDir)) await rm(join(holdDir, file));
  for (const other of ['plan', 'apply', 'output'] as const) if (other !== point) await writeFile(join(holdDir, `${other}.release`), '');
}
const releaseAll = () => Promise.all(['plan', 'apply', 'output'].map((p) => writeFile(join(holdDir, `${p}.release`), '')));

/** Drives a new deployment to `at` (the runner alive), answers its id. */
async function driveTo(stackId: string, at: Transition): Promise<string> {
  await holdAt(holdOf[at]);
  if (at === 'claimed') gate.close();
  const deployment = (await ok<{ id: string }>('createDeployment', { token: admin.token, entity: { stackId } })).id;
  if (at === 'claimed') await gate.waiting();
  if (at === 'waitingForApproval' || at === 'applying' || at === 'finishing') {
    await statusIn(deployment, ['waitingForApproval']);
    if (at !== 'waitingForApproval') await ok('approveDeployment', { token: admin.token, query: { deploymentId: deployment } });
  }
  const point = holdOf[at];
  if (point) await until(`the stand-in held at ${point}`, async () => (existsSync(join(holdDir, `${point}.held`)) ? true : undefined));
  return deployment;
}

/** The stand-in's invocations of one run's jobs (their directories are named after the job). */
async function invocations(runId: string, command: string): Promise<number> {
  const jobs = (await api.database.db.execute<{ id: string }>(sql`select id from run_jobs where run_id = ${runId}`)).rows.map((r) => r.id);
  const lines = (await readFile(join(work, 'standin.log'), 'utf8')).split('\n').filter(Boolean);
  return lines.map((l) => JSON.parse(l) as { args: string[]; cwd: string }).filter((l) => l.args[0] === command && jobs.some((j) => l.cwd.includes(j))).length;
}

async function expectNothingLeft(stackId: string): Promise<void> {
  expect((await api.call('getStackStateLock', { token: admin.token, query: { stackId } })).body.response.items).toEqual([]);
  const [stack] = (await api.database.db.execute<{ active_run_id: string | null }>(sql`select active_run_id from stacks where id = ${stackId}`)).rows;
  expect(stack?.active_run_id ?? null).toBeNull();
}

async function deployToTheEnd(deploymentId: string): Promise<Deployment> {
  const planned = await statusIn(deploymentId, ['waitingForApproval', 'succeeded', 'failed', 'error', 'applyFailure']);
  if (planned.status !== 'waitingForApproval') return planned;
  await ok('approveDeployment', { token: admin.token, query: { deploymentId } });
  return statusIn(deploymentId, ['succeeded', 'failed', 'error', 'applyFailure']);
}

// What each kill leaves (design §5.1 and §5.3): a runner killed inside a started job loses it,
// and the run ends in error with the runner's name (a deployment's plan holds the stack; an apply
// may have changed infrastructure half-way: neither runs again by itself); outside a job nothing
// is lost. ('claimed' holds the plan job's clone, after its first step report; an apply claimed
// with no step reported is queued again: its own case below.) A killed server loses nothing: the runner waits for it and goes on.
const outcomes: Record<'runner' | 'server', Record<Transition, 'succeeded' | 'error'>> = {
  runner: { queued: 'succeeded', claimed: 'error', planning: 'error', waitingForApproval: 'succeeded', applying: 'error', finishing: 'error' },
  server: { queued: 'succeeded', claimed: 'succeeded', planning: 'succeeded', waitingForApproval: 'succeeded', applying: 'succeeded', finishing: 'succeeded' },
};
const transitions: Transition[] = ['queued', 'claimed', 'planning', 'waitingForApproval', 'applying', 'finishing'];

describe('kill -9 at every transition', () => {
  it.each(transitions)('the runner, %s', async (at) => {
    const stackId = await newStack();
    let deployment: string;
    if (at === 'queued') {
      // Killed while it long-polls: the job queued next must not go to the dead runner's claim.
      await holdAt(undefined);
      await kill(runner);
      deployment = (await ok<{ id: string }>('createDeployment', { token: admin.token, entity: { stackId } })).id;
      await new Promise((r) => setTimeout(r, 1_500));
      expect((await deploymentOf(deployment)).status).toBe('queued');
    } else {
      deployment = await driveTo(stackId, at);
      await new Promise((r) => setTimeout(r, 700)); // the runner's log batch (500 ms) reaches the server
      output += `\n=== killing kill-runner-${runners} (pid ${runner?.pid}) at ${at}\n`;
      await kill(runner);
    }
    const before = await logOf(deployment);
    const killedIn = at === 'queued' || at === 'waitingForApproval' ? null : `kill-runner-${runners}`;
    if (killedIn) {
      // Its heartbeats stopped: the lease runs out (moved to the past instead of waiting 90 s), the sweeper runs.
      await api.database.db.execute(sql`update run_jobs set lease_expires_at = now() - interval '1 second' where run_id = ${deployment} and status in ('claimed', 'running')`);
      await sweepRunners(api.runnerProtocol);
    }
    // The killed runner's terraform is still there, held: let it go on as a zombie (fenced off).
    gate.open();
    await releaseAll();
    startRunner();
    const end = await deployToTheEnd(deployment);
    const history = (await api.database.db.execute<{ event: string; to_status: string; reason: string | null }>(sql`select event, to_status, reason from run_transitions where run_id = ${deployment} order by seq`)).rows;
    expect(end.status, `${end.errorSummary}\n${JSON.stringify(history, null, 1)}`).toBe(outcomes.runner[at]);
    if (end.status === 'error') expect(end.errorSummary).toContain(killedIn ?? 'a runner');
    // Every byte stored before the kill is still the start of the log.
    const after = await logOf(deployment);
    expect(after.subarray(0, before.length).equals(before)).toBe(true);
    if (at !== 'queued') expect(before.length).toBeGreaterThan(0);
    // Nothing ran twice: one apply at most (none after the lost one), the run ended once.
    expect(await invocations(deployment, 'apply')).toBeLessThanOrEqual(1);
    const ends = (await api.database.db.execute<{ n: string }>(sql`select count(*) as n from run_transitions where run_id = ${deployment} and to_status in ('succeeded', 'error', 'failed', 'applyFailure', 'canceled')`)).rows[0];
    expect(Number(ends?.n)).toBe(1);
    // No lock, no stack mutex left: the next deployment of the stack runs to the end.
    await expectNothingLeft(stackId);
    if (end.status === 'error') {
      const next = (await ok<{ id: string }>('createDeployment', { token: admin.token, entity: { stackId } })).id;
      expect((await deployToTheEnd(next)).status).toBe('succeeded');
      await expectNothingLeft(stackId);
    }
  }, 180_000);

  it('the runner, claimed (its apply, before any step)', async () => {
    const stackId = await newStack();
    const deployment = await driveTo(stackId, 'waitingForApproval');
    // The runner freezes with its long-polled claim waiting at the server: the approved apply job
    // goes to it, and it never reports a step. Then it is killed.
    const frozen = `kill-runner-${runners}`;
    runner?.kill('SIGSTOP');
    await ok('approveDeployment', { token: admin.token, query: { deploymentId: deployment } });
    await until('the frozen runner to claim the apply', async () => {
      const [job] = (await api.database.db.execute<{ status: string }>(sql`select status from run_jobs where run_id = ${deployment} and phase = 'apply'`)).rows;
      return job?.status === 'claimed' ? true : undefined;
    });
    output += `\n=== killing ${frozen} (pid ${runner?.pid}) at its apply's claim\n`;
    await kill(runner);
    await api.database.db.execute(sql`update run_jobs set lease_expires_at = now() - interval '1 second' where run_id = ${deployment} and status in ('claimed', 'running')`);
    await sweepRunners(api.runnerProtocol);
    // Nothing was applied: the deployment is approved again, the reason in its history.
    expect((await deploymentOf(deployment)).status).toBe('approved');
    const [last] = (await api.database.db.execute<{ event: string; reason: string | null }>(sql`select event, reason from run_transitions where run_id = ${deployment} order by seq desc limit 1`)).rows;
    expect(last?.event).toBe('applyRequeued');
    expect(last?.reason).toContain(frozen);
    // Another runner applies it, once.
    startRunner();
    const end = await statusIn(deployment, ['succeeded', 'failed', 'error', 'applyFailure']);
    expect(end.status, `${end.errorSummary}\n${output.slice(-4000)}`).toBe('succeeded');
    expect(await invocations(deployment, 'apply')).toBe(1);
    const ends = (await api.database.db.execute<{ n: string }>(sql`select count(*) as n from run_transitions where run_id = ${deployment} and to_status in ('succeeded', 'error', 'failed', 'applyFailure', 'canceled')`)).rows[0];
    expect(Number(ends?.n)).toBe(1);
    await expectNothingLeft(stackId);
  }, 180_000);

  it.each(transitions)('the server, %s', async (at) => {
    const stackId = await newStack();
    let deployment: string;
    let before: Buffer;
    if (at === 'queued') {
      await holdAt(undefined);
      await kill(server);
      // Another replica takes the deployment meanwhile.
      deployment = (await ok<{ id: string }>('createDeployment', { token: admin.token, entity: { stackId } })).id;
      before = await logOf(deployment);
    } else {
      deployment = await driveTo(stackId, at);
      await new Promise((r) => setTimeout(r, 700));
      before = await logOf(deployment);
      await kill(server);
    }
    await startServer();
    gate.open();
    await releaseAll();
    const end = await deployToTheEnd(deployment);
    expect(end.status, `${end.errorSummary}\n${output.slice(-4000)}`).toBe(outcomes.server[at]);
    const after = await logOf(deployment);
    expect(after.subarray(0, before.length).equals(before)).toBe(true);
    expect(after.toString('utf8')).toMatch(/Apply complete!/);
    expect(await invocations(deployment, 'plan')).toBe(1);
    expect(await invocations(deployment, 'apply')).toBe(1);
    // The state was written once, through the restarted server.
    const versions = await api.call<{ status: string }>('listStackStateVersions', { token: admin.token, query: { stackId, page: 1, pageSize: 10 } });
    expect(versions.body.response.items.map((v) => v.status)).toEqual(['current']);
    await expectNothingLeft(stackId);
  }, 180_000);
});
