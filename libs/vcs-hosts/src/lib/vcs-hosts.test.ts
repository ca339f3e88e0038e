import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVcsHostStandIn, type VcsHostStandIn } from '../testing';
import type { StandInRepository } from '../testing';
import { createVcsHost, type VcsProviderSettings } from './create-vcs-host';
import { VcsHostError, type PullRequestChange, type VcsHostErrorKind } from './vcs-host';

const token = 'tok_0123456789abcdef';
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const privateKeyPem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
const publicKeyPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();

const sha = (n: number) => n.toString(16).padStart(40, 'a');
const repo = (owner: string, name: string, branchCount: number): StandInRepository => ({
  owner,
  name,
  defaultBranch: 'main',
  branches: Array.from({ length: branchCount }, (_, i) => ({ name: i === 0 ? 'main' : `feature-${i}`, commit: sha(i + 1) })),
});

async function failure(work: Promise<unknown>): Promise<VcsHostError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, 'the call should fail').toBeInstanceOf(VcsHostError);
  return error as VcsHostError;
}

interface HostCase {
  title: string;
  repositories: StandInRepository[];
  settings: (standIn: VcsHostStandIn, secret: string) => VcsProviderSettings;
  /** The repository names as the spec formats them for this host. */
  expectedNames: string[];
  branchesOf: string;
  expectedGitUser: string;
  /** What a wrong secret is reported as. */
  badCredentials: VcsHostErrorKind;
}

const cases: HostCase[] = [
  {
    title: 'GitHub with a personal access token, within an organization',
    repositories: [repo('acme', 'network', 3), repo('acme', 'app', 1), repo('acme', 'data', 1), repo('other', 'x', 1)],
    settings: (_s, secret) => ({ type: 'github', githubMetadata: { orgName: 'acme' }, credentials: { token: secret } }),
    expectedNames: ['app', 'data', 'network'],
    branchesOf: 'network',
    expectedGitUser: 'x-access-token',
    badCredentials: 'authentication',
  },
  {
    title: 'GitHub Enterprise Server',
    repositories: [repo('platform', 'infra', 3), repo('platform', 'modules', 1), repo('team', 'svc', 1)],
    settings: (s, secret) => ({ type: 'github-enterprise', githubMetadata: { httpUrl: s.githubEnterpriseUrl }, credentials: { token: secret } }),
    expectedNames: ['platform/infra', 'platform/modules', 'team/svc'],
    branchesOf: 'platform/infra',
    expectedGitUser: 'x-access-token',
    badCredentials: 'authentication',
  },
  {
    title: 'GitLab with a group token (subgroups in the path)',
    repositories: [repo('acme/infra', 'network', 3), repo('acme', 'app', 1), repo('acme/infra/prod', 'db', 1)],
    settings: (s, secret) => ({ type: 'gitlab-onprem', authType: 'groupToken', gitlabMetadata: { dnsName: s.gitlabOnPremUrl }, credentials: { token: secret } }),
    expectedNames: ['acme/app', 'acme/infra/network', 'acme/infra/prod/db'],
    branchesOf: 'acme/infra/network',
    expectedGitUser: 'oauth2',
    badCredentials: 'authentication',
  },
  {
    title: 'Bitbucket Cloud with an app password',
    repositories: [repo('acme-ws', 'network', 3), repo('acme-ws', 'app', 1), repo('acme-ws', 'data', 1)],
    settings: (_s, secret) => ({ type: 'bitbucket-cloud', authType: 'password', credentials: { username: 'terrace', password: secret } }),
    expectedNames: ['acme-ws/app', 'acme-ws/data', 'acme-ws/network'],
    branchesOf: 'acme-ws/network',
    expectedGitUser: 'terrace',
    badCredentials: 'authentication',
  },
  {
    title: 'Bitbucket Data Center with an HTTP access token',
    repositories: [repo('INFRA', 'network', 3), repo('INFRA', 'app', 1), repo('OPS', 'data', 1)],
    settings: (s, secret) => ({ type: 'bitbucket-data-center', authType: 'token', bitbucketDataCenterMetadata: { httpUrl: s.bitbucketDataCenterUrl }, credentials: { token: secret } }),
    expectedNames: ['INFRA/app', 'INFRA/network', 'OPS/data'],
    branchesOf: 'INFRA/network',
    expectedGitUser: 'x-token-auth',
    badCredentials: 'authentication',
  },
  {
    title: 'Azure DevOps with an all-access token (every organization)',
    repositories: [repo('contoso/Platform', 'network', 3), repo('contoso/Platform', 'app', 1), repo('fabrikam/Web', 'site', 1)],
    settings: (_s, secret) => ({ type: 'azure-devops', authType: 'allAccessOrg', credentials: { token: secret } }),
    expectedNames: ['contoso/Platform/app', 'contoso/Platform/network', 'fabrikam/Web/site'],
    branchesOf: 'contoso/Platform/network',
    expectedGitUser: 'pat',
    badCredentials: 'authentication',
  },
  {
    title: 'Azure DevOps with one organization',
    repositories: [repo('contoso/Platform', 'network', 3), repo('fabrikam/Web', 'site', 1)],
    settings: (s, secret) => ({ type: 'azure-devops', authType: 'specificOrg', azureDevopsMetadata: { httpUrl: `${s.endpoints.azureDevops}/contoso` }, credentials: { token: secret } }),
    expectedNames: ['contoso/Platform/network'],
    branchesOf: 'contoso/Platform/network',
    expectedGitUser: 'pat',
    badCredentials: 'authentication',
  },
];

describe.each(cases)('$title', (c) => {
  let standIn: VcsHostStandIn;
  beforeAll(async () => {
    standIn = await startVcsHostStandIn({ repositories: c.repositories, token, username: 'terrace', pageSize: 2 });
  });
  afterAll(() => standIn.close());
  const host = () => createVcsHost(c.settings(standIn, token), { endpoints: standIn.endpoints });

  it('validates the connection', async () => {
    expect((await host().validate()).account).not.toBe('');
  });

  it('lists every repository, following the pages, in the spec’s name format', async () => {
    const names = (await host().listRepositories()).map((r) => r.fullName).sort();
    expect(names).toEqual(c.expectedNames);
  });

  it('lists the branches of a repository across pages', async () => {
    const branches = await host().listBranches(c.branchesOf);
    expect(branches.map((b) => b.name).sort()).toEqual(['feature-1', 'feature-2', 'main']);
    expect(branches.find((b) => b.name === 'main')?.commit).toBe(sha(1));
  });

  it('posts a comment on a pull request', async () => {
    await host().commentOnPullRequest({ repository: c.branchesOf, number: 42 }, 'Plan: 1 to add, 0 to change, 0 to destroy.');
    expect(standIn.comments.at(-1)).toMatchObject({ number: 42, body: 'Plan: 1 to add, 0 to change, 0 to destroy.' });
  });

  it('edits the comment it posted, by the id the host gave', async () => {
    const pr = { repository: c.branchesOf, number: 43 };
    const { id } = await host().commentOnPullRequest(pr, 'Plan: running');
    await host().updatePullRequestComment(pr, id, 'Plan: 2 to add');
    const posted = standIn.comments.filter((comment) => comment.number === 43 && comment.host === standIn.comments.at(-1)?.host);
    expect(posted.at(-1)).toMatchObject({ body: 'Plan: 2 to add', edits: 1 });
    // A comment deleted meanwhile is not found.
    const gone = id.includes('/') ? '99999/1' : '99999';
    const missing = await host().updatePullRequestComment(pr, gone, 'x').catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(VcsHostError);
    expect((missing as VcsHostError).kind).toBe('not-found');
  });

  it('opens a pull request: a new branch from the base with one commit of the files', async () => {
    const change: PullRequestChange = {
      repository: c.branchesOf,
      baseBranch: 'main',
      branch: `terrace/new-${standIn.pullRequests.length + 1}`,
      title: 'Add stack app-dev',
      body: 'Created from a blueprint',
      commitMessage: 'Add stack app-dev',
      files: [
        { path: 'stacks/app-dev/main.tf', content: 'resource "null_resource" "app" {}\n' },
        { path: 'stacks/old/main.tf', content: null },
      ],
    };
    if (c.title.startsWith('Bitbucket Data Center')) {
      // Data Center's REST API cannot delete a file: refused in words before anything is made.
      expect((await failure(host().openPullRequest(change))).message).toMatch(/cannot delete files \(stacks\/old\/main\.tf\)/);
      expect((await host().listBranches(c.branchesOf)).map((b) => b.name)).not.toContain(change.branch);
      change.files = [change.files[0] as (typeof change.files)[number], { path: 'stacks/app-dev/variables.tf', content: 'variable "env" {}\n' }];
    }
    const opened = await host().openPullRequest(change);
    const record = standIn.pullRequests.at(-1);
    expect(record).toMatchObject({ number: opened.number, url: opened.url, head: change.branch, base: 'main', title: 'Add stack app-dev', files: change.files });
    expect((await host().listBranches(c.branchesOf)).map((b) => b.name)).toContain(change.branch);
    // The same branch again is refused by the host.
    expect((await failure(host().openPullRequest(change))).kind).toBe('failed');
  });

  it('gives git the same credentials', async () => {
    expect(await host().gitCredentials()).toEqual({ type: 'basic', username: c.expectedGitUser, password: token });
  });

  it('reports refused credentials', async () => {
    const wrong = createVcsHost(c.settings(standIn, 'wrong-secret'), { endpoints: standIn.endpoints });
    expect((await failure(wrong.validate())).kind).toBe(c.badCredentials);
    expect((await failure(wrong.listRepositories())).kind).toBe(c.badCredentials);
  });

  it('reports a repository that does not exist', async () => {
    const missing = c.branchesOf.replace(/[^/]+$/, 'missing');
    expect((await failure(host().listBranches(missing))).kind).toBe('not-found');
  });
});

describe('rate limits', () => {
  it.each([
    ['GitHub (403 with x-ratelimit-remaining: 0)', (): VcsProviderSettings => ({ type: 'github', credentials: { token } })],
    ['GitLab (429 with Retry-After)', (): VcsProviderSettings => ({ type: 'gitlab', credentials: { token } })],
    ['Bitbucket Cloud (429)', (): VcsProviderSettings => ({ type: 'bitbucket-cloud', authType: 'token', credentials: { token } })],
    ['Bitbucket Data Center (429)', (s: VcsHostStandIn): VcsProviderSettings => ({ type: 'bitbucket-data-center', authType: 'token', bitbucketDataCenterMetadata: { httpUrl: s.bitbucketDataCenterUrl }, credentials: { token } })],
    ['Azure DevOps (429)', (s: VcsHostStandIn): VcsProviderSettings => ({ type: 'azure-devops', azureDevopsMetadata: { httpUrl: `${s.endpoints.azureDevops}/contoso` }, credentials: { token } })],
  ])('%s is reported with the time to wait', async (_, settings) => {
    const standIn = await startVcsHostStandIn({ repositories: [repo('contoso/Platform', 'network', 5)], token, pageSize: 1, requestsBeforeRateLimit: 1 });
    try {
      const host = createVcsHost(settings(standIn), { endpoints: standIn.endpoints });
      await host.validate();
      const error = await failure(host.listRepositories());
      expect(error.kind).toBe('rate-limited');
      expect(error.details.retryAfterSeconds).toBeGreaterThan(0);
    } finally {
      await standIn.close();
    }
  });
});

describe('GitHub App installation', () => {
  let standIn: VcsHostStandIn;
  beforeAll(async () => {
    standIn = await startVcsHostStandIn({
      repositories: [repo('acme', 'network', 1), repo('acme', 'app', 1)],
      token: 'not-used-by-apps',
      githubApp: { appId: '12345', installationId: '678', publicKeyPem },
    });
  });
  afterAll(() => standIn.close());
  const app = (key: string) =>
    createVcsHost(
      { type: 'github-enterprise-app', githubMetadata: { httpUrl: standIn.githubEnterpriseUrl, orgName: 'acme' }, credentials: { appId: '12345', installationId: '678', privateKey: key } },
      { endpoints: standIn.endpoints },
    );

  it('signs in as the App with a JWT and works through an installation token', async () => {
    const host = app(privateKeyPem);
    expect((await host.validate()).account).toBe('terrace-app');
    expect((await host.listRepositories()).map((r) => r.fullName).sort()).toEqual(['app', 'network']);
    const credentials = await host.gitCredentials();
    expect(credentials).toMatchObject({ type: 'basic', username: 'x-access-token' });
    expect(credentials.type === 'basic' && credentials.password.startsWith('ghs_')).toBe(true);
  });

  it('is refused with another key', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
    expect((await failure(app(other).validate())).kind).toBe('authentication');
  });

  it('says when the key is not a key', async () => {
    expect((await failure(app('not a pem').validate())).kind).toBe('invalid-input');
  });
});

describe('settings', () => {
  it.each([
    [{ type: 'github-enterprise', credentials: { token } }, 'The GitHub Enterprise address is required'],
    [{ type: 'gitlab', credentials: {} }, 'The token is required'],
    [{ type: 'bitbucket-data-center', authType: 'token', bitbucketDataCenterMetadata: { httpUrl: 'ftp://x' }, credentials: { token } }, 'must start with https://'],
    [{ type: 'azure-devops-server', azureDevopsMetadata: { httpUrl: 'https://ado.example.com' }, credentials: { token } }, 'must end with the collection'],
  ] as [VcsProviderSettings, string][])('refuses incomplete settings: %j', (settings, message) => {
    expect(() => createVcsHost(settings)).toThrow(message);
  });

  it('refuses a next page on another host', async () => {
    const evil: typeof fetch = async () =>
      new Response('[]', { status: 200, headers: { link: '<https://evil.example/steal?page=2>; rel="next"', 'content-type': 'application/json' } });
    const host = createVcsHost({ type: 'github', credentials: { token } }, { fetch: evil });
    expect((await failure(host.listRepositories())).kind).toBe('invalid-response');
  });
});
