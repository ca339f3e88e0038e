import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGitHttpServer, TestRepositories, type GitHttpServer } from '@terrace/git/testing';
import { startVcsHostStandIn, type StandInRepository, type VcsHostStandIn } from '@terrace/vcs-hosts/testing';
import { auditEvents } from '../audit/audit.schema';
import { addMember, signUpOrganization, type SignedUp } from '../../testing/factories';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { vcsProviders } from './vcs.schema';

type Provider = { id: string; name: string; type: string } & Record<string, unknown>;

const token = `tok_${randomBytes(12).toString('hex')}`;
const { privateKey: appKey, publicKey: appPublicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const appPrivateKeyPem = appKey.export({ type: 'pkcs1', format: 'pem' }).toString();

let api: TestApi;
let admin: SignedUp;
let standIn: VcsHostStandIn;
let publicRepos: TestRepositories;
let privateRepos: TestRepositories;
let publicGit: GitHttpServer;
let privateGit: GitHttpServer;
let workRoot: string;
const logs: string[] = [];

const sha = (n: number) => n.toString(16).padStart(40, 'a');
const fake = (owner: string, name: string): StandInRepository => ({ owner, name, defaultBranch: 'main', branches: [{ name: 'main', commit: sha(1) }] });

beforeAll(async () => {
  publicRepos = await TestRepositories.create();
  privateRepos = await TestRepositories.create();
  await publicRepos.create('network', {
    'README.md': '# network\n',
    'envs/prod/main.tf': 'resource "null_resource" "a" {}\n',
    'envs/prod/variables.tf': 'variable "region" {}\n',
    'envs/dev/terragrunt.hcl': 'terraform { source = "../../modules/vpc" }\n',
    'modules/vpc/main.tf.json': '{"resource": {}}\n',
    'docs/guide.md': 'nothing to see\n',
    '.github/workflows/main.tf': 'hidden directories are not scanned\n',
  });
  await publicRepos.commit('network', { 'envs/stage/main.tf': 'resource "null_resource" "b" {}\n' }, 'feature-x');
  await privateRepos.create('app', { 'main.tf': 'resource "null_resource" "app" {}\n', 'src/index.js': '1;\n' });
  publicGit = await startGitHttpServer({ root: publicRepos.root });
  // The private repository needs the host's token, as git sends it (GitHub: x-access-token).
  privateGit = await startGitHttpServer({ root: privateRepos.root, credentials: { username: 'x-access-token', password: token } });
  standIn = await startVcsHostStandIn({
    token,
    username: 'terrace',
    pageSize: 2,
    githubApp: { appId: '4242', installationId: '77', publicKeyPem: appPublicKey.export({ type: 'spki', format: 'pem' }).toString() },
    repositories: [
      { ...fake('acme', 'network'), httpUrl: publicGit.urlOf('network') },
      { ...fake('acme', 'app'), httpUrl: privateGit.urlOf('app') },
      fake('acme', 'alpha'),
      fake('acme', 'beta'),
      fake('acme', 'gamma'),
      fake('other', 'elsewhere'),
      fake('contoso/Platform', 'infra'),
      fake('INFRA', 'modules'),
    ],
  });
  workRoot = await mkdtemp(join(tmpdir(), 'terrace-vcs-test-'));
  api = await createTestApi({
    vcs: { endpoints: standIn.endpoints, gitWorkRoot: workRoot },
    http: { logger: pino({ level: 'trace' }, { write: (line: string) => void logs.push(line) }) },
  });
  admin = await signUpOrganization(api, 'vcs');
}, 60_000);

afterAll(async () => {
  await api.close();
  await standIn.close();
  await publicGit.close();
  await privateGit.close();
  await publicRepos.dispose();
  await privateRepos.dispose();
  await rm(workRoot, { recursive: true, force: true });
});

const suffix = () => randomBytes(3).toString('hex');

/** One provider input per type family, as the console sends it, each with its own secret. */
function inputs(secret: string): Record<string, unknown>[] {
  return [
    { type: 'github', name: `gh-${suffix()}`, authType: 'token', gitCloneType: 'http', githubMetadata: { orgName: 'acme' }, credentials: { token: secret } },
    { type: 'github-enterprise', name: `ghe-${suffix()}`, githubMetadata: { httpUrl: standIn.githubEnterpriseUrl }, credentials: { token: secret } },
    {
      type: 'github-enterprise-app',
      name: `ghapp-${suffix()}`,
      authType: 'app',
      githubMetadata: { httpUrl: standIn.githubEnterpriseUrl, orgName: 'acme' },
      credentials: { appId: '4242', installationId: '77', privateKey: appPrivateKeyPem },
    },
    { type: 'gitlab', name: `gl-${suffix()}`, authType: 'personalToken', credentials: { token: secret } },
    { type: 'gitlab-onprem', name: `glo-${suffix()}`, authType: 'groupToken', gitlabMetadata: { dnsName: standIn.gitlabOnPremUrl }, credentials: { token: secret } },
    { type: 'bitbucket-cloud', name: `bb-${suffix()}`, authType: 'password', credentials: { username: 'terrace', password: secret } },
    {
      type: 'bitbucket-data-center',
      name: `bbdc-${suffix()}`,
      authType: 'token',
      bitbucketDataCenterMetadata: { httpUrl: standIn.bitbucketDataCenterUrl },
      credentials: { token: secret },
    },
    { type: 'azure-devops', name: `ado-${suffix()}`, authType: 'specificOrg', azureDevopsMetadata: { httpUrl: `${standIn.endpoints.azureDevops}/contoso` }, credentials: { token: secret } },
    { type: 'azure-devops', name: `ado-all-${suffix()}`, authType: 'allAccessOrg', credentials: { token: secret } },
  ];
}

async function createProvider(input: Record<string, unknown>, who = admin): Promise<Provider> {
  const res = await api.call<Provider>('createVcsProvider', { token: who.token, entity: input });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.response.items[0] as Provider;
}

const githubProvider = () => createProvider(inputs(token)[0] as Record<string, unknown>);

describe('VCS providers', () => {
  it('creates, reads, updates and deletes a provider of every type, and validates each connection', async () => {
    for (const input of inputs(token)) {
      const { credentials, ...visible } = input;
      const created = await createProvider(input);
      expect(created.id).toMatch(/^vcsp-[a-z0-9]{20}$/);
      expect(created).toMatchObject(visible);
      expect(created).not.toHaveProperty('credentials');

      const listed = await api.call<Provider>('listVcsProviders', { token: admin.token, query: { providerId: created.id } });
      expect(listed.body.response.items).toEqual([created]);

      const valid = await api.call<{ isValid: boolean; message?: string }>('validateVcsConnection', { token: admin.token, entity: input });
      expect(valid.status, JSON.stringify(valid.body)).toBe(200);
      expect(valid.body.response.items[0], String(input['type'])).toMatchObject({ isValid: true });

      const renamed = await api.call<Provider>('updateVcsProvider', {
        token: admin.token,
        params: { providerId: created.id },
        entity: { name: `${String(input['name'])}-renamed`, gitCloneType: 'ssh', credentials },
      });
      expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
      expect(renamed.body.response.items[0]).toMatchObject({ ...visible, name: `${String(input['name'])}-renamed`, gitCloneType: 'ssh' });

      const cleared = await api.call<Provider>('updateVcsProvider', { token: admin.token, params: { providerId: created.id }, entity: { gitCloneType: null } });
      expect(cleared.body.response.items[0]).not.toHaveProperty('gitCloneType');

      expect((await api.call('deleteVcsProvider', { token: admin.token, params: { providerId: created.id } })).status).toBe(200);
      expect((await api.call('deleteVcsProvider', { token: admin.token, params: { providerId: created.id } })).status).toBe(404);
    }
  }, 120_000);

  it('filters the list by type', async () => {
    const org = await signUpOrganization(api, 'vcs-types');
    const [github, gitlab] = [inputs(token)[0], inputs(token)[3]] as Record<string, unknown>[];
    const gh = await createProvider(github as Record<string, unknown>, org);
    await createProvider(gitlab as Record<string, unknown>, org);
    const res = await api.call<Provider>('listVcsProviders', { token: org.token, query: { type: 'github' } });
    expect(res.body.response.items.map((p) => p.id)).toEqual([gh.id]);
  });

  it('never returns, logs or audits a credential, and stores them encrypted', async () => {
    const org = await signUpOrganization(api, 'vcs-secrets');
    const secret = `sekrit_${randomBytes(16).toString('hex')}`;
    const answers: unknown[] = [];
    for (const input of inputs(secret)) {
      const res = await api.call('createVcsProvider', { token: org.token, entity: input });
      answers.push(res.body);
      const id = (res.body.response.items[0] as Provider).id;
      answers.push((await api.call('updateVcsProvider', { token: org.token, params: { providerId: id }, entity: { credentials: { token: `${secret}2`, password: `${secret}2` } } })).body);
    }
    answers.push((await api.call('listVcsProviders', { token: org.token })).body);
    const stored = await api.database.db.select().from(vcsProviders).where(eq(vcsProviders.organizationId, org.organizationId));
    const audit = await api.database.db.select().from(auditEvents).where(eq(auditEvents.organizationId, org.organizationId));
    expect(stored.length).toBe(inputs(secret).length);
    expect(audit.filter((a) => a.entityType === 'vcsCredentials').length).toBe(2 * inputs(secret).length);
    for (const text of [JSON.stringify(answers), JSON.stringify(stored), JSON.stringify(audit), logs.join('\n')]) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain('BEGIN RSA PRIVATE KEY');
    }
  });

  it('refuses a duplicate name and incomplete settings', async () => {
    const first = await githubProvider();
    const dup = await api.call('createVcsProvider', { token: admin.token, entity: { ...inputs(token)[0], name: first.name } });
    expect(dup.status).toBe(409);
    expect(dup.body.response.errors[0]).toMatchObject({ code: 'already_exist', field: 'entity.name' });
    const noAddress = await api.call('createVcsProvider', { token: admin.token, entity: { type: 'github-enterprise', name: `x-${suffix()}`, credentials: { token } } });
    expect(noAddress.status).toBe(400);
    expect(noAddress.body.response.errors[0]).toMatchObject({ code: 'validation_error', message: 'The GitHub Enterprise address is required' });
  });

  it('answers the host’s reason when validation fails, and 429 with Retry-After when the host is rate-limited', async () => {
    const refused = await api.call<{ isValid: boolean; message: string }>('validateVcsConnection', {
      token: admin.token,
      entity: { type: 'gitlab', name: 'x', credentials: { token: 'wrong' } },
    });
    expect(refused.status).toBe(200);
    expect(refused.body.response.items[0]).toEqual({ isValid: false, message: expect.stringContaining('401 Unauthorized') });
    const unreachable = await api.call<{ isValid: boolean }>('validateVcsConnection', {
      token: admin.token,
      entity: { type: 'github-enterprise', name: 'x', githubMetadata: { httpUrl: 'http://127.0.0.1:9' }, credentials: { token } },
    });
    expect(unreachable.body.response.items[0]).toMatchObject({ isValid: false });

    const limited = await startVcsHostStandIn({ token, repositories: [fake('acme', 'one')], requestsBeforeRateLimit: 0 });
    const limitedApi = await createTestApi({ vcs: { endpoints: limited.endpoints, gitWorkRoot: workRoot } });
    try {
      const org = await signUpOrganization(limitedApi, 'vcs-limited');
      const res = await limitedApi.call('validateVcsConnection', { token: org.token, entity: { type: 'gitlab', name: 'x', credentials: { token } } });
      expect(res.status).toBe(429);
      expect(res.body.response.errors[0]?.code).toBe('rate_limited');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      // The same for a listing through a saved provider.
      const saved = await limitedApi.call<Provider>('createVcsProvider', { token: org.token, entity: { type: 'github', name: 'limited', credentials: { token } } });
      const providerId = (saved.body.response.items[0] as Provider).id;
      const listing = await limitedApi.call('listVcsRepos', { token: org.token, query: { providerId } });
      expect(listing.status).toBe(429);
      expect(Number(listing.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limitedApi.close();
      await limited.close();
    }
  });

  it('lists the repositories of a provider, filtered and paged', async () => {
    const provider = await githubProvider();
    const all = await api.call<{ name: string }>('listVcsRepos', { token: admin.token, query: { providerId: provider.id, pageSize: 10 } });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body.response.items.map((r) => r.name)).toEqual(['alpha', 'app', 'beta', 'gamma', 'network']);
    expect(all.body.response.paging).toEqual({ page: 1, pageSize: 10, total: 5 });
    const filtered = await api.call<{ name: string }>('listVcsRepos', { token: admin.token, query: { providerId: provider.id, repoName: 'A' } });
    expect(filtered.body.response.items.map((r) => r.name)).toEqual(['alpha', 'app', 'beta', 'gamma']);
    const stacked: string[] = [];
    for (const page of [1, 2, 3]) {
      const res = await api.call<{ name: string }>('listVcsRepos', { token: admin.token, query: { providerId: provider.id, pageSize: 1000, page } });
      stacked.push(...res.body.response.items.map((r) => r.name));
    }
    expect(stacked).toEqual(['alpha', 'app', 'beta', 'gamma', 'network']);
    const second = await api.call<{ name: string }>('listVcsRepos', { token: admin.token, query: { providerId: provider.id, pageSize: 10, page: 2 } });
    expect(second.body.response.items).toEqual([]);
    expect((await api.call('collectVcsRepos', { token: admin.token, entity: { providerId: provider.id } })).status).toBe(200);
  });

  it('reports refused credentials on the provider, and unknown repositories as not found', async () => {
    const provider = await createProvider({ ...inputs('wrong-token')[0], name: `bad-${suffix()}` });
    const res = await api.call('listVcsRepos', { token: admin.token, query: { providerId: provider.id } });
    expect(res.status).toBe(400);
    expect(res.body.response.errors[0]).toMatchObject({ code: 'validation_error', field: 'providerId' });
    const good = await githubProvider();
    const missing = await api.call('listVcsRepoBranches', { token: admin.token, query: { providerId: good.id, repoName: 'nope' } });
    expect(missing.status).toBe(404);
  });

  it('lists branches and browses the tree of a real repository with git', async () => {
    const provider = await githubProvider();
    const branches = await api.call<{ name: string; isDefault: boolean; commit: string }>('listVcsRepoBranches', {
      token: admin.token,
      query: { providerId: provider.id, repoName: 'network' },
    });
    expect(branches.status, JSON.stringify(branches.body)).toBe(200);
    expect(branches.body.response.items.map((b) => [b.name, b.isDefault])).toEqual([
      ['feature-x', false],
      ['main', true],
    ]);
    const root = await api.call<{ name: string; path: string; type: string }>('listVcsRepoTree', {
      token: admin.token,
      query: { providerId: provider.id, repoName: 'network', branch: 'main' },
    });
    expect(root.body.response.items.map((e) => `${e.type}:${e.path}`)).toEqual(['directory:.github', 'directory:docs', 'directory:envs', 'directory:modules', 'file:README.md']);
    const envs = await api.call<{ path: string }>('listVcsRepoTree', {
      token: admin.token,
      query: { providerId: provider.id, repoName: 'network', branch: 'feature-x', path: 'envs' },
    });
    expect(envs.body.response.items.map((e) => e.path)).toEqual(['envs/dev', 'envs/prod', 'envs/stage']);
    const notADirectory = await api.call('listVcsRepoTree', {
      token: admin.token,
      query: { providerId: provider.id, repoName: 'network', branch: 'main', path: 'nowhere' },
    });
    expect(notADirectory.status).toBe(404);
  });

  it('reads a private repository with the host’s token, and not without it', async () => {
    const provider = await githubProvider();
    const before = privateGit.authorizations.length;
    const tree = await api.call<{ path: string }>('listVcsRepoTree', { token: admin.token, query: { providerId: provider.id, repoName: 'app', branch: 'main' } });
    expect(tree.status, JSON.stringify(tree.body)).toBe(200);
    expect(tree.body.response.items.map((e) => e.path)).toEqual(['src', 'main.tf']);
    expect(privateGit.authorizations.length).toBeGreaterThan(before);
    // A GitHub App provider gets an installation token, which this server does not know: git is refused.
    const app = await createProvider(inputs(token)[2] as Record<string, unknown>);
    const refused = await api.call('listVcsRepoBranches', { token: admin.token, query: { providerId: app.id, repoName: 'app' } });
    expect(refused.status).toBe(400);
    expect(refused.body.response.errors[0]).toMatchObject({ code: 'validation_error', field: 'providerId' });
  });

  it('scans repositories for IaC directories', async () => {
    const provider = await githubProvider();
    const res = await api.call<{ repoName: string; branch: string; path: string; iacType: string }>('scanVcsRepos', {
      token: admin.token,
      entity: { providerId: provider.id, repoNames: ['network', 'app'] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.response.items.map((r) => `${r.repoName}@${r.branch}:${r.path}=${r.iacType}`).sort()).toEqual([
      'app@main:=terraform',
      'network@main:envs/dev=terragrunt',
      'network@main:envs/prod=terraform',
      'network@main:modules/vpc=terraform',
    ]);
    const feature = await api.call<{ path: string }>('scanVcsRepos', { token: admin.token, entity: { providerId: provider.id, repoNames: ['network'], branch: 'feature-x' } });
    expect(feature.body.response.items.map((r) => r.path)).toContain('envs/stage');
  });

  it('gives each provider its own webhook secret, only through the webhook calls', async () => {
    const gitlab = await createProvider(inputs(token)[3] as Record<string, unknown>);
    const first = await api.call<{ webhookUrl: string; secret: string }>('getGitlabWebhookSecret', { token: admin.token, query: { providerId: gitlab.id } });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const hook = first.body.response.items[0] as { webhookUrl: string; secret: string };
    expect(hook.webhookUrl).toBe(`http://console.test/api/vcs/webhook/gitlab?providerId=${gitlab.id}`);
    expect(hook.secret.length).toBeGreaterThanOrEqual(32);
    const again = await api.call<{ secret: string }>('getGitlabWebhookSecret', { token: admin.token, query: { providerId: gitlab.id } });
    expect(again.body.response.items[0]?.secret).toBe(hook.secret);
    const other = await createProvider({ ...(inputs(token)[3] as Record<string, unknown>), name: `gl2-${suffix()}` });
    const otherHook = await api.call<{ secret: string }>('getGitlabWebhookSecret', { token: admin.token, query: { providerId: other.id } });
    expect(otherHook.body.response.items[0]?.secret).not.toBe(hook.secret);

    const listed = await api.call('listVcsProviders', { token: admin.token });
    const [row] = await api.database.db.select().from(vcsProviders).where(eq(vcsProviders.id, gitlab.id));
    expect(JSON.stringify(listed.body)).not.toContain(hook.secret);
    expect(JSON.stringify(row)).not.toContain(hook.secret);

    const wrongType = await api.call('getBitbucketWebhookSecret', { token: admin.token, query: { providerId: gitlab.id } });
    expect(wrongType.status).toBe(400);
    const ado = await createProvider(inputs(token)[7] as Record<string, unknown>);
    const adoHook = await api.call<{ username: string; password: string }>('getAzureDevopsWebhookProperties', { token: admin.token, query: { providerId: ado.id } });
    expect(adoHook.body.response.items[0]).toMatchObject({ username: 'terrace', password: expect.any(String) });
    const app = await createProvider(inputs(token)[2] as Record<string, unknown>);
    const appHook = await api.call<{ manifest: { hook_attributes: { url: string } } }>('getGithubEnterpriseAppWebhookProperties', {
      token: admin.token,
      query: { providerId: app.id },
    });
    expect(appHook.body.response.items[0]?.manifest.hook_attributes.url).toContain(app.id);
  });

  it('gives the console the webhook address of each type', async () => {
    const one = await api.call<{ type: string; webhookUrl: string }>('getVcsProviderMetadata', { token: admin.token, query: { type: 'gitlab' } });
    expect(one.body.response.items).toEqual([{ type: 'gitlab', webhookUrl: 'http://console.test/api/vcs/webhook/gitlab' }]);
    const all = await api.call<{ type: string }>('getVcsProviderMetadata', { token: admin.token });
    expect(all.body.response.items.length).toBe(9);
  });

  it('answers not_found for another organization’s provider', async () => {
    const other = await signUpOrganization(api, 'vcs-other');
    const theirs = await createProvider(inputs(token)[0] as Record<string, unknown>, other);
    const checks = [
      api.call('updateVcsProvider', { token: admin.token, params: { providerId: theirs.id }, entity: { name: 'mine' } }),
      api.call('deleteVcsProvider', { token: admin.token, params: { providerId: theirs.id } }),
      api.call('listVcsRepos', { token: admin.token, query: { providerId: theirs.id } }),
      api.call('listVcsRepoBranches', { token: admin.token, query: { providerId: theirs.id, repoName: 'network' } }),
      api.call('listVcsRepoTree', { token: admin.token, query: { providerId: theirs.id, repoName: 'network', branch: 'main' } }),
      api.call('scanVcsRepos', { token: admin.token, entity: { providerId: theirs.id } }),
      api.call('getGitlabWebhookSecret', { token: admin.token, query: { providerId: theirs.id } }),
    ];
    for (const res of await Promise.all(checks)) expect(res.status).toBe(404);
    const mine = await api.call('listVcsProviders', { token: admin.token, query: { providerId: theirs.id } });
    expect(mine.body.response.items).toEqual([]);
  });

  it('lets a viewer list providers and repositories but not connect, change or read webhook secrets', async () => {
    const provider = await githubProvider();
    const viewer = await addMember(api, admin.organizationId, 'viewer');
    expect((await api.call('listVcsProviders', { token: viewer.token })).status).toBe(200);
    expect((await api.call('listVcsRepos', { token: viewer.token, query: { providerId: provider.id } })).status).toBe(200);
    const create = await api.call('createVcsProvider', { token: viewer.token, entity: inputs(token)[0] });
    expect(create.status).toBe(403);
    expect((await api.call('updateVcsProvider', { token: viewer.token, params: { providerId: provider.id }, entity: { name: 'x' } })).status).toBe(403);
    expect((await api.call('deleteVcsProvider', { token: viewer.token, params: { providerId: provider.id } })).status).toBe(403);
    expect((await api.call('getGitlabWebhookSecret', { token: viewer.token, query: { providerId: provider.id } })).status).toBe(403);
  });

  it('audits each change', async () => {
    const org = await signUpOrganization(api, 'vcs-audit');
    const provider = await createProvider(inputs(token)[0] as Record<string, unknown>, org);
    await api.call('updateVcsProvider', { token: org.token, params: { providerId: provider.id }, entity: { name: `r-${suffix()}` } });
    await api.call('deleteVcsProvider', { token: org.token, params: { providerId: provider.id } });
    const audit = await api.call<{ entityId: string; action: string }>('listAuditEvents', { token: org.token, query: { entityType: 'vcsCredentials' } });
    expect(audit.body.response.items.map((e) => [e.entityId, e.action])).toEqual([
      [provider.id, 'delete'],
      [provider.id, 'update'],
      [provider.id, 'create'],
    ]);
  });
});
