import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import { startGitHttpServer, TestRepositories, type GitHttpServer } from '@terrace/git/testing';
import { installStandIns } from '@terrace/iac-stand-in';
import type { RunnerAgent } from '@terrace/runner-agent';
import { startVcsHostStandIn, type VcsHostStandIn } from '@terrace/vcs-hosts/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNamespace, signUpOrganization, type SignedUp } from '../../testing/factories';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { auditEvents } from '../audit/audit.schema';
import { runs } from '../runs/runs.schema';
import { sendWire } from '../terraform-state/testing/terraform-wire';
import { stateLocks, stateVersions } from '../terraform-state/terraform-state.schema';
import { startManagedRunner } from './managed-runner';
import { readRunLog } from './run-logs.service';

// A terragrunt stack of several units through the real runner (the managed one, in this process)
// against the real server: one deployment plans and applies every unit in dependency order, each
// unit's state goes to its own address of the product's HTTP backend, and the run's plan summary
// is the units' summed up, each resource change named with its unit.

const hostToken = `ghp_${randomBytes(8).toString('hex')}`;
let api: TestApi;
let admin: SignedUp;
let repos: TestRepositories;
let git: GitHttpServer;
let hosts: VcsHostStandIn;
let work: string;
let runner: RunnerAgent | undefined;

const files: Record<string, string> = {
  'README.md': '# live\n',
  'live/root.hcl': '# shared settings (not a unit)\n',
  'live/network/terragrunt.hcl': 'inputs = {\n  name = "main"\n}\n',
  'live/network/main.tf': 'variable "name" {}\n\nresource "null_resource" "vpc" {\n  triggers = { name = var.name }\n}\n\noutput "vpc_id" {\n  value = "vpc-${var.name}"\n}\n',
  'live/app/terragrunt.hcl':
    'dependency "network" {\n  config_path = "../network"\n  mock_outputs = { vpc_id = "vpc-mock" }\n  mock_outputs_allowed_terraform_commands = ["init", "plan", "show"]\n}\n\ninputs = {\n  vpc_id = dependency.network.outputs.vpc_id\n}\n',
  'live/app/main.tf':
    'variable "vpc_id" {}\n\nresource "null_resource" "app" {\n  triggers = { vpc = var.vpc_id }\n}\n\nresource "null_resource" "web" {}\n\noutput "token" {\n  value     = "s3cr3t-${var.vpc_id}"\n  sensitive = true\n}\n',
  // A stack whose own directory is a unit too, with one below it: with "run all" off, only its own runs.
  'own/terragrunt.hcl': 'inputs = {}\n',
  'own/main.tf': 'resource "null_resource" "own" {}\n\noutput "where" {\n  value = "own"\n}\n',
  'own/child/terragrunt.hcl': 'inputs = {}\n',
  'own/child/main.tf': 'resource "null_resource" "child" {}\n',
};

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'terrace-tg-units-api-'));
  repos = await TestRepositories.create();
  await repos.create('live', files);
  git = await startGitHttpServer({ root: repos.root, credentials: { username: 'x-access-token', password: hostToken } });
  hosts = await startVcsHostStandIn({
    token: hostToken,
    repositories: [{ owner: 'acme', name: 'live', defaultBranch: 'main', branches: [], httpUrl: git.urlOf('live') }],
  });
  api = await createTestApi({ vcs: { endpoints: hosts.endpoints, gitWorkRoot: join(work, 'git') }, poolSize: 12 });
  await api.app.listen({ host: '127.0.0.1', port: 0 });
  admin = await signUpOrganization(api, 'terragrunt-units');
  await installStandIns(join(work, 'bin'), { terragrunt: ['0.80.0'], tofu: ['1.8.3'] });
  runner = startManagedRunner(api.runnerProtocol, {
    concurrency: 1,
    apiBaseUrl: `http://127.0.0.1:${(api.app.server.address() as AddressInfo).port}/api`,
    engine: { workRoot: join(work, 'jobs'), binaries: { binDir: join(work, 'bin'), cacheDir: join(work, 'cache'), download: false } },
  });
}, 120_000);

afterAll(async () => {
  await runner?.stop({ drainMs: 1_000 });
  await api.close();
  await hosts.close();
  await git.close();
  await repos.dispose();
  await rm(work, { recursive: true, force: true });
});

async function ok<T = Record<string, unknown>>(operationId: string, options: Parameters<TestApi['call']>[1]): Promise<T> {
  const res = await api.call<T>(operationId, options);
  expect(res.status, `${operationId}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.response.items[0] as T;
}

async function waitForStatus(deploymentId: string, statuses: string[], timeoutMs = 400_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const run = await ok<{ status: string; errorSummary?: string }>('getDeployment', { token: admin.token, params: { deploymentId } });
    if (statuses.includes(run.status)) return run;
    if (Date.now() > deadline) throw new Error(`deployment still ${run.status} (${run.errorSummary ?? ''})`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** A terragrunt stack of the `live` repository at `path`, with its "run all" setting. */
async function terragruntStack(path: string, runAll: boolean): Promise<string> {
  const namespaceId = (await createNamespace(api, admin.token)).id;
  const provider = await ok<{ id: string }>('createVcsProvider', {
    token: admin.token,
    entity: { type: 'github', name: `gh-${randomBytes(3).toString('hex')}`, authType: 'token', gitCloneType: 'http', githubMetadata: { orgName: 'acme' }, credentials: { token: hostToken } },
  });
  const stack = await ok<{ id: string }>('createStack', {
    token: admin.token,
    entity: {
      stack: {
        name: `${path}-${randomBytes(3).toString('hex')}`,
        namespaceId,
        iacType: 'terragrunt',
        data: { vcsInfo: { providerId: provider.id, repoName: 'live', branch: 'main', path }, iacConfig: { terragruntVersion: '0.80.0', isTerragruntRunAll: runAll } },
      },
    },
  });
  return stack.id;
}

const runLog = async (runId: string) => Buffer.concat((await readRunLog(api.runnerProtocol, admin.organizationId, runId, 0)).map((p) => p.data)).toString('utf8');

/** Plans, approves and applies a deployment of the stack: its id once it succeeded. */
async function deploy(stackId: string, beforeApproval?: (deploymentId: string) => Promise<void>): Promise<string> {
  const deployment = await ok<{ id: string }>('createDeployment', { token: admin.token, entity: { stackId } });
  const planned = await waitForStatus(deployment.id, ['waitingForApproval', 'failed', 'error', 'succeeded']);
  expect(planned.status, `${planned.errorSummary}\n${await runLog(deployment.id)}`).toBe('waitingForApproval');
  await beforeApproval?.(deployment.id);
  await ok('approveDeployment', { token: admin.token, query: { deploymentId: deployment.id } });
  const applied = await waitForStatus(deployment.id, ['succeeded', 'failed', 'error']);
  expect(applied.status, `${applied.errorSummary}\n${await runLog(deployment.id)}`).toBe('succeeded');
  return deployment.id;
}

const currentStates = async (stackId: string) =>
  (
    await api.database.db
      .select({ unit: stateVersions.unit, serial: stateVersions.serial })
      .from(stateVersions)
      .where(and(eq(stateVersions.stackId, stackId), eq(stateVersions.status, 'current')))
  )
    .map((r) => `${r.unit}#${r.serial}`)
    .sort();

const auditOf = (stackId: string) =>
  api.database.db.select().from(auditEvents).where(and(eq(auditEvents.organizationId, admin.organizationId), like(auditEvents.entityId, `${stackId}/%`)));

async function pat(): Promise<string> {
  const res = await api.call<{ token: string }>('createPersonalAccessToken', { token: admin.token, entity: { name: `tf ${randomBytes(3).toString('hex')}`, expiresInDays: 1 } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.response.items[0]?.token as string;
}

describe('a terragrunt stack of several units on the runner', () => {
  it('plans and applies every unit in one run: a state per unit on the server, the summary summed, changes named by unit', async () => {
    const stackId = await terragruntStack('live', true);
    const deploymentId = await deploy(stackId, async (id) => {
      // Both units' plans in one summary: 3 resources to add, each named with its unit.
      const state = await ok<{ results?: { terraformPlanResult?: { summary?: { create?: { tfResourceName: string }[]; hasOutputChanges?: boolean } } } }>('getDeploymentStateV2', {
        token: admin.token,
        query: { deploymentId: id },
      });
      expect(state.results?.terraformPlanResult?.summary?.create?.map((c) => c.tfResourceName)).toEqual(['network:null_resource.vpc', 'app:null_resource.app', 'app:null_resource.web']);
      expect(state.results?.terraformPlanResult?.summary?.hasOutputChanges).toBe(true);
      const [stored] = await api.database.db.select({ planSummary: runs.planSummary }).from(runs).where(eq(runs.id, id));
      expect(stored?.planSummary).toMatchObject({ add: 3, change: 0, destroy: 0, replaceCount: 0, hasChanges: true });
    });

    // Each unit's state is its own on the server (network applied before app); the stack's root has none.
    expect(await currentStates(stackId)).toEqual(['app#1', 'network#1']);

    const text = await runLog(deploymentId);
    expect(text).toContain('Terragrunt stack of 2 unit(s), run in dependency order');
    expect(text.indexOf('Unit network (1/2): apply')).toBeGreaterThan(0);
    expect(text.indexOf('Unit app (2/2): apply')).toBeGreaterThan(text.indexOf('Unit network (1/2): apply'));
    expect(text).toMatch(/Unit app: Plan: 2 to add, 0 to change, 0 to destroy/);

    // The stack's outputs are its units', named as the runner names them; a sensitive value only through its own call.
    const outputs = await api.call<{ name: string; isSensitive: boolean; value?: unknown }>('listStackOutputs', { token: admin.token, query: { stackId } });
    expect(outputs.status).toBe(200);
    expect(outputs.body.response.items).toEqual([
      { name: 'app:token', isSensitive: true, type: 'string' },
      { name: 'network:vpc_id', isSensitive: false, type: 'string', value: 'vpc-main' },
    ]);
    // (app's saved plan was made with network's mock outputs, network not yet applied: terragrunt's run --all plan does the same.)
    expect(await ok('getStackOutputSecretValue', { token: admin.token, entity: { stackId, name: 'app:token' } })).toEqual({ name: 'app:token', value: 's3cr3t-vpc-mock' });
    expect((await api.call('getStackOutputSecretValue', { token: admin.token, entity: { stackId, name: 'token' } })).status).toBe(404);
    expect((await auditOf(stackId)).filter((e) => e.action === 'readSecret' && e.entityId === `${stackId}/output/app:token`)).toHaveLength(1);

    // Its resources are its units', by unit, each address named with its unit as the plan named it.
    const resources = await api.call<{ address: string; attributes?: Record<string, unknown> }>('listStackResources', { token: admin.token, query: { stackId, extendedOutput: true } });
    expect(resources.body.response.items.map((r) => r.address), JSON.stringify(resources.body)).toEqual(['app:null_resource.app', 'app:null_resource.web', 'network:null_resource.vpc']);
    expect(resources.body.response.items[2]?.attributes).toMatchObject({ triggers: { name: 'main' } });
    expect(resources.body.response.paging).toMatchObject({ total: 3 });

    // Each unit's state history is its own.
    const history = async (unit?: string) =>
      (await api.call<{ serial: number; unit?: string }>('listStackStateVersions', { token: admin.token, query: { stackId, ...(unit ? { unit } : {}) } })).body.response.items;
    expect(await history()).toEqual([]);
    expect((await history('network')).map((v) => [v.unit, v.serial])).toEqual([['network', 1]]);

    // A unit's state lock: listed with its unit, released by a releaseStateLock task in the unit holding it.
    const token = await pat();
    const port = (api.app.server.address() as AddressInfo).port;
    const lockUnit = async (unit: string, id: string) => {
      const info = JSON.stringify({ ID: id, Operation: 'OperationTypeApply', Info: '', Who: 'ci@host', Version: '1.8.3', Created: new Date().toISOString(), Path: '' });
      const res = await sendWire(port, { method: 'LOCK', path: `/api/state/${stackId}/unit/${encodeURIComponent(unit)}/lock`, basic: { username: 'terraform', password: token }, body: info });
      expect(res.status).toBe(200);
    };
    await lockUnit('network', 'held-network');
    const locks = await api.call<{ lockId: string; unit?: string }>('getStackStateLock', { token: admin.token, query: { stackId } });
    expect(locks.body.response.items.map((l) => [l.unit, l.lockId])).toEqual([['network', 'held-network']]);
    const task = await ok<{ id: string }>('createTask', { token: admin.token, entity: { stackId, taskToExecute: { taskType: 'releaseStateLock', lockId: 'held-network' } } });
    const deadline = Date.now() + 300_000;
    let taskStatus = '';
    while (!['succeeded', 'failed', 'error'].includes(taskStatus) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 500));
      taskStatus = (await ok<{ status: string }>('getTask', { token: admin.token, params: { taskId: task.id } })).status;
    }
    expect(taskStatus, await runLog(task.id)).toBe('succeeded');
    expect(await runLog(task.id)).toContain('Unit network: releaseStateLock');
    expect(await api.database.db.select().from(stateLocks).where(eq(stateLocks.stackId, stackId))).toEqual([]);
    // Released by the task's job as a force unlock (the deployment's own locks and unlocks are audited there too).
    expect((await auditOf(stackId)).filter((e) => e.entityId === `${stackId}/unit/network/stateLock` && e.action === 'forceUnlock').map((e) => e.initiatorName.startsWith('job'))).toEqual([true]);

    // The console's force unlock finds the unit holding the lock too.
    await lockUnit('app', 'held-app');
    const wrong = await api.call('forceUnlockStackState', { token: admin.token, entity: { stackId, lockId: 'not-this-one' } });
    expect(wrong.status).toBe(409);
    await ok('forceUnlockStackState', { token: admin.token, entity: { stackId, lockId: 'held-app' } });
    expect(await api.database.db.select().from(stateLocks).where(eq(stateLocks.stackId, stackId))).toEqual([]);
    expect((await auditOf(stackId)).filter((e) => e.entityId === `${stackId}/unit/app/stateLock` && e.action === 'forceUnlock')).toHaveLength(1);
  }, 900_000);

  it('runs only the stack\'s own directory when its "run all" setting is off: one state, outputs as they are named', async () => {
    const stackId = await terragruntStack('own', false);
    const deploymentId = await deploy(stackId);
    expect(await currentStates(stackId)).toEqual(['#1']);
    expect(await runLog(deploymentId)).not.toContain('Terragrunt stack of');
    expect(await ok('listStackOutputs', { token: admin.token, query: { stackId } })).toEqual({ name: 'where', isSensitive: false, type: 'string', value: 'own' });
    const resources = await api.call<{ address: string }>('listStackResources', { token: admin.token, query: { stackId } });
    expect(resources.body.response.items.map((r) => r.address)).toEqual(['null_resource.own']);
  }, 600_000);
});
