import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startGitHttpServer, TestRepositories, type GitHttpServer } from '@terrace/git/testing';
import { installStandIns } from '@terrace/iac-stand-in';
import { startVcsHostStandIn, type VcsHostStandIn } from '@terrace/vcs-hosts/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNamespace, signUpOrganization, type SignedUp } from '../../testing/factories';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { readRunLog } from './run-logs.service';

// The real self-hosted runner process (apps/runner, bundled as it ships) against the real server:
// it registers with a group token, claims the deployment's plan job over HTTP, runs it with the
// IaC stand-in (a loopback git repository, the product's HTTP state backend with the job token),
// the run waits for approval, is approved, the apply job runs on it too, and the outputs are
// visible from the state it wrote. SIGTERM stops it cleanly.

const hostToken = `ghp_${randomBytes(8).toString('hex')}`;
let api: TestApi;
let admin: SignedUp;
let repos: TestRepositories;
let git: GitHttpServer;
let standIn: VcsHostStandIn;
let work: string;
let runner: ChildProcess | undefined;
let runnerOutput = '';
const cleanup: (() => Promise<void>)[] = [];

const mainTf = `variable "db_password" {}

resource "null_resource" "app" {
  triggers = { name = "app" }
}

output "greeting" {
  value = "hello world"
}

output "db_password" {
  value     = var.db_password
  sensitive = true
}
`;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'terrace-runner-e2e-'));
  repos = await TestRepositories.create();
  await repos.create('infra', { 'README.md': '# infra\n', 'stacks/app/main.tf': mainTf });
  git = await startGitHttpServer({ root: repos.root, credentials: { username: 'x-access-token', password: hostToken } });
  standIn = await startVcsHostStandIn({
    token: hostToken,
    repositories: [{ owner: 'acme', name: 'infra', defaultBranch: 'main', branches: [], httpUrl: git.urlOf('infra') }],
  });
  api = await createTestApi({ vcs: { endpoints: standIn.endpoints, gitWorkRoot: join(work, 'git') }, poolSize: 12 });
  await api.app.listen({ host: '127.0.0.1', port: 0 });
  admin = await signUpOrganization(api, 'self-hosted-runner');
  await installStandIns(join(work, 'bin'), { terraform: ['1.9.5'] });
}, 120_000);

afterAll(async () => {
  if (runner && runner.exitCode === null) runner.kill('SIGKILL');
  await api.close();
  await standIn.close();
  await git.close();
  await repos.dispose();
  await rm(work, { recursive: true, force: true });
  for (const step of cleanup) await step();
});

async function ok<T = Record<string, unknown>>(operationId: string, options: Parameters<TestApi['call']>[1]): Promise<T> {
  const res = await api.call<T>(operationId, options);
  expect(res.status, `${operationId}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.response.items[0] as T;
}

async function waitForStatus(deploymentId: string, statuses: string[], timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const run = await ok<{ status: string; errorSummary?: string }>('getDeployment', { token: admin.token, params: { deploymentId } });
    if (statuses.includes(run.status)) return run;
    if (runner?.exitCode !== null && runner?.exitCode !== undefined) throw new Error(`the runner exited (${runner.exitCode}):\n${runnerOutput}`);
    if (Date.now() > deadline) throw new Error(`deployment still ${run.status} (${run.errorSummary ?? ''}); runner said:\n${runnerOutput}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

describe('the self-hosted runner process', () => {
  it('runs a deployment end to end: plan, approval, apply through the HTTP state backend, outputs', async () => {
    const namespaceId = (await createNamespace(api, admin.token)).id;
    const provider = await ok<{ id: string }>('createVcsProvider', {
      token: admin.token,
      entity: { type: 'github', name: `gh-${randomBytes(3).toString('hex')}`, authType: 'token', gitCloneType: 'http', githubMetadata: { orgName: 'acme' }, credentials: { token: hostToken } },
    });
    const group = await ok<{ id: string }>('createRunnerGroup', { token: admin.token, entity: { name: 'on-prem', maxConcurrency: 2 } });
    const groupToken = await ok<{ token: string }>('createRunnerGroupToken', { token: admin.token, params: { groupId: group.id }, entity: { name: 'e2e' } });
    const stack = await ok<{ id: string }>('createStack', {
      token: admin.token,
      entity: {
        stack: {
          name: `app-${randomBytes(3).toString('hex')}`,
          namespaceId,
          iacType: 'terraform',
          data: {
            vcsInfo: { providerId: provider.id, repoName: 'infra', branch: 'main', path: 'stacks/app' },
            iacConfig: { terraformVersion: '1.9.5' },
            runnerConfig: { mode: 'selfHosted', groups: [group.id] },
          },
        },
      },
    });
    await ok('createVariable', { token: admin.token, entity: { scope: 'stack', scopeId: stack.id, key: 'db_password', value: 'pa55-Very-Secret', type: 'tfVar', isSensitive: true } });

    // Inside the workspace, so the bundle's packages resolve from node_modules as they do when shipped.
    const bundleDir = join(import.meta.dirname, '../../../../../tmp', `runner-e2e-${randomBytes(4).toString('hex')}`);
    cleanup.push(() => rm(bundleDir, { recursive: true, force: true }));
    const bundle = join(bundleDir, 'main.mjs');
    await promisify(execFile)(process.execPath, [join(import.meta.dirname, '../../../../runner/build.mjs'), bundle]);
    const port = (api.app.server.address() as AddressInfo).port;
    runner = spawn(process.execPath, [bundle], {
      env: {
        PATH: process.env['PATH'] ?? '',
        HOME: work,
        TERRACE_URL: `http://127.0.0.1:${port}/api`,
        RUNNER_TOKEN: groupToken.token,
        RUNNER_NAME: 'e2e-runner',
        RUNNER_WORK_DIR: join(work, 'jobs'),
        RUNNER_HEARTBEAT_SECONDS: '1',
        TERRACE_IAC_BIN_DIR: join(work, 'bin'),
        TERRACE_IAC_DOWNLOAD: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    runner.stdout?.on('data', (d: Buffer) => (runnerOutput += d.toString()));
    runner.stderr?.on('data', (d: Buffer) => (runnerOutput += d.toString()));

    const deployment = await ok<{ id: string }>('createDeployment', { token: admin.token, entity: { stackId: stack.id } });
    const planned = await waitForStatus(deployment.id, ['waitingForApproval', 'failed', 'error', 'succeeded']);
    const logSoFar = async () => Buffer.concat((await readRunLog(api.runnerProtocol, admin.organizationId, deployment.id, 0)).map((p) => p.data)).toString('utf8');
    expect(planned.status, `${planned.errorSummary}\n${await logSoFar()}`).toBe('waitingForApproval');
    await ok('approveDeployment', { token: admin.token, query: { deploymentId: deployment.id } });
    const applied = await waitForStatus(deployment.id, ['succeeded', 'failed', 'error']);
    expect(applied.status, `${applied.errorSummary}\n${runnerOutput}`).toBe('succeeded');

    // The state went through the product's HTTP backend: the outputs are the stack's, the secret masked.
    const outputs = await api.call<{ name: string; value?: unknown; sensitive?: boolean }>('listStackOutputs', { token: admin.token, query: { stackId: stack.id } });
    const byName = new Map(outputs.body.response.items.map((o) => [o.name, o]));
    expect(byName.get('greeting')?.value).toBe('hello world');
    expect(byName.has('db_password')).toBe(true);
    expect(JSON.stringify(outputs.body)).not.toContain('pa55-Very-Secret');

    // The log of both jobs is whole, one after the other, with the secret masked.
    const log = Buffer.concat((await readRunLog(api.runnerProtocol, admin.organizationId, deployment.id, 0)).map((p) => p.data)).toString('utf8');
    expect(log).toMatch(/terraform plan|Plan:/);
    expect(log).toMatch(/Apply complete/);
    expect(log).not.toContain('pa55-Very-Secret');

    // SIGTERM: the runner says it is shutting down and exits cleanly.
    const exited = new Promise<number | null>((resolve) => runner!.once('exit', (code) => resolve(code)));
    runner.kill('SIGTERM');
    expect(await exited).toBe(0);
    const runners = await api.call<{ name: string; health: string }>('listRunnerGroupRunners', { token: admin.token, params: { groupId: group.id }, query: { page: 1, pageSize: 10 } });
    expect(runners.body.response.items).toEqual([expect.objectContaining({ name: 'e2e-runner', health: 'shuttingDown' })]);
  }, 240_000);
});
