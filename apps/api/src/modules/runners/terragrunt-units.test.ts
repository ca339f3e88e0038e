import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { startGitHttpServer, TestRepositories, type GitHttpServer } from '@terrace/git/testing';
import { installStandIns } from '@terrace/iac-stand-in';
import type { RunnerAgent } from '@terrace/runner-agent';
import { startVcsHostStandIn, type VcsHostStandIn } from '@terrace/vcs-hosts/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNamespace, signUpOrganization, type SignedUp } from '../../testing/factories';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { runs } from '../runs/runs.schema';
import { stateVersions } from '../terraform-state/terraform-state.schema';
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
  'live/app/main.tf': 'variable "vpc_id" {}\n\nresource "null_resource" "app" {\n  triggers = { vpc = var.vpc_id }\n}\n\nresource "null_resource" "web" {}\n',
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

describe('a terragrunt stack of several units on the runner', () => {
  it('plans and applies every unit in one run: a state per unit on the server, the summary summed, changes named by unit', async () => {
    const namespaceId = (await createNamespace(api, admin.token)).id;
    const provider = await ok<{ id: string }>('createVcsProvider', {
      token: admin.token,
      entity: { type: 'github', name: `gh-${randomBytes(3).toString('hex')}`, authType: 'token', gitCloneType: 'http', githubMetadata: { orgName: 'acme' }, credentials: { token: hostToken } },
    });
    const stack = await ok<{ id: string }>('createStack', {
      token: admin.token,
      entity: {
        stack: {
          name: `live-${randomBytes(3).toString('hex')}`,
          namespaceId,
          iacType: 'terragrunt',
          data: { vcsInfo: { providerId: provider.id, repoName: 'live', branch: 'main', path: 'live' }, iacConfig: { terragruntVersion: '0.80.0', isTerragruntRunAll: true } },
        },
      },
    });
    const deployment = await ok<{ id: string }>('createDeployment', { token: admin.token, entity: { stackId: stack.id } });
    const log = async () => Buffer.concat((await readRunLog(api.runnerProtocol, admin.organizationId, deployment.id, 0)).map((p) => p.data)).toString('utf8');

    const planned = await waitForStatus(deployment.id, ['waitingForApproval', 'failed', 'error', 'succeeded']);
    expect(planned.status, `${planned.errorSummary}\n${await log()}`).toBe('waitingForApproval');
    // Both units' plans in one summary: 3 resources to add, each named with its unit.
    const state = await ok<{ results?: { terraformPlanResult?: { summary?: { create?: { tfResourceName: string }[]; hasOutputChanges?: boolean } } } }>('getDeploymentStateV2', {
      token: admin.token,
      query: { deploymentId: deployment.id },
    });
    expect(state.results?.terraformPlanResult?.summary?.create?.map((c) => c.tfResourceName)).toEqual(['network:null_resource.vpc', 'app:null_resource.app', 'app:null_resource.web']);
    expect(state.results?.terraformPlanResult?.summary?.hasOutputChanges).toBe(true);
    const [stored] = await api.database.db.select({ planSummary: runs.planSummary }).from(runs).where(eq(runs.id, deployment.id));
    expect(stored?.planSummary).toMatchObject({ add: 3, change: 0, destroy: 0, replaceCount: 0, hasChanges: true });

    await ok('approveDeployment', { token: admin.token, query: { deploymentId: deployment.id } });
    const applied = await waitForStatus(deployment.id, ['succeeded', 'failed', 'error']);
    expect(applied.status, `${applied.errorSummary}\n${await log()}`).toBe('succeeded');

    // Each unit's state is its own on the server (network applied before app); the stack's root has none.
    const rows = await api.database.db
      .select({ unit: stateVersions.unit, serial: stateVersions.serial, status: stateVersions.status })
      .from(stateVersions)
      .where(and(eq(stateVersions.stackId, stack.id), eq(stateVersions.status, 'current')));
    expect(rows.map((r) => `${r.unit}#${r.serial}`).sort()).toEqual(['app#1', 'network#1']);

    const text = await log();
    expect(text).toContain('Terragrunt stack of 2 unit(s), run in dependency order');
    expect(text.indexOf('Unit network (1/2): apply')).toBeGreaterThan(0);
    expect(text.indexOf('Unit app (2/2): apply')).toBeGreaterThan(text.indexOf('Unit network (1/2): apply'));
    expect(text).toMatch(/Unit app: Plan: 2 to add, 0 to change, 0 to destroy/);
  }, 600_000);
});
