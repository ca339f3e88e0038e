import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startGitHttpServer, TestRepositories, type GitHttpServer } from '@terrace/git/testing';
import { startVcsHostStandIn, type VcsHostStandIn } from '@terrace/vcs-hosts/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createNamespace, signUpOrganization, type SignedUp } from '../../testing/factories';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { claimNextJob, finishJob } from '../runs/run-jobs.service';
import { runs } from '../runs/runs.schema';
import { runStackLifecycle } from './stack-lifecycle.service';

// Blueprints end to end on loopback: real PostgreSQL, real git (the blueprint's code and the target
// repository served by git's HTTP backend), GitHub's REST API by its stand-in (the pull request
// opened there with the rendered files), the merge delivered as GitHub's signed webhook.

const hostToken = `tok_${randomBytes(8).toString('hex')}`;
let api: TestApi;
let admin: SignedUp;
let namespaceId: string;
let repos: TestRepositories;
let git: GitHttpServer;
let standIn: VcsHostStandIn;
let workRoot: string;
let providerId: string;
let webhookSecret: string;

const mainTf = [
  'variable "env" {',
  '  default = "{env}"',
  '}',
  '',
  'resource "null_resource" "app" {',
  '  triggers = { name = "{team}-{env}" }',
  '}',
  '',
].join('\n');

beforeAll(async () => {
  repos = await TestRepositories.create();
  const blueprintsHead = await repos.create('blueprints', {
    'templates/app/main.tf': mainTf,
    'templates/app/modules/net/net.tf': 'output "team" { value = "{team}" }\n',
    'README.md': '# Blueprints\n',
  });
  const infraHead = await repos.create('infra', { 'stacks/existing-app/main.tf': 'resource "null_resource" "x" {}\n', 'README.md': '# infra\n' });
  git = await startGitHttpServer({ root: repos.root });
  standIn = await startVcsHostStandIn({
    token: hostToken,
    repositories: [
      { owner: 'acme', name: 'blueprints', defaultBranch: 'main', branches: [{ name: 'main', commit: blueprintsHead }], httpUrl: git.urlOf('blueprints') },
      { owner: 'acme', name: 'infra', defaultBranch: 'main', branches: [{ name: 'main', commit: infraHead }], httpUrl: git.urlOf('infra') },
      // Azure DevOps names a repository organization/project/repository.
      { owner: 'contoso/Platform', name: 'blueprints', defaultBranch: 'main', branches: [{ name: 'main', commit: blueprintsHead }], httpUrl: git.urlOf('blueprints') },
      { owner: 'contoso/Platform', name: 'infra', defaultBranch: 'main', branches: [{ name: 'main', commit: infraHead }], httpUrl: git.urlOf('infra') },
    ],
  });
  workRoot = await mkdtemp(join(tmpdir(), 'terrace-blueprints-test-'));
  api = await createTestApi({ vcs: { endpoints: standIn.endpoints, gitWorkRoot: workRoot }, poolSize: 6 });
  admin = await signUpOrganization(api, 'blueprints');
  namespaceId = (await createNamespace(api, admin.token)).id;
  const provider = await api.call<{ id: string }>('createVcsProvider', {
    token: admin.token,
    entity: { name: 'github', type: 'github', authType: 'token', gitCloneType: 'http', githubMetadata: { orgName: 'acme' }, credentials: { token: hostToken } },
  });
  expect(provider.status, JSON.stringify(provider.body)).toBe(200);
  providerId = (provider.body.response.items[0] as { id: string }).id;
  const secret = await api.call<{ secret: string }>('getGithubWebhookSecret', { token: admin.token, query: { providerId } });
  webhookSecret = (secret.body.response.items[0] as { secret: string }).secret;
}, 60_000);

afterAll(async () => {
  await api.close();
  await standIn.close();
  await git.close();
  await repos.dispose();
  await rm(workRoot, { recursive: true, force: true });
});

const suffix = () => randomBytes(3).toString('hex');
type Blueprint = Record<string, unknown> & { id: string; name: string };
type Stack = Record<string, unknown> & { id: string; name: string; initStatus?: string; errorState?: string };

function blueprintEntity(extra: Record<string, unknown> = {}, configuration: Record<string, unknown> = {}) {
  return {
    name: `blp-${suffix()}`,
    description: 'An application stack per team and environment',
    vcsInfo: { providerId, repoName: 'blueprints', branch: 'main', path: 'templates/app' },
    stackConfiguration: {
      name: '{team}-{env}',
      iacType: 'terraform',
      vcsInfo: { providerId, repoName: 'infra', branch: 'main', path: 'stacks/{team}-{env}' },
      iacConfig: { terraformVersion: '1.9.5', varFiles: ['common.tfvars'] },
      runnerConfig: { mode: 'selfHosted', groups: [`grp-${suffix()}`] },
      deploymentApprovalPolicy: { rules: [{ type: 'requireApproval' }] },
      ...configuration,
    },
    substituteParameters: [
      { key: 'team', description: 'Owning team' },
      { key: 'env', description: 'Environment', valueConditions: [{ operator: 'in', value: ['dev', 'staging', 'prod'] }] },
    ],
    policy: { ttlConfig: { openCleanupPrOnTtlTermination: true } },
    skipPlanOnStackInitialization: false,
    autoApproveApplyOnInitialization: true,
    ...extra,
  };
}

async function createBlueprint(extra: Record<string, unknown> = {}): Promise<Blueprint> {
  const res = await api.call<Blueprint>('createBlueprint', { token: admin.token, entity: blueprintEntity(extra) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.response.items[0] as Blueprint;
}

/** Sends GitHub's `pull_request` closed delivery for a pull request of acme/infra, signed with the provider's secret. */
async function deliverClosed(number: number, merged: boolean) {
  const body = Buffer.from(
    JSON.stringify({
      action: 'closed',
      number,
      pull_request: { number, merged, merge_commit_sha: merged ? 'b'.repeat(40) : null, head: { ref: 'x', sha: 'c'.repeat(40) }, base: { ref: 'main' }, user: { login: 'octocat' } },
      repository: { id: 2, name: 'infra', full_name: 'acme/infra', owner: { login: 'acme' } },
      sender: { login: 'octocat' },
    }),
  );
  const response = await api.app.inject({
    method: 'POST',
    url: `/api/vcs/webhook/github?providerId=${providerId}`,
    headers: {
      'content-type': 'application/json',
      'x-github-event': 'pull_request',
      'x-github-delivery': randomUUID(),
      'x-hub-signature-256': `sha256=${createHmac('sha256', webhookSecret).update(body).digest('hex')}`,
    },
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(200);
}

const groupOf = (blueprint: Blueprint) => ((blueprint['stackConfiguration'] as { runnerConfig: { groups: string[] } }).runnerConfig.groups[0] as string);

describe('blueprints', () => {
  it('creates a blueprint with its whole shape, updates it partially, deletes it, with audit rows; viewers read only; other organizations see none', async () => {
    const entity = blueprintEntity();
    const created = await api.call<Blueprint>('createBlueprint', { token: admin.token, entity });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const blueprint = created.body.response.items[0] as Blueprint;
    expect(blueprint.id).toMatch(/^blp-/);
    expect(blueprint).toMatchObject({ ...entity, substituteParameters: [entity.substituteParameters[0], { key: 'env', description: 'Environment', valueConditions: [{ operator: 'in', value: ['dev', 'staging', 'prod'] }] }] });
    expect((await api.call('getBlueprint', { token: admin.token, params: { blueprintId: blueprint.id } })).body.response.items).toEqual([blueprint]);
    const listed = await api.call<Blueprint>('listBlueprints', { token: admin.token, query: { blueprintName: entity.name } });
    expect(listed.body.response.items.map((b) => b.id)).toEqual([blueprint.id]);

    const updated = await api.call<Blueprint>('updateBlueprint', { token: admin.token, params: { blueprintId: blueprint.id }, entity: { description: null, autoApproveApplyOnInitialization: false } });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.response.items[0]).toMatchObject({ autoApproveApplyOnInitialization: false, stackConfiguration: entity.stackConfiguration });
    expect((updated.body.response.items[0] as Blueprint)['description']).toBeUndefined();

    const viewer = await addMember(api, admin.organizationId, 'viewer');
    expect((await api.call('getBlueprint', { token: viewer.token, params: { blueprintId: blueprint.id } })).status).toBe(200);
    expect((await api.call('updateBlueprint', { token: viewer.token, params: { blueprintId: blueprint.id }, entity: { description: 'x' } })).status).toBe(403);
    const other = await signUpOrganization(api, 'blueprints-other');
    expect((await api.call('getBlueprint', { token: other.token, params: { blueprintId: blueprint.id } })).status).toBe(404);

    const mapping = { blueprintId: blueprint.id, namespaceId };
    expect((await api.call('createBlueprintNamespaceMapping', { token: admin.token, entity: mapping })).status).toBe(200);
    expect((await api.call('listBlueprintNamespaceMappings', { token: admin.token, query: { namespaceId } })).body.response.items).toContainEqual(mapping);
    expect((await api.call('deleteBlueprintNamespaceMapping', { token: admin.token, entity: mapping })).status).toBe(200);

    expect((await api.call('deleteBlueprint', { token: admin.token, params: { blueprintId: blueprint.id } })).status).toBe(200);
    const audit = await api.call<{ entityId: string; action: string }>('listAuditEvents', { token: admin.token, query: { entityType: 'blueprint' } });
    expect(audit.body.response.items.filter((e) => e.entityId === blueprint.id).map((e) => e.action).sort()).toEqual(['create', 'delete', 'update']);
  });

  it('applies the spec’s rules as field errors: parameters in the name and sub-directory, declared parameters, branch, var files', async () => {
    const cases: [Record<string, unknown>, Record<string, unknown>, string, RegExp][] = [
      [{}, { name: 'fixed-name' }, 'entity.stackConfiguration.name', /Must include at least one substitute parameter in curly braces, e\.g\. \{stack_name\}/],
      [{}, { vcsInfo: { providerId, repoName: 'infra', path: 'stacks/app' } }, 'entity.stackConfiguration.vcsInfo.path', /Must include at least one substitute parameter/],
      [{}, { name: '{team}-{region}' }, 'entity.stackConfiguration.name', /'\{region\}' is not one of the blueprint's substitute parameters/],
      [{}, { vcsInfo: { providerId, repoName: 'infra', path: 'stacks/{team}', branch: 'bad branch' } }, 'entity.stackConfiguration.vcsInfo.branch', /curly braces and parentheses/],
      [{}, { iacConfig: { varFiles: ['prod.auto.tfvars'] } }, 'entity.stackConfiguration.iacConfig.varFiles.0', /loads prod\.auto\.tfvars automatically/],
      [{}, { vcsInfo: undefined }, 'entity.stackConfiguration.vcsInfo', /choose the repository/],
      [{ substituteParameters: [{ key: 'team' }, { key: 'team' }] }, { name: '{team}', vcsInfo: { providerId, repoName: 'infra', path: 's/{team}' } }, 'entity.substituteParameters.1.key', /declared twice/],
      [{ substituteParameters: [{ key: '1team' }] }, {}, 'entity.substituteParameters.0.key', /Key must consist of/],
      [{ substituteParameters: [{ key: 'team', valueConditions: [{ operator: 'lt', value: 'abc' }] }] }, { name: '{team}', vcsInfo: { providerId, repoName: 'infra', path: 's/{team}' } }, 'entity.substituteParameters.0.valueConditions.0.value', /must be a number/],
    ];
    for (const [extra, configuration, field, message] of cases) {
      const res = await api.call('createBlueprint', { token: admin.token, entity: JSON.parse(JSON.stringify(blueprintEntity(extra, configuration))) });
      expect(res.status, JSON.stringify([extra, configuration, res.body])).toBe(400);
      expect(res.body.response.errors[0]?.field, JSON.stringify(res.body.response.errors)).toBe(field);
      expect(res.body.response.errors[0]?.message).toMatch(message);
    }
    // A dynamic branch with parameters is fine.
    await createBlueprint({ stackConfiguration: { ...blueprintEntity().stackConfiguration, vcsInfo: { providerId, repoName: 'infra', path: 'stacks/{team}-{env}', branch: 'release/{env}' } } });
  });
});

describe('stacks from blueprints', () => {
  it('checks the parameters and that the sub-directory is new, then opens the pull request with the rendered code; the merge initialises the stack', async () => {
    const blueprint = await createBlueprint();
    const missing = await api.call('createStackFromBlueprint', { token: admin.token, entity: { blueprintId: blueprint.id, namespaceId, parameters: { team: 'web' } } });
    expect(missing.status).toBe(400);
    expect(missing.body.response.errors[0]).toMatchObject({ field: 'entity.parameters.env', message: 'Please enter value' });
    const outside = await api.call('createStackFromBlueprint', { token: admin.token, entity: { blueprintId: blueprint.id, namespaceId, parameters: { team: 'web', env: 'qa' } } });
    expect(outside.body.response.errors[0]?.field).toBe('entity.parameters.env');
    const exists = await api.call('createStackFromBlueprint', { token: admin.token, entity: { blueprintId: blueprint.id, namespaceId, parameters: { team: 'existing', env: 'app' } } });
    expect(exists.status).toBe(400);
    const existsCondition = await api.call('createStackFromBlueprint', {
      token: admin.token,
      entity: { blueprintId: (await createBlueprint({ substituteParameters: [{ key: 'team' }, { key: 'env' }] })).id, namespaceId, parameters: { team: 'existing', env: 'app' } },
    });
    expect(existsCondition.status).toBe(400);
    expect(existsCondition.body.response.errors[0]).toMatchObject({ field: 'entity.parameters', message: expect.stringMatching(/'stacks\/existing-app' already exists in infra/) });

    const team = `web${suffix()}`;
    const created = await api.call<Stack>('createStackFromBlueprint', { token: admin.token, entity: { blueprintId: blueprint.id, namespaceId, parameters: { team, env: 'dev' } } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const stack = created.body.response.items[0] as Stack;
    expect(stack).toMatchObject({
      name: `${team}-dev`,
      stackType: 'persistent',
      blueprintId: blueprint.id,
      initStatus: 'waitingForPrApproval',
      data: { vcsInfo: { providerId, repoName: 'infra', branch: 'main', path: `stacks/${team}-dev` }, iacConfig: { terraformVersion: '1.9.5', varFiles: ['common.tfvars'] } },
    });

    const pr = standIn.pullRequests.at(-1);
    expect(pr).toMatchObject({ host: 'github', repository: 'acme/infra', base: 'main', title: `Add stack ${team}-dev` });
    expect(pr?.files).toEqual([
      { path: `stacks/${team}-dev/modules/net/net.tf`, content: `output "team" { value = "${team}" }\n` },
      { path: `stacks/${team}-dev/main.tf`, content: mainTf.replaceAll('{env}', 'dev').replaceAll('{team}', team) },
    ]);
    const status = await api.call('getBlueprintStackInitializationStatus', { token: admin.token, query: { stackId: stack.id } });
    expect(status.body.response.items).toEqual([{ stackId: stack.id, status: 'waitingForPrApproval', pullRequestUrl: pr?.url }]);

    // The merge, as GitHub delivers it: the stack's first deployment starts (auto-approved by the blueprint).
    await deliverClosed(pr?.number as number, true);
    const after = (await api.call<Stack>('getStack', { token: admin.token, params: { stackId: stack.id } })).body.response.items[0] as Stack;
    expect(after.initStatus).toBe('inProgress');
    const initRuns = await api.database.db.select().from(runs).where(eq(runs.stackId, stack.id));
    expect(initRuns).toHaveLength(1);
    expect(initRuns[0]).toMatchObject({ kind: 'deployment', status: 'queued', gitInfo: { repoName: 'infra', branch: 'main', headSha: 'b'.repeat(40) } });
    // A redelivery starts nothing more.
    await deliverClosed(pr?.number as number, true);
    expect(await api.database.db.select().from(runs).where(eq(runs.stackId, stack.id))).toHaveLength(1);

    for (let i = 0; i < 2; i += 1) {
      const job = await claimNextJob(api.runs, { organizationId: admin.organizationId, runnerGroupId: groupOf(blueprint), runnerId: 'rnr-bp' });
      if (!job) throw new Error('the initialization run has no job to claim');
      await finishJob(api.runs, { jobId: job.jobId, attempt: job.attempt }, {
        status: 'succeeded',
        ...(job.phase === 'plan' ? { planSummary: { add: 1, change: 0, destroy: 0, replace: 0, import: 0, hasChanges: true } } : {}),
      });
    }
    await runStackLifecycle(api.templates, new Date(), { organizationId: admin.organizationId });
    const done = await api.call('getBlueprintStackInitializationStatus', { token: admin.token, query: { stackId: stack.id } });
    expect(done.body.response.items[0]).toMatchObject({ status: 'succeeded', runId: initRuns[0]?.id });
    expect(((await api.call<Stack>('getStack', { token: admin.token, params: { stackId: stack.id } })).body.response.items[0] as Stack).initStatus).toBe('succeeded');
    const events = await api.call<{ type: string }>('listBlueprintEvents', { token: admin.token, query: { blueprintId: blueprint.id } });
    expect(events.body.response.items.map((e) => e.type).sort()).toEqual(['resourceCreationComplete', 'stackCreated']);

    // Deleting it with a cleanup pull request: its code (merged meanwhile) is removed by one.
    await repos.commit('infra', { [`stacks/${team}-dev/main.tf`]: 'x\n', [`stacks/${team}-dev/modules/net/net.tf`]: 'y\n' });
    const del = await api.call('deleteStack', { token: admin.token, params: { stackId: stack.id }, query: { openCleanupPullRequest: true } });
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    expect(standIn.pullRequests.at(-1)).toMatchObject({
      title: `Remove stack ${team}-dev`,
      files: [
        { path: `stacks/${team}-dev/modules/net/net.tf`, content: null },
        { path: `stacks/${team}-dev/main.tf`, content: null },
      ],
    });
  }, 60_000);

  it('fails the initialization when the pull request is closed unmerged; plain stacks cannot ask for a cleanup pull request', async () => {
    const blueprint = await createBlueprint();
    const created = await api.call<Stack>('createStackFromBlueprint', { token: admin.token, entity: { blueprintId: blueprint.id, namespaceId, parameters: { team: `ops${suffix()}`, env: 'prod' } } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const stack = created.body.response.items[0] as Stack;
    await deliverClosed(standIn.pullRequests.at(-1)?.number as number, false);
    const after = (await api.call<Stack>('getStack', { token: admin.token, params: { stackId: stack.id } })).body.response.items[0] as Stack;
    expect(after).toMatchObject({ initStatus: 'failed', errorState: 'blueprintInitializationFailed' });
    const status = await api.call('getBlueprintStackInitializationStatus', { token: admin.token, query: { stackId: stack.id } });
    expect(status.body.response.items[0]).toMatchObject({ status: 'failed', errorMessage: 'The pull request was closed without being merged' });
    expect(await api.database.db.select().from(runs).where(eq(runs.stackId, stack.id))).toHaveLength(0);

    const plain = await api.call<Stack>('createStack', { token: admin.token, entity: { stack: { name: `plain-${suffix()}`, namespaceId, iacType: 'terraform' } } });
    const refused = await api.call('deleteStack', { token: admin.token, params: { stackId: (plain.body.response.items[0] as Stack).id }, query: { openCleanupPullRequest: true } });
    expect(refused.status).toBe(400);

    // A member may create stacks from blueprints; a viewer may not; a blueprint mapped elsewhere is not offered.
    const viewer = await addMember(api, admin.organizationId, 'viewer');
    expect((await api.call('createStackFromBlueprint', { token: viewer.token, entity: { blueprintId: blueprint.id, namespaceId, parameters: { team: 'v', env: 'dev' } } })).status).toBe(403);
    const elsewhere = (await createNamespace(api, admin.token)).id;
    await api.call('createBlueprintNamespaceMapping', { token: admin.token, entity: { blueprintId: blueprint.id, namespaceId: elsewhere } });
    const notOffered = await api.call('createStackFromBlueprint', { token: admin.token, entity: { blueprintId: blueprint.id, namespaceId, parameters: { team: 'n', env: 'dev' } } });
    expect(notOffered.body.response.errors[0]?.field).toBe('entity.namespaceId');
  }, 60_000);

  it('works the same on GitLab: the merge request opened through its Commits API, initialised by its Merge Request Hook', async () => {
    const provider = await api.call<{ id: string }>('createVcsProvider', {
      token: admin.token,
      entity: { name: `gitlab-${suffix()}`, type: 'gitlab', authType: 'personalToken', credentials: { token: hostToken } },
    });
    expect(provider.status, JSON.stringify(provider.body)).toBe(200);
    const gitlabId = (provider.body.response.items[0] as { id: string }).id;
    const secret = await api.call<{ secret: string }>('getGitlabWebhookSecret', { token: admin.token, query: { providerId: gitlabId } });
    const gitlabSecret = (secret.body.response.items[0] as { secret: string }).secret;
    const blueprint = await createBlueprint({
      vcsInfo: { providerId: gitlabId, repoName: 'acme/blueprints', branch: 'main', path: 'templates/app' },
      stackConfiguration: { ...blueprintEntity().stackConfiguration, vcsInfo: { providerId: gitlabId, repoName: 'acme/infra', branch: 'main', path: 'gl/{team}-{env}' } },
    });
    const team = `gl${suffix()}`;
    const created = await api.call<Stack>('createStackFromBlueprint', { token: admin.token, entity: { blueprintId: blueprint.id, namespaceId, parameters: { team, env: 'staging' } } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const stack = created.body.response.items[0] as Stack;
    const mr = standIn.pullRequests.at(-1);
    expect(mr).toMatchObject({ host: 'gitlab', repository: 'acme/infra', base: 'main' });
    expect(mr?.files.map((f) => f.path)).toEqual([`gl/${team}-staging/modules/net/net.tf`, `gl/${team}-staging/main.tf`]);

    const body = Buffer.from(
      JSON.stringify({
        object_kind: 'merge_request',
        event_type: 'merge_request',
        user: { username: 'dev', name: 'Dev' },
        project: { path_with_namespace: 'acme/infra' },
        object_attributes: { iid: mr?.number, action: 'merge', state: 'merged', source_branch: mr?.head, target_branch: 'main', merge_commit_sha: 'd'.repeat(40) },
      }),
    );
    const response = await api.app.inject({
      method: 'POST',
      url: `/api/vcs/webhook/gitlab?providerId=${gitlabId}`,
      headers: { 'content-type': 'application/json', 'x-gitlab-event': 'Merge Request Hook', 'x-gitlab-event-uuid': randomUUID(), 'x-gitlab-token': gitlabSecret },
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(200);
    const after = (await api.call<Stack>('getStack', { token: admin.token, params: { stackId: stack.id } })).body.response.items[0] as Stack;
    expect(after.initStatus).toBe('inProgress');
  }, 60_000);
});

interface HostCase {
  type: 'bitbucket-cloud' | 'bitbucket-data-center' | 'azure-devops';
  provider: () => Record<string, unknown>;
  owner: string;
  /** The merge delivery of pull request `number`, and its headers once signed. */
  merged: (number: number) => unknown;
  headers: (body: Buffer, secret: { secret?: string; username?: string; password?: string }) => Record<string, string>;
}

const hubSignature = (body: Buffer, secret: string) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

const hostCases: HostCase[] = [
  {
    type: 'bitbucket-cloud',
    provider: () => ({ type: 'bitbucket-cloud', authType: 'password', credentials: { username: 'terrace', password: hostToken } }),
    owner: 'acme',
    merged: (number) => ({ repository: { full_name: 'acme/infra' }, pullrequest: { id: number, state: 'MERGED', merge_commit: { hash: 'e'.repeat(12) } }, actor: { nickname: 'dev' } }),
    headers: (body, s) => ({ 'x-event-key': 'pullrequest:fulfilled', 'x-request-uuid': randomUUID(), 'x-hub-signature': hubSignature(body, s.secret ?? '') }),
  },
  {
    type: 'bitbucket-data-center',
    provider: () => ({ type: 'bitbucket-data-center', authType: 'token', bitbucketDataCenterMetadata: { httpUrl: standIn.bitbucketDataCenterUrl }, credentials: { token: hostToken } }),
    owner: 'acme',
    merged: (number) => ({
      eventKey: 'pr:merged',
      actor: { name: 'dev' },
      pullRequest: { id: number, state: 'MERGED', toRef: { id: 'refs/heads/main', repository: { slug: 'infra', project: { key: 'acme' } } }, properties: { mergeCommit: { id: 'e'.repeat(40) } } },
    }),
    headers: (body, s) => ({ 'x-event-key': 'pr:merged', 'x-request-id': randomUUID(), 'x-hub-signature': hubSignature(body, s.secret ?? '') }),
  },
  {
    type: 'azure-devops',
    provider: () => ({ type: 'azure-devops', authType: 'specificOrg', azureDevopsMetadata: { httpUrl: `${standIn.endpoints.azureDevops}/contoso` }, credentials: { token: hostToken } }),
    owner: 'contoso/Platform',
    merged: (number) => ({
      id: randomUUID(),
      eventType: 'git.pullrequest.updated',
      resource: {
        pullRequestId: number,
        status: 'completed',
        lastMergeCommit: { commitId: 'e'.repeat(40) },
        repository: { name: 'infra', project: { name: 'Platform' }, remoteUrl: 'https://dev.azure.com/contoso/Platform/_git/infra' },
      },
    }),
    headers: (_body, s) => ({ authorization: `Basic ${Buffer.from(`${s.username}:${s.password}`).toString('base64')}` }),
  },
];

const secretCalls = { 'bitbucket-cloud': 'getBitbucketWebhookSecret', 'bitbucket-data-center': 'getBitbucketDataCenterWebhookSecret', 'azure-devops': 'getAzureDevopsWebhookProperties' } as const;

describe.each(hostCases)('blueprint pull requests on $type', (c) => {
  it('opens the pull request with the rendered code through the host’s API; its merge delivery initialises the stack', async () => {
    const provider = await api.call<{ id: string }>('createVcsProvider', { token: admin.token, entity: { name: `${c.type}-${suffix()}`, gitCloneType: 'http', ...c.provider() } });
    expect(provider.status, JSON.stringify(provider.body)).toBe(200);
    const hostId = (provider.body.response.items[0] as { id: string }).id;
    const secret = await api.call<{ secret?: string; username?: string; password?: string }>(secretCalls[c.type], { token: admin.token, query: { providerId: hostId } });
    expect(secret.status, JSON.stringify(secret.body)).toBe(200);
    const blueprint = await createBlueprint({
      vcsInfo: { providerId: hostId, repoName: `${c.owner}/blueprints`, branch: 'main', path: 'templates/app' },
      stackConfiguration: { ...blueprintEntity().stackConfiguration, vcsInfo: { providerId: hostId, repoName: `${c.owner}/infra`, branch: 'main', path: 'hosts/{team}-{env}' } },
    });
    const team = `h${suffix()}`;
    const created = await api.call<Stack>('createStackFromBlueprint', { token: admin.token, entity: { blueprintId: blueprint.id, namespaceId, parameters: { team, env: 'dev' } } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const stack = created.body.response.items[0] as Stack;
    expect(stack.initStatus).toBe('waitingForPrApproval');
    const pr = standIn.pullRequests.at(-1);
    expect(pr).toMatchObject({ host: c.type, repository: `${c.owner}/infra`, base: 'main' });
    expect(pr?.files.map((f) => f.path).sort()).toEqual([`hosts/${team}-dev/main.tf`, `hosts/${team}-dev/modules/net/net.tf`]);
    expect(pr?.files.find((f) => f.path.endsWith('main.tf'))?.content).toContain(`name = "${team}-dev"`);

    const body = Buffer.from(JSON.stringify(c.merged(pr?.number ?? 0)));
    const response = await api.app.inject({
      method: 'POST',
      url: `/api/vcs/webhook/${c.type}?providerId=${hostId}`,
      headers: { 'content-type': 'application/json', ...c.headers(body, secret.body.response.items[0] as { secret?: string; username?: string; password?: string }) },
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(200);
    const after = (await api.call<Stack>('getStack', { token: admin.token, params: { stackId: stack.id } })).body.response.items[0] as Stack;
    expect(after.initStatus).toBe('inProgress');
  }, 60_000);
});
