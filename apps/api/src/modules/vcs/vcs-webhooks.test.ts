import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CM_DEFAULT_RUNNER_GROUP } from '@terrace/domain';
import { startGitHttpServer, TestRepositories, type GitHttpServer } from '@terrace/git/testing';
import { startVcsHostStandIn, type VcsHostStandIn } from '@terrace/vcs-hosts/testing';
import { and, eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../audit/audit.schema';
import { createNamespace, signUpOrganization, type SignedUp } from '../../testing/factories';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { claimNextJob, finishJob, type ClaimedJob } from '../runs/run-jobs.service';
import { runs } from '../runs/runs.schema';
import { startPlanCommenter, type PlanCommenter } from './pr-comments.service';
import { vcsPullRequestComments, vcsWebhookDeliveries } from './vcs.schema';

// The webhook receiver end to end: real HTTP to the real server, real PostgreSQL, real git (the
// changed files read from a git-http-backend repository), the code hosts' REST APIs by their
// stand-ins (repository listing, comments). Each host's payloads are its real shapes, signed its way.

const hostToken = `tok_${randomBytes(8).toString('hex')}`;
const logs: string[] = [];
let api: TestApi;
let admin: SignedUp;
let namespaceId: string;
let repos: TestRepositories;
let git: GitHttpServer;
let standIn: VcsHostStandIn;
let workRoot: string;
let baseUrl: string;
let commenter: PlanCommenter;
// c0 initial; c1 changes envs/prod; c2 changes README.md; f1 (branch feature/net) changes envs/prod.
let c0: string;
let c1: string;
let c2: string;
let f1: string;

beforeAll(async () => {
  repos = await TestRepositories.create();
  c0 = await repos.create('infra', {
    'README.md': '# infra\n',
    'envs/prod/main.tf': 'resource "null_resource" "a" {}\n',
    'envs/dev/main.tf': 'resource "null_resource" "d" {}\n',
    'modules/vpc/main.tf': 'variable "cidr" {}\n',
  });
  c1 = await repos.commit('infra', { 'envs/prod/main.tf': 'resource "null_resource" "a" { triggers = { v = 2 } }\n' });
  c2 = await repos.commit('infra', { 'README.md': '# infra, documented\n' });
  f1 = await repos.commit('infra', { 'envs/prod/extra.tf': 'resource "null_resource" "b" {}\n' }, 'feature/net', 'main');
  git = await startGitHttpServer({ root: repos.root });
  const repo = (owner: string) => ({ owner, name: 'infra', defaultBranch: 'main', branches: [{ name: 'main', commit: c2 }], httpUrl: git.urlOf('infra') });
  standIn = await startVcsHostStandIn({
    token: hostToken,
    username: 'terrace',
    repositories: [repo('acme'), repo('platform'), repo('PLAT'), repo('contoso/Platform')],
  });
  workRoot = await mkdtemp(join(tmpdir(), 'terrace-webhooks-test-'));
  api = await createTestApi({
    vcs: { endpoints: standIn.endpoints, gitWorkRoot: workRoot },
    poolSize: 6,
    http: { logger: pino({ level: 'trace' }, { write: (line: string) => void logs.push(line) }) },
  });
  baseUrl = await api.app.listen({ host: '127.0.0.1', port: 0 });
  admin = await signUpOrganization(api, 'webhooks');
  namespaceId = (await createNamespace(api, admin.token)).id;
  commenter = await startPlanCommenter(api.planComments, api.database.pool, { sweepMs: 60_000 });
}, 60_000);

afterAll(async () => {
  await commenter.stop();
  await api.close();
  await standIn.close();
  await git.close();
  await repos.dispose();
  await rm(workRoot, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------
// Helpers

type Family = 'github' | 'gitlab' | 'bitbucketCloud' | 'bitbucketDataCenter' | 'azureDevops';

interface HostCase {
  family: Family;
  type: string;
  repoName: string;
  provider: Record<string, unknown>;
  secretCall: string;
}

const suffix = () => randomBytes(3).toString('hex');

const hostCases = (): HostCase[] => [
  {
    family: 'github',
    type: 'github',
    repoName: 'infra',
    provider: { type: 'github', authType: 'token', gitCloneType: 'http', githubMetadata: { orgName: 'acme' }, credentials: { token: hostToken } },
    secretCall: 'getGithubWebhookSecret',
  },
  {
    family: 'github',
    type: 'github-enterprise',
    repoName: 'acme/infra',
    provider: { type: 'github-enterprise', githubMetadata: { httpUrl: standIn.githubEnterpriseUrl }, credentials: { token: hostToken } },
    secretCall: 'getGithubWebhookSecret',
  },
  {
    family: 'gitlab',
    type: 'gitlab',
    repoName: 'platform/infra',
    provider: { type: 'gitlab', authType: 'personalToken', credentials: { token: hostToken } },
    secretCall: 'getGitlabWebhookSecret',
  },
  {
    family: 'bitbucketCloud',
    type: 'bitbucket-cloud',
    repoName: 'acme/infra',
    provider: { type: 'bitbucket-cloud', authType: 'password', credentials: { username: 'terrace', password: hostToken } },
    secretCall: 'getBitbucketWebhookSecret',
  },
  {
    family: 'bitbucketDataCenter',
    type: 'bitbucket-data-center',
    repoName: 'PLAT/infra',
    provider: { type: 'bitbucket-data-center', authType: 'token', bitbucketDataCenterMetadata: { httpUrl: standIn.bitbucketDataCenterUrl }, credentials: { token: hostToken } },
    secretCall: 'getBitbucketDataCenterWebhookSecret',
  },
  {
    family: 'azureDevops',
    type: 'azure-devops',
    repoName: 'contoso/Platform/infra',
    provider: { type: 'azure-devops', authType: 'specificOrg', azureDevopsMetadata: { httpUrl: `${standIn.endpoints.azureDevops}/contoso` }, credentials: { token: hostToken } },
    secretCall: 'getAzureDevopsWebhookProperties',
  },
];

interface Connected {
  host: HostCase;
  providerId: string;
  secret: string;
}

async function connect(host: HostCase): Promise<Connected> {
  const created = await api.call<{ id: string }>('createVcsProvider', { token: admin.token, entity: { name: `${host.type}-${suffix()}`, ...host.provider } });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const providerId = (created.body.response.items[0] as { id: string }).id;
  const secretRes = await api.call<{ secret?: string; password?: string; webhookUrl: string }>(host.secretCall, { token: admin.token, query: { providerId } });
  expect(secretRes.status, JSON.stringify(secretRes.body)).toBe(200);
  const item = secretRes.body.response.items[0] as { secret?: string; password?: string; webhookUrl: string };
  expect(item.webhookUrl).toBe(`http://console.test/api/vcs/webhook/${host.type}?providerId=${providerId}`);
  return { host, providerId, secret: (item.secret ?? item.password) as string };
}

async function createStack(c: Connected, data: Record<string, unknown> = {}): Promise<string> {
  const res = await api.call<{ id: string }>('createStack', {
    token: admin.token,
    entity: {
      stack: {
        name: `stack-${suffix()}`,
        namespaceId,
        iacType: 'terraform',
        data: { vcsInfo: { providerId: c.providerId, repoName: c.host.repoName, branch: 'main', path: 'envs/prod' }, ...data },
      },
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.response.items[0] as { id: string }).id;
}

const sign = (secret: string, body: Buffer) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

interface Delivery {
  headers: Record<string, string>;
  body: unknown;
}

/** Sends a delivery over HTTP as the host does: its headers, its signature over the exact bytes. */
async function deliver(c: Connected, delivery: Delivery, options: { secret?: string; unsigned?: boolean } = {}) {
  const raw = Buffer.from(JSON.stringify(delivery.body));
  const secret = options.secret ?? c.secret;
  const auth: Record<string, string> = {};
  if (!options.unsigned) {
    switch (c.host.family) {
      case 'github':
        auth['X-Hub-Signature-256'] = sign(secret, raw);
        break;
      case 'gitlab':
        auth['X-Gitlab-Token'] = secret;
        break;
      case 'bitbucketCloud':
      case 'bitbucketDataCenter':
        auth['X-Hub-Signature'] = sign(secret, raw);
        break;
      case 'azureDevops':
        auth['Authorization'] = `Basic ${Buffer.from(`terrace:${secret}`).toString('base64')}`;
        break;
    }
  }
  const response = await fetch(`${baseUrl}/api/vcs/webhook/${c.host.type}?providerId=${c.providerId}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...delivery.headers, ...auth },
    body: raw,
  });
  return { status: response.status, body: (await response.json()) as { response: { items: unknown[]; errors: { code: string; message: string }[] } } };
}

const commitFiles = (modified: string[]) => [{ id: c1, message: 'Change on main\n\nmore', added: [], removed: [], modified }];

/** A push of `before`..`after` on main, in the host's own payload shape. */
function pushDelivery(host: HostCase, before: string, after: string, files: string[] = ['envs/prod/main.tf']): Delivery {
  const id = randomUUID();
  switch (host.family) {
    case 'github':
      return {
        headers: { 'X-GitHub-Event': 'push', 'X-GitHub-Delivery': id, 'X-GitHub-Hook-ID': '1', 'User-Agent': 'GitHub-Hookshot/abc' },
        body: {
          ref: 'refs/heads/main',
          before,
          after,
          created: false,
          deleted: false,
          forced: false,
          compare: 'https://github.com/acme/infra/compare/a...b',
          commits: commitFiles(files).map((cm) => ({ ...cm, id: after })),
          head_commit: { id: after, message: 'Change on main\n\nbody', added: [], removed: [], modified: files },
          repository: { id: 1, name: 'infra', full_name: 'acme/infra', private: true, owner: { login: 'acme', name: 'acme' }, default_branch: 'main' },
          pusher: { name: 'octocat', email: 'octo@example.com' },
          sender: { login: 'octocat', id: 1, type: 'User' },
        },
      };
    case 'gitlab':
      return {
        headers: { 'X-Gitlab-Event': 'Push Hook', 'X-Gitlab-Event-UUID': id, 'Idempotency-Key': id, 'X-Gitlab-Instance': 'https://gitlab.com' },
        body: {
          object_kind: 'push',
          event_name: 'push',
          before,
          after,
          ref: 'refs/heads/main',
          ref_protected: true,
          checkout_sha: after,
          user_username: 'jsmith',
          user_name: 'John Smith',
          project_id: 15,
          project: { id: 15, name: 'infra', path_with_namespace: 'platform/infra', default_branch: 'main', git_http_url: 'https://gitlab.com/platform/infra.git' },
          commits: commitFiles(files).map((cm) => ({ ...cm, id: after, title: 'Change on main' })),
          total_commits_count: 1,
          repository: { name: 'infra', homepage: 'https://gitlab.com/platform/infra' },
        },
      };
    case 'bitbucketCloud':
      return {
        headers: { 'X-Event-Key': 'repo:push', 'X-Request-UUID': id, 'X-Hook-UUID': randomUUID(), 'X-Attempt-Number': '1' },
        body: {
          push: {
            changes: [
              {
                new: { type: 'branch', name: 'main', target: { type: 'commit', hash: after, message: 'Change on main\n' } },
                old: { type: 'branch', name: 'main', target: { type: 'commit', hash: before } },
                created: false,
                closed: false,
                forced: false,
                truncated: false,
                commits: [{ type: 'commit', hash: after, message: 'Change on main\n' }],
              },
            ],
          },
          repository: { type: 'repository', full_name: 'acme/infra', name: 'infra', workspace: { slug: 'acme' } },
          actor: { type: 'user', display_name: 'Ada Lovelace', nickname: 'ada', account_id: '557058:1' },
        },
      };
    case 'bitbucketDataCenter':
      return {
        headers: { 'X-Event-Key': 'repo:refs_changed', 'X-Request-Id': id },
        body: {
          eventKey: 'repo:refs_changed',
          date: new Date().toISOString(),
          actor: { name: 'admin', emailAddress: 'admin@example.com', displayName: 'Administrator', slug: 'admin', type: 'NORMAL' },
          repository: { slug: 'infra', id: 84, name: 'infra', project: { key: 'PLAT', id: 84, name: 'Platform', type: 'NORMAL' } },
          changes: [{ ref: { id: 'refs/heads/main', displayId: 'main', type: 'BRANCH' }, refId: 'refs/heads/main', fromHash: before, toHash: after, type: 'UPDATE' }],
        },
      };
    case 'azureDevops':
      return {
        headers: {},
        body: {
          subscriptionId: randomUUID(),
          notificationId: 3,
          id,
          eventType: 'git.push',
          publisherId: 'tfs',
          message: { text: 'Jamal Hartnett pushed updates to infra:main.' },
          resource: {
            commits: [{ commitId: after, author: { name: 'Jamal Hartnett' }, comment: 'Change on main' }],
            refUpdates: [{ name: 'refs/heads/main', oldObjectId: before, newObjectId: after }],
            repository: {
              id: randomUUID(),
              name: 'infra',
              url: 'https://dev.azure.com/contoso/_apis/git/repositories/278d5cd2',
              project: { id: randomUUID(), name: 'Platform', state: 'wellFormed' },
              defaultBranch: 'refs/heads/main',
              remoteUrl: 'https://dev.azure.com/contoso/Platform/_git/infra',
            },
            pushedBy: { displayName: 'Jamal Hartnett', uniqueName: 'jamal@contoso.com' },
            pushId: 14,
          },
          resourceVersion: '1.0',
        },
      };
  }
}

/** A pull request from feature/net into main, opened (or updated), in the host's own shape. */
function pullRequestDelivery(host: HostCase, number: number, update = false): Delivery {
  const id = randomUUID();
  switch (host.family) {
    case 'github':
      return {
        headers: { 'X-GitHub-Event': 'pull_request', 'X-GitHub-Delivery': id },
        body: {
          action: update ? 'synchronize' : 'opened',
          number,
          pull_request: {
            number,
            state: 'open',
            title: 'Add the extra resource',
            user: { login: 'octocat' },
            head: { ref: 'feature/net', sha: f1, repo: { full_name: 'acme/infra' } },
            base: { ref: 'main', sha: c2, repo: { full_name: 'acme/infra' } },
          },
          repository: { id: 1, name: 'infra', full_name: 'acme/infra', owner: { login: 'acme' } },
          sender: { login: 'octocat' },
        },
      };
    case 'gitlab':
      return {
        headers: { 'X-Gitlab-Event': 'Merge Request Hook', 'X-Gitlab-Event-UUID': id },
        body: {
          object_kind: 'merge_request',
          event_type: 'merge_request',
          user: { username: 'jsmith', name: 'John Smith' },
          project: { id: 15, path_with_namespace: 'platform/infra' },
          object_attributes: {
            iid: number,
            title: 'Add the extra resource',
            source_branch: 'feature/net',
            target_branch: 'main',
            state: 'opened',
            action: update ? 'update' : 'open',
            ...(update ? { oldrev: c2 } : {}),
            last_commit: { id: f1, message: 'Change on feature/net', title: 'Change on feature/net' },
          },
        },
      };
    case 'bitbucketCloud':
      return {
        headers: { 'X-Event-Key': update ? 'pullrequest:updated' : 'pullrequest:created', 'X-Request-UUID': id },
        body: {
          pullrequest: {
            id: number,
            title: 'Add the extra resource',
            state: 'OPEN',
            // Bitbucket Cloud names commits by their short hash in pull requests.
            source: { branch: { name: 'feature/net' }, commit: { hash: f1.slice(0, 12) }, repository: { full_name: 'acme/infra' } },
            destination: { branch: { name: 'main' }, commit: { hash: c2.slice(0, 12) }, repository: { full_name: 'acme/infra' } },
          },
          repository: { full_name: 'acme/infra', name: 'infra' },
          actor: { display_name: 'Ada Lovelace', nickname: 'ada' },
        },
      };
    case 'bitbucketDataCenter':
      return {
        headers: { 'X-Event-Key': update ? 'pr:from_ref_updated' : 'pr:opened', 'X-Request-Id': id },
        body: {
          eventKey: update ? 'pr:from_ref_updated' : 'pr:opened',
          actor: { name: 'admin', displayName: 'Administrator' },
          pullRequest: {
            id: number,
            version: 0,
            title: 'Add the extra resource',
            state: 'OPEN',
            open: true,
            fromRef: { id: 'refs/heads/feature/net', displayId: 'feature/net', latestCommit: f1, repository: { slug: 'infra', project: { key: 'PLAT' } } },
            toRef: { id: 'refs/heads/main', displayId: 'main', latestCommit: c2, repository: { slug: 'infra', project: { key: 'PLAT' } } },
          },
        },
      };
    case 'azureDevops':
      return {
        headers: {},
        body: {
          id,
          eventType: update ? 'git.pullrequest.updated' : 'git.pullrequest.created',
          publisherId: 'tfs',
          resource: {
            repository: { id: randomUUID(), name: 'infra', project: { name: 'Platform' }, remoteUrl: 'https://dev.azure.com/contoso/Platform/_git/infra' },
            pullRequestId: number,
            status: 'active',
            createdBy: { displayName: 'Jamal Hartnett', uniqueName: 'jamal@contoso.com' },
            title: 'Add the extra resource',
            sourceRefName: 'refs/heads/feature/net',
            targetRefName: 'refs/heads/main',
            lastMergeSourceCommit: { commitId: f1 },
            lastMergeTargetCommit: { commitId: c2 },
          },
        },
      };
  }
}

const runsOf = (stackId: string) => api.database.db.select().from(runs).where(eq(runs.stackId, stackId));

async function claimOf(runId: string): Promise<ClaimedJob> {
  for (let i = 0; i < 100; i += 1) {
    const job = await claimNextJob(api.runs, { organizationId: admin.organizationId, runnerGroupId: CM_DEFAULT_RUNNER_GROUP, runnerId: 'rnr-webhooks-test' });
    if (!job) break;
    if (job.runId === runId) return job;
    await finishJob(api.runs, job, { status: 'failed', error: 'not this test' });
  }
  throw new Error(`no job for ${runId}`);
}

const triggerKeys: Record<Family, string> = {
  github: 'githubPullRequestNumber',
  gitlab: 'gitlabMergeRequestIid',
  bitbucketCloud: 'bitbucketPullRequestId',
  bitbucketDataCenter: 'bitbucketDataCenterPullRequestId',
  azureDevops: 'azureDevopsPullRequestId',
};

// ---------------------------------------------------------------------------------------------

describe('VCS webhooks', () => {
  it.each(['github', 'github-enterprise', 'gitlab', 'bitbucket-cloud', 'bitbucket-data-center', 'azure-devops'])(
    '%s: a signed push starts a deployment, a pull request a plan',
    async (type) => {
      const c = await connect(hostCases().find((h) => h.type === type) as HostCase);
      const stackId = await createStack(c);

      const pushed = await deliver(c, pushDelivery(c.host, c0, c1));
      expect(pushed.status, JSON.stringify(pushed.body)).toBe(200);
      const [deployment] = await runsOf(stackId);
      expect(deployment).toMatchObject({ kind: 'deployment', trigger: 'push', createdBy: null });
      expect(deployment?.gitInfo).toEqual({ repoName: c.host.repoName, branch: 'main', headSha: c1, commitSubject: 'Change on main' });
      expect(deployment?.initiator).toMatchObject({ externalSource: type });
      const api1 = await api.call<{ id: string; gitInfo: unknown; initiator: { userType: string } }>('getDeployment', { token: admin.token, params: { deploymentId: deployment?.id as string } });
      expect(api1.status).toBe(200);
      expect(api1.body.response.items[0]?.initiator.userType).toBe(
        { github: 'github', gitlab: 'gitlab', bitbucketCloud: 'bitbucket', bitbucketDataCenter: 'bitbucketDataCenter', azureDevops: 'azureDevops' }[c.host.family],
      );

      const opened = await deliver(c, pullRequestDelivery(c.host, 7));
      expect(opened.status, JSON.stringify(opened.body)).toBe(200);
      const plan = (await runsOf(stackId)).find((r) => r.kind === 'plan');
      expect(plan).toMatchObject({ trigger: 'pr', triggerInfo: { [triggerKeys[c.host.family]]: 7 } });
      expect(plan?.gitInfo).toMatchObject({ repoName: c.host.repoName, branch: 'feature/net', headSha: f1, commitSubject: 'Change on feature/net' });
      const viewed = await api.call<{ triggerInfo: unknown }>('getPlan', { token: admin.token, params: { planId: plan?.id as string } });
      expect(viewed.body.response.items[0]?.triggerInfo).toEqual({ [triggerKeys[c.host.family]]: 7 });

      // Audited as the code host's user, by the system.
      const audit = await api.database.db.select().from(auditEvents).where(inArray(auditEvents.entityId, [deployment?.id as string, plan?.id as string]));
      expect(audit).toHaveLength(2);
      expect(audit.every((a) => a.initiatorType === 'external' && a.externalSource === type && a.action === 'create')).toBe(true);
    },
    60_000,
  );

  it('refuses a bad or missing signature with 401 in the envelope, and starts nothing', async () => {
    for (const host of hostCases()) {
      const c = await connect(host);
      const stackId = await createStack(c);
      for (const attempt of [{ secret: 'not-the-secret' }, { unsigned: true }]) {
        const res = await deliver(c, pushDelivery(host, c0, c1), attempt);
        expect(res.status, `${host.type} ${JSON.stringify(attempt)}`).toBe(401);
        expect(res.body.response.errors[0]?.code).toBe('unauthorized');
      }
      // The same bytes under another provider's id (another secret) are refused too.
      const other = await connect(host);
      const stolen = await deliver({ ...other, secret: c.secret }, pushDelivery(host, c0, c1));
      expect(stolen.status).toBe(401);
      expect(await runsOf(stackId)).toEqual([]);
    }
    // A body altered after signing fails: the signature covers the bytes.
    const c = await connect(hostCases()[0] as HostCase);
    const delivery = pushDelivery(c.host, c0, c1);
    const raw = Buffer.from(JSON.stringify(delivery.body));
    const res = await fetch(`${baseUrl}/api/vcs/webhook/github?providerId=${c.providerId}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...delivery.headers, 'X-Hub-Signature-256': sign(c.secret, raw) },
      body: Buffer.concat([raw.subarray(0, raw.length - 1), Buffer.from(' }')]),
    });
    expect(res.status).toBe(401);
    // The secret never reaches the logs.
    expect(logs.some((line) => line.includes(c.secret))).toBe(false);
  }, 60_000);

  it('starts nothing again for a redelivery (same delivery id), even two at once', async () => {
    const c = await connect(hostCases()[0] as HostCase);
    const stackId = await createStack(c);
    const delivery = pushDelivery(c.host, c0, c1);
    const [a, b] = await Promise.all([deliver(c, delivery), deliver(c, delivery)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await deliver(c, delivery)).toMatchObject({ status: 200 });
    expect(await runsOf(stackId)).toHaveLength(1);
    const [recorded] = await api.database.db.select().from(vcsWebhookDeliveries).where(eq(vcsWebhookDeliveries.providerId, c.providerId));
    expect(recorded?.runIds).toEqual([(await runsOf(stackId))[0]?.id]);
    // Bitbucket Data Center: the request id.
    const dc = await connect(hostCases().find((h) => h.family === 'bitbucketDataCenter') as HostCase);
    const dcStack = await createStack(dc);
    const dcDelivery = pushDelivery(dc.host, c0, c1);
    await deliver(dc, dcDelivery);
    await deliver(dc, dcDelivery);
    expect(await runsOf(dcStack)).toHaveLength(1);
  }, 60_000);

  it('answers 200 to events it does not act on', async () => {
    const c = await connect(hostCases()[0] as HostCase);
    const stackId = await createStack(c);
    const ping = await deliver(c, { headers: { 'X-GitHub-Event': 'ping', 'X-GitHub-Delivery': randomUUID() }, body: { zen: 'Keep it logically awesome.', hook_id: 1 } });
    expect(ping.status).toBe(200);
    const closed = pullRequestDelivery(c.host, 9);
    (closed.body as { action: string }).action = 'closed';
    expect((await deliver(c, closed)).status).toBe(200);
    const tag = pushDelivery(c.host, c0, c1);
    (tag.body as { ref: string }).ref = 'refs/tags/v1.0.0';
    expect((await deliver(c, tag)).status).toBe(200);
    const otherBranch = pushDelivery(c.host, c0, c1);
    (otherBranch.body as { ref: string }).ref = 'refs/heads/develop';
    expect((await deliver(c, otherBranch)).status).toBe(200);
    const gl = await connect(hostCases().find((h) => h.family === 'gitlab') as HostCase);
    expect((await deliver(gl, { headers: { 'X-Gitlab-Event': 'Tag Push Hook' }, body: { object_kind: 'tag_push', project: { path_with_namespace: 'platform/infra' } } })).status).toBe(200);
    expect(await runsOf(stackId)).toEqual([]);
  }, 60_000);

  it('matches the changed files against the run-trigger patterns, ${stack_path} substituted', async () => {
    // Bitbucket lists no files: git tells them (c1..c2 changes README.md only).
    const c = await connect(hostCases().find((h) => h.family === 'bitbucketCloud') as HostCase);
    const byDefault = await createStack(c);
    const withDocs = await createStack(c, { runTrigger: { patterns: ['${stack_path}/**', '*.md'] } });
    const excluded = await createStack(c, { runTrigger: { patterns: ['${stack_path}/**', '*.md'], excludePatterns: ['README.md'] } });
    const modules = await createStack(c, { runTrigger: { patterns: ['modules/**'] } });
    expect((await deliver(c, pushDelivery(c.host, c1, c2))).status).toBe(200);
    expect((await runsOf(byDefault)).length).toBe(0);
    expect((await runsOf(withDocs)).length).toBe(1);
    expect((await runsOf(excluded)).length).toBe(0);
    expect((await runsOf(modules)).length).toBe(0);
    // c0..c1 changes envs/prod/main.tf: the default pattern (files under the stack path) matches.
    expect((await deliver(c, pushDelivery(c.host, c0, c1))).status).toBe(200);
    expect((await runsOf(byDefault)).length).toBe(1);
    expect((await runsOf(modules)).length).toBe(0);

    // GitHub lists the files in the payload: they are used as listed.
    const gh = await connect(hostCases()[0] as HostCase);
    const ghModules = await createStack(gh, { runTrigger: { patterns: ['modules/**'] } });
    const ghStack = await createStack(gh);
    expect((await deliver(gh, pushDelivery(gh.host, c1, c2, ['modules/vpc/main.tf']))).status).toBe(200);
    expect((await runsOf(ghModules)).length).toBe(1);
    expect((await runsOf(ghStack)).length).toBe(0);
  }, 60_000);

  it('starts nothing when the capability is off, and plans only pull requests into the stack’s branch', async () => {
    const c = await connect(hostCases()[0] as HostCase);
    const off = await createStack(c, { capabilities: { deployOnPush: { status: 'disabled' }, planOnPr: { status: 'disabled' } } });
    const otherBranch = await createStack(c, { vcsInfo: { providerId: c.providerId, repoName: 'infra', branch: 'release', path: 'envs/prod' } });
    await deliver(c, pushDelivery(c.host, c0, c1));
    await deliver(c, pullRequestDelivery(c.host, 11));
    expect(await runsOf(off)).toEqual([]);
    expect(await runsOf(otherBranch)).toEqual([]);
  }, 60_000);

  it('posts the plan summary on the pull request when the plan finishes, and edits the same comment for the next plan', async () => {
    for (const type of ['github', 'gitlab', 'bitbucket-cloud', 'bitbucket-data-center', 'azure-devops']) {
      const c = await connect(hostCases().find((h) => h.type === type) as HostCase);
      const stackId = await createStack(c);
      const number = 100 + Math.floor(Math.random() * 1000);
      await deliver(c, pullRequestDelivery(c.host, number));
      const plan = (await runsOf(stackId)).find((r) => r.kind === 'plan');
      expect(plan, type).toBeDefined();
      const job = await claimOf(plan?.id as string);
      await finishJob(api.runs, job, {
        status: 'succeeded',
        planSummary: { add: 2, change: 1, destroy: 1, replace: 0, import: 0, hasChanges: true },
        resourceChanges: [
          { address: 'null_resource.a', change: { actions: ['create'] } },
          { address: 'null_resource.b', change: { actions: ['create'] } },
          { address: 'null_resource.c', change: { actions: ['update'] } },
          { address: 'null_resource.d', change: { actions: ['delete'] } },
        ],
      });
      await expect.poll(async () => { await commenter.idle(); return standIn.comments.filter((cm) => cm.number === number).length; }, { timeout: 10_000 }).toBe(1);
      const comment = standIn.comments.find((cm) => cm.number === number);
      expect(comment?.repository).toBe(type === 'github' ? 'acme/infra' : type === 'gitlab' ? 'platform/infra' : type === 'bitbucket-data-center' ? 'PLAT/infra' : type === 'azure-devops' ? 'contoso/Platform/infra' : 'acme/infra');
      expect(comment?.body).toContain(`(terrace-plan ${stackId})`);
      expect(comment?.body).toContain('Succeeded');
      expect(comment?.body).toContain('| 2 | 1 | 0 | 1 |');
      expect(comment?.body).toContain(`[Open the plan](http://console.test/app/plan/${plan?.id})`);
      expect(comment?.body).toContain(`\`${f1.slice(0, 7)}\``);

      // The pull request is updated: the next plan fails before its steps (status error), and the same comment says so.
      await deliver(c, pullRequestDelivery(c.host, number, true));
      const second = (await runsOf(stackId)).filter((r) => r.kind === 'plan').find((r) => r.id !== plan?.id);
      expect(second, type).toBeDefined();
      await finishJob(api.runs, await claimOf(second?.id as string), { status: 'failed', error: 'Error: Invalid reference' });
      await expect.poll(async () => { await commenter.idle(); return standIn.comments.find((cm) => cm.id === comment?.id)?.edits; }, { timeout: 10_000 }).toBe(1);
      expect(standIn.comments.filter((cm) => cm.number === number)).toHaveLength(1);
      expect(standIn.comments.find((cm) => cm.id === comment?.id)?.body).toContain(': Error\n');
      expect(standIn.comments.find((cm) => cm.id === comment?.id)?.body).toContain('Invalid reference');
      const rows = await api.database.db.select().from(vcsPullRequestComments).where(and(eq(vcsPullRequestComments.stackId, stackId)));
      expect(rows.map((r) => r.status).sort()).toEqual(['posted', 'posted']);
    }
  }, 120_000);
});
