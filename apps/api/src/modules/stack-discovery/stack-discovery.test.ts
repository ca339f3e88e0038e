import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startGitHttpServer, TestRepositories, type GitHttpServer } from '@terrace/git/testing';
import { startVcsHostStandIn, type VcsHostStandIn } from '@terrace/vcs-hosts/testing';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startJobQueue, type JobQueue } from '../../jobs/job-queue';
import { auditEvents } from '../audit/audit.schema';
import { stacks } from '../stacks/stacks.schema';
import { addMember, createNamespace, signUpOrganization, type SignedUp } from '../../testing/factories';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { stackDiscoveryEvents } from './stack-discovery.schema';
import { backgroundJobs, sendWorkToQueue } from '../../background-jobs';
import type { ComposedOperations } from '../../compose-operations';
import { DISCOVERY_SCAN_JOB, DISCOVERY_SWEEP_JOB, directoryIncluded, sweepDiscoveryScans, type ScanRequest } from './stack-discovery.service';

// Stack discovery end to end: real git (a monorepo served by git-http-backend on loopback), the
// code host's REST API by its stand-in (repository listing), the real server and PostgreSQL. A scan
// reads the repository's tree, keeps the directories with IaC code that match the patterns and
// creates their stacks; a push delivered to the webhook receiver scans again.

const hostToken = `tok_${randomBytes(8).toString('hex')}`;
let api: TestApi;
let admin: SignedUp;
let viewer: SignedUp;
let other: SignedUp;
let namespaceId: string;
let repos: TestRepositories;
let git: GitHttpServer;
let standIn: VcsHostStandIn;
let workRoot: string;
let baseUrl: string;
let head: string;

beforeAll(async () => {
  repos = await TestRepositories.create();
  head = await repos.create('monorepo', {
    'README.md': '# monorepo\n',
    'envs/prod/main.tf': 'resource "null_resource" "p" {}\n',
    'envs/dev/main.tf': 'resource "null_resource" "d" {}\n',
    'envs/staging/terragrunt.hcl': 'terraform { source = "../../modules/vpc" }\n',
    'envs/notes/README.md': 'no code here\n',
    'modules/vpc/main.tf': 'variable "cidr" {}\n',
    'apps/web/infra/main.tofu': 'resource "null_resource" "w" {}\n',
  });
  git = await startGitHttpServer({ root: repos.root });
  standIn = await startVcsHostStandIn({
    token: hostToken,
    username: 'terrace',
    repositories: [{ owner: 'acme', name: 'monorepo', defaultBranch: 'main', branches: [{ name: 'main', commit: head }], httpUrl: git.urlOf('monorepo') }],
  });
  workRoot = await mkdtemp(join(tmpdir(), 'terrace-discovery-test-'));
  api = await createTestApi({ vcs: { endpoints: standIn.endpoints, gitWorkRoot: workRoot }, poolSize: 8 });
  baseUrl = await api.app.listen({ host: '127.0.0.1', port: 0 });
  admin = await signUpOrganization(api, 'discovery');
  viewer = await addMember(api, admin.organizationId, 'viewer');
  other = await signUpOrganization(api, 'discovery-other');
  namespaceId = (await createNamespace(api, admin.token)).id;
}, 60_000);

afterAll(async () => {
  await api.close();
  await standIn.close();
  await git.close();
  await repos.dispose();
  await rm(workRoot, { recursive: true, force: true });
});

interface Configuration {
  id: string;
  name: string;
  status: string;
}
interface DiscoveryEvent {
  id: string;
  status: string;
  createdStacks: { stackId: string; repoName: string; path: string }[];
  proposedCount?: number;
  message?: string;
}
interface Proposal {
  id: string;
  stackDiscoveryConfigurationId: string;
  repoName: string;
  path: string;
  iacType: string;
  status: string;
  stackId?: string;
}

/** A provider of its own per test: which stacks already use a path is per provider. */
async function newProvider(token = admin.token): Promise<string> {
  const res = await api.call<{ id: string }>('createVcsProvider', {
    token,
    entity: { name: `gh-${randomBytes(3).toString('hex')}`, type: 'github', authType: 'token', gitCloneType: 'http', githubMetadata: { orgName: 'acme' }, credentials: { token: hostToken } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.response.items[0] as { id: string }).id;
}

function entity(providerId: string, pattern: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  return {
    name: `discovery-${randomBytes(3).toString('hex')}`,
    namespaceId,
    vcsPatterns: [{ providerId, repoName: 'monorepo', pathPatterns: ['envs/**'], ...pattern }],
    stackConfig: { iacType: 'terraform', deploymentBehavior: { deployOnPush: true, waitForApproval: true }, runTrigger: { patterns: ['${stack_path}/**', 'modules/**'] } },
    ...extra,
  };
}

async function create(body: Record<string, unknown>, token = admin.token) {
  return api.call<Configuration>('createStackDiscoveryConfiguration', { token, entity: body });
}

async function eventsOf(configurationId: string, token = admin.token) {
  const res = await api.call<DiscoveryEvent>('listStackDiscoveryEvents', { token, query: { stackDiscoveryConfigurationId: configurationId } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.response.items;
}

async function configuration(id: string, token = admin.token) {
  const res = await api.call<Configuration>('getStackDiscoveryConfiguration', { token, params: { stackDiscoveryConfigurationId: id } });
  return { status: res.status, item: res.body.response.items[0] };
}

describe('stack discovery: path patterns', () => {
  it('takes a directory matching an inclusion pattern and no exclusion pattern (or one above it)', () => {
    expect(directoryIncluded('envs/prod', ['envs/**'])).toBe(true);
    expect(directoryIncluded('envs/prod/eu', ['envs/**'])).toBe(true);
    expect(directoryIncluded('modules/vpc', ['envs/**'])).toBe(false);
    expect(directoryIncluded('envs/prod', ['*/prod'])).toBe(true);
    expect(directoryIncluded('apps/web/infra', ['**/infra'])).toBe(true);
    expect(directoryIncluded('infra', ['**/infra'])).toBe(true);
    expect(directoryIncluded('apps/web/infra', ['apps/*/infra'])).toBe(true);
    expect(directoryIncluded('envs/dev', ['envs/**'], ['envs/dev'])).toBe(false);
    expect(directoryIncluded('envs/dev/eu', ['envs/**'], ['envs/dev'])).toBe(false);
    expect(directoryIncluded('envs/prod', ['envs/**'], ['envs/dev'])).toBe(true);
    expect(directoryIncluded('', ['**/x'])).toBe(false);
  });
});

describe('stack discovery: scans', () => {
  it('discovers the three stacks of a monorepo, applies the stack config, and a second scan creates nothing again', async () => {
    const providerId = await newProvider();
    const created = await create(entity(providerId));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const config = created.body.response.items[0] as Configuration;
    expect(config.id).toMatch(/^sdc-/);
    expect(config.status).toBe('init');
    await api.discoveryScans.idle();

    expect((await configuration(config.id)).item?.status).toBe('finished');
    const [event] = await eventsOf(config.id);
    expect(event?.status).toBe('finished');
    expect(event?.createdStacks.map((s) => s.path).sort()).toEqual(['envs/dev', 'envs/prod', 'envs/staging']);
    expect(event?.message).toBe('Found 3 matching directories: 3 stacks created, 0 already managed');

    const rows = await api.database.db.select().from(stacks).where(inArray(stacks.id, event?.createdStacks.map((s) => s.stackId) ?? []));
    expect(rows).toHaveLength(3);
    const prod = rows.find((r) => (r.data as { vcsInfo?: { path?: string } }).vcsInfo?.path === 'envs/prod');
    expect(prod?.name).toBe('monorepo-envs-prod');
    expect(prod?.namespaceId).toBe(namespaceId);
    expect(prod?.iacType).toBe('terraform');
    expect(prod?.data).toMatchObject({
      vcsInfo: { providerId, repoName: 'monorepo', path: 'envs/prod', branch: 'main' },
      runTrigger: { patterns: ['${stack_path}/**', 'modules/**'] },
      deploymentBehavior: { deployOnPush: true, waitForApproval: true },
    });

    const again = await api.call<DiscoveryEvent>('runStackDiscovery', { token: admin.token, params: { stackDiscoveryConfigurationId: config.id }, entity: {} });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.response.items[0]?.status).toBe('init');
    await api.discoveryScans.idle();
    const events = await eventsOf(config.id);
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({ status: 'finished', createdStacks: [], message: 'Found 3 matching directories: 0 stacks created, 3 already managed' });

    // Audited: the configuration, and each stack as created by the user who set discovery up.
    const audit = await api.database.db.select().from(auditEvents).where(eq(auditEvents.organizationId, admin.organizationId));
    expect(audit.some((a) => a.entityType === 'stackDiscoveryConfiguration' && a.entityId === config.id && a.action === 'create')).toBe(true);
    expect(audit.filter((a) => a.entityType === 'stack' && rows.some((r) => r.id === a.entityId) && a.action === 'create')).toHaveLength(3);
  }, 60_000);

  it('leaves out excluded directories and follows several patterns', async () => {
    const providerId = await newProvider();
    const created = await create(entity(providerId, { pathPatterns: ['envs/**', 'apps/*/infra'], excludePathPatterns: ['envs/dev', '**/staging'] }));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    await api.discoveryScans.idle();
    const [event] = await eventsOf((created.body.response.items[0] as Configuration).id);
    expect(event?.createdStacks.map((s) => s.path).sort()).toEqual(['apps/web/infra', 'envs/prod']);
    // The first test's stacks hold the names in this namespace: the new ones take the next suffix.
    const names = await api.database.db.select().from(stacks).where(inArray(stacks.id, event?.createdStacks.map((s) => s.stackId) ?? []));
    expect(names.map((r) => r.name).sort()).toEqual(['monorepo-apps-web-infra', 'monorepo-envs-prod-2']);
  }, 60_000);

  it('refuses patterns against the inclusion rules, an unknown provider or namespace', async () => {
    const providerId = await newProvider();
    const bad = await create(entity(providerId, { pathPatterns: ['envs'] }));
    expect(bad.status).toBe(400);
    expect(bad.body.response.errors[0]).toMatchObject({ message: 'Path must start with */ or **/, contain /*/ or /**/, or end with /**', field: 'entity.vcsPatterns.0.pathPatterns.0' });
    const slash = await create(entity(providerId, { pathPatterns: ['/envs/**'] }));
    expect(slash.body.response.errors[0]?.message).toBe('Path must not start or end with /');
    expect((await create(entity('vcsp-doesnotexist00000000'))).status).toBe(400);
    expect((await create(entity(providerId, {}, { namespaceId: 'ns-doesnotexist0000000' }))).status).toBe(400);
    // The stack config is checked as a stack's settings are (an auto-loaded var file is refused).
    const autoLoaded = await create({ ...entity(providerId), stackConfig: { iacType: 'terraform', iacConfig: { varFiles: ['terraform.tfvars'] } } });
    expect(autoLoaded.status).toBe(400);
    expect(autoLoaded.body.response.errors[0]?.field).toBe('entity.stackConfig.iacConfig.varFiles.0');
    const named = entity(providerId);
    expect((await create(named)).status).toBe(200);
    expect((await create(named)).status).toBe(409);
    await api.discoveryScans.idle();
  }, 60_000);

  it('ends in error when the branch cannot be read, and says why', async () => {
    const providerId = await newProvider();
    const created = await create(entity(providerId, { branch: 'no-such-branch' }));
    const id = (created.body.response.items[0] as Configuration).id;
    await api.discoveryScans.idle();
    expect((await configuration(id)).item?.status).toBe('error');
    const [event] = await eventsOf(id);
    expect(event?.status).toBe('error');
    expect(event?.message).toBeTruthy();
  }, 60_000);

  it('scans again when a push reaches the webhook receiver, and creates the new directory’s stack', async () => {
    const providerId = await newProvider();
    const created = await create(entity(providerId));
    const id = (created.body.response.items[0] as Configuration).id;
    await api.discoveryScans.idle();
    const after = await repos.commit('monorepo', { 'envs/qa/main.tf': 'resource "null_resource" "q" {}\n' });

    const secretRes = await api.call<{ secret: string }>('getGithubWebhookSecret', { token: admin.token, query: { providerId } });
    const secret = (secretRes.body.response.items[0] as { secret: string }).secret;
    const raw = Buffer.from(
      JSON.stringify({
        ref: 'refs/heads/main',
        before: head,
        after,
        created: false,
        deleted: false,
        commits: [{ id: after, message: 'Add qa', added: ['envs/qa/main.tf'], removed: [], modified: [] }],
        head_commit: { id: after, message: 'Add qa', added: ['envs/qa/main.tf'], removed: [], modified: [] },
        repository: { id: 1, name: 'monorepo', full_name: 'acme/monorepo', private: true, owner: { login: 'acme', name: 'acme' }, default_branch: 'main' },
        pusher: { name: 'octocat', email: 'octo@example.com' },
        sender: { login: 'octocat', id: 1, type: 'User' },
      }),
    );
    const response = await fetch(`${baseUrl}/api/vcs/webhook/github?providerId=${providerId}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-GitHub-Event': 'push',
        'X-GitHub-Delivery': randomUUID(),
        'X-Hub-Signature-256': `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`,
      },
      body: raw,
    });
    expect(response.status).toBe(200);
    await api.discoveryScans.idle();
    const events = await eventsOf(id);
    expect(events).toHaveLength(2);
    expect(events[0]?.status).toBe('finished');
    expect(events[0]?.createdStacks.map((s) => s.path)).toEqual(['envs/qa']);
    const [row] = await api.database.db.select().from(auditEvents).where(and(eq(auditEvents.organizationId, admin.organizationId), eq(auditEvents.entityId, events[0]?.createdStacks[0]?.stackId ?? '')));
    expect(row?.action).toBe('create');
  }, 60_000);
});

describe('stack discovery: access', () => {
  it('lets a viewer read but not change; another organization sees nothing; deletion is audited', async () => {
    const providerId = await newProvider();
    const created = await create(entity(providerId));
    const id = (created.body.response.items[0] as Configuration).id;
    await api.discoveryScans.idle();

    expect((await configuration(id, viewer.token)).status).toBe(200);
    expect((await eventsOf(id, viewer.token)).length).toBe(1);
    expect((await create(entity(providerId), viewer.token)).status).toBe(403);
    expect((await api.call('runStackDiscovery', { token: viewer.token, params: { stackDiscoveryConfigurationId: id }, entity: {} })).status).toBe(403);
    expect((await api.call('deleteStackDiscoveryConfiguration', { token: viewer.token, params: { stackDiscoveryConfigurationId: id } })).status).toBe(403);

    expect((await configuration(id, other.token)).status).toBe(404);
    const otherList = await api.call('listStackDiscoveryConfigurations', { token: other.token });
    expect(otherList.body.response.items).toEqual([]);
    expect(await eventsOf(id, other.token)).toEqual([]);
    expect((await api.call('runStackDiscovery', { token: other.token, params: { stackDiscoveryConfigurationId: id }, entity: {} })).status).toBe(404);
    // Another organization cannot point a configuration at this one's provider.
    expect((await create({ ...entity(providerId), namespaceId: (await createNamespace(api, other.token)).id }, other.token)).status).toBe(400);

    const updated = await api.call<Configuration>('updateStackDiscoveryConfiguration', {
      token: admin.token,
      params: { stackDiscoveryConfigurationId: id },
      entity: { description: 'all environments' },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.response.items[0]).toMatchObject({ description: 'all environments' });
    expect((await api.call('deleteStackDiscoveryConfiguration', { token: admin.token, params: { stackDiscoveryConfigurationId: id } })).status).toBe(200);
    expect((await configuration(id)).status).toBe(404);
    const audit = await api.database.db.select().from(auditEvents).where(and(eq(auditEvents.organizationId, admin.organizationId), eq(auditEvents.entityId, id)));
    expect(audit.map((a) => a.action).sort()).toEqual(['create', 'delete', 'update']);
  }, 60_000);
});

describe('stack discovery: propose mode', () => {
  async function proposals(configurationId: string, query: Record<string, unknown> = {}, token = admin.token) {
    const res = await api.call<Proposal>('listStackDiscoveryProposals', { token, query: { stackDiscoveryConfigurationId: configurationId, ...query } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.response.items;
  }

  it('proposes the directories it finds; accepting creates the stack, dismissing keeps it from being proposed again', async () => {
    const providerId = await newProvider();
    const created = await create(entity(providerId, { excludePathPatterns: ['envs/qa'] }, { mode: 'propose' }));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const config = created.body.response.items[0] as Configuration & { mode: string };
    expect(config.mode).toBe('propose');
    await api.discoveryScans.idle();
    const [event] = await eventsOf(config.id);
    expect(event).toMatchObject({ status: 'finished', createdStacks: [], proposedCount: 3, message: 'Found 3 matching directories: 3 stacks proposed, 0 already managed' });
    const proposed = await proposals(config.id, { status: 'proposed' });
    expect(proposed.map((p) => [p.path, p.iacType, p.status])).toEqual([
      ['envs/dev', 'terraform', 'proposed'],
      ['envs/prod', 'terraform', 'proposed'],
      ['envs/staging', 'terragrunt', 'proposed'],
    ]);
    // Nothing was created by the scan.
    const before = await api.database.db.select().from(stacks).where(eq(stacks.organizationId, admin.organizationId));
    expect(before.some((r) => (r.data as { vcsInfo?: { providerId?: string } }).vcsInfo?.providerId === providerId)).toBe(false);

    const [dev, prod] = proposed as [Proposal, Proposal, Proposal];
    // A viewer reads proposals but decides none; another organization sees none.
    expect((await proposals(config.id, {}, viewer.token)).length).toBe(3);
    expect((await api.call('acceptStackDiscoveryProposal', { token: viewer.token, params: { proposalId: prod.id }, entity: {} })).status).toBe(403);
    expect(await proposals(config.id, {}, other.token)).toEqual([]);
    expect((await api.call('acceptStackDiscoveryProposal', { token: other.token, params: { proposalId: prod.id }, entity: {} })).status).toBe(404);

    const accepted = await api.call<Proposal>('acceptStackDiscoveryProposal', { token: admin.token, params: { proposalId: prod.id }, entity: {} });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.response.items[0]).toMatchObject({ status: 'accepted', stackId: expect.stringMatching(/^stk-/) });
    const stackId = accepted.body.response.items[0]?.stackId ?? '';
    const [row] = await api.database.db.select().from(stacks).where(eq(stacks.id, stackId));
    expect(row?.namespaceId).toBe(namespaceId);
    expect(row?.data).toMatchObject({ vcsInfo: { providerId, repoName: 'monorepo', path: 'envs/prod', branch: 'main' }, deploymentBehavior: { deployOnPush: true, waitForApproval: true } });
    expect((await api.call('acceptStackDiscoveryProposal', { token: admin.token, params: { proposalId: prod.id }, entity: {} })).status).toBe(409);

    const dismissed = await api.call<Proposal>('dismissStackDiscoveryProposal', { token: admin.token, params: { proposalId: dev.id }, entity: {} });
    expect(dismissed.status, JSON.stringify(dismissed.body)).toBe(200);
    expect(dismissed.body.response.items[0]?.status).toBe('dismissed');
    expect((await proposals(config.id, { status: 'proposed' })).map((p) => p.path)).toEqual(['envs/staging']);

    // Audited: the stack created as the user who accepted it, each decision as a change of the configuration.
    const audit = await api.database.db.select().from(auditEvents).where(eq(auditEvents.organizationId, admin.organizationId));
    expect(audit.some((a) => a.entityType === 'stack' && a.entityId === stackId && a.action === 'create' && a.initiatorUserId === admin.userId)).toBe(true);
    expect(audit.filter((a) => a.entityId === config.id && a.action === 'update')).toHaveLength(2);

    // Scanned again: the accepted directory is managed, the dismissed one and the pending one were proposed before.
    await api.call('runStackDiscovery', { token: admin.token, params: { stackDiscoveryConfigurationId: config.id }, entity: {} });
    await api.discoveryScans.idle();
    const [again] = await eventsOf(config.id);
    expect(again).toMatchObject({ status: 'finished', proposedCount: 0, message: 'Found 3 matching directories: 0 stacks proposed, 1 already managed, 2 proposed before' });
    expect(await proposals(config.id)).toHaveLength(3);
  }, 60_000);
});

describe('stack discovery: the configurations list', () => {
  it('is paged on the server and filtered by part of the name', async () => {
    const providerId = await newProvider();
    const token = randomBytes(3).toString('hex');
    for (const name of [`Alpha ${token}`, `beta ${token}`]) {
      expect((await create(entity(providerId, {}, { name, mode: 'propose' }))).status).toBe(200);
    }
    await api.discoveryScans.idle();
    const first = await api.call<Configuration>('listStackDiscoveryConfigurations', { token: admin.token, query: { search: token.toUpperCase(), page: 1, pageSize: 10 } });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.response.items.map((c) => c.name)).toEqual([`Alpha ${token}`, `beta ${token}`]);
    expect(first.body.response.paging).toEqual({ page: 1, pageSize: 10, total: 2 });
    const second = await api.call<Configuration>('listStackDiscoveryConfigurations', { token: admin.token, query: { search: token, page: 2, pageSize: 10 } });
    expect(second.body.response.items).toEqual([]);
    expect(second.body.response.paging).toEqual({ page: 2, pageSize: 10, total: 2 });
  }, 60_000);
});

// Last: from here on the test API sends its scans to a real job queue (PostgreSQL, pg-boss).
describe('stack discovery: the job queue', () => {
  let queue: JobQueue | undefined;
  const schema = `pgboss_discovery_${randomBytes(4).toString('hex')}`;
  const quiet = { error: () => undefined, warn: () => undefined, info: () => undefined };
  afterAll(async () => {
    await queue?.stop({ timeoutMs: 5000 });
  });

  const composed = () => ({ discovery: api.discovery, discoveryScans: api.discoveryScans }) as unknown as ComposedOperations;

  it('is a job of the queue, and the sweep runs every minute', () => {
    const jobs = backgroundJobs(composed(), quiet);
    expect(jobs).toContainEqual(expect.objectContaining({ name: DISCOVERY_SCAN_JOB }));
    expect(jobs).toContainEqual(expect.objectContaining({ name: DISCOVERY_SWEEP_JOB, cron: '* * * * *' }));
  });

  async function eventuallyFinished(configurationId: string): Promise<DiscoveryEvent> {
    for (let i = 0; i < 200; i++) {
      const [event] = await eventsOf(configurationId);
      if (event && event.status !== 'init' && event.status !== 'inProgress') return event;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the scan did not end');
  }

  it('records the scan in the request (init) and runs it as a queued job', async () => {
    queue = await startJobQueue({
      connectionString: inject('databaseUrl'),
      schema,
      logger: quiet,
      pollingIntervalSeconds: 0.5,
      // The server's own job definition and wiring (background-jobs.ts), on this test's API.
      jobs: backgroundJobs(composed(), quiet).filter((job) => job.name === DISCOVERY_SCAN_JOB),
    });
    sendWorkToQueue(composed(), queue);
    const providerId = await newProvider();
    const created = await create(entity(providerId, { excludePathPatterns: ['envs/qa'] }, { mode: 'propose' }));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = (created.body.response.items[0] as Configuration).id;
    const [recorded] = await eventsOf(id);
    expect(recorded?.status).toMatch(/^(init|inProgress|finished)$/);
    // Nothing runs in the server's own process any more.
    await api.discoveryScans.idle();
    const event = await eventuallyFinished(id);
    expect(event).toMatchObject({ status: 'finished', proposedCount: 3 });
    const jobs = await api.database.pool.query(`select state, data from ${schema}.job where name = $1`, [DISCOVERY_SCAN_JOB]);
    expect(jobs.rows.filter((j: { data: ScanRequest }) => j.data.eventId === event.id).map((j: { state: string }) => j.state)).toEqual(['completed']);
  }, 60_000);

  it('runs a scan whose job was lost, and ends one whose server stopped, on the sweep', async () => {
    // The queue cannot be reached: the scan waits (init) for the sweep.
    api.discoveryScans.useQueue(async () => {
      throw new Error('the queue is down');
    });
    const providerId = await newProvider();
    const created = await create(entity(providerId, { excludePathPatterns: ['envs/qa'] }, { mode: 'propose' }));
    const id = (created.body.response.items[0] as Configuration).id;
    const [waiting] = await eventsOf(id);
    expect(waiting?.status).toBe('init');
    const only = { organizationId: admin.organizationId };
    expect((await sweepDiscoveryScans(api.discovery, new Date(), only)).ran).not.toContain(waiting?.id);
    const pass = await sweepDiscoveryScans(api.discovery, new Date(Date.now() + 2 * 60_000), only);
    expect(pass.ran).toContain(waiting?.id);
    expect((await eventsOf(id))[0]).toMatchObject({ status: 'finished', proposedCount: 3 });

    // A scan left inProgress by a server that stopped ends in error half an hour on.
    await api.database.db.update(stackDiscoveryEvents).set({ status: 'inProgress', startedAt: new Date() }).where(eq(stackDiscoveryEvents.id, waiting?.id ?? ''));
    const later = await sweepDiscoveryScans(api.discovery, new Date(Date.now() + 31 * 60_000), only);
    expect(later.lost).toEqual([waiting?.id]);
    expect((await eventsOf(id))[0]).toMatchObject({ status: 'error', message: 'The scan stopped before it finished (its server was restarted)' });
    expect((await configuration(id)).item?.status).toBe('error');
  }, 60_000);
});
