import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startGitHttpServer, TestRepositories, type GitHttpServer } from '@terrace/git/testing';
import { sortVersionsDescending } from '@terrace/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createNamespace, createVcsProvider, signUpOrganization, type SignedUp } from '../../testing/factories';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { stackCodeLocation } from '../stacks/stacks.service';
import { PermissionEngine } from '../../permissions/permission-engine';
import { createAccessLoader } from '../iam/access-loader';
import { IacVersionCatalog, parseGithubReleases, parseHashicorpIndex } from './iac-version-catalog';
import { iacVersionsOperations } from './iac-versions.routes';
import shipped from './iac-versions.json';

// A loopback stand-in for the official release indexes, answering their real JSON shapes.
const hashicorpIndex = {
  name: 'terraform',
  versions: {
    '1.9.5': { name: 'terraform', version: '1.9.5', shasums: 'terraform_1.9.5_SHA256SUMS', builds: [{ arch: 'amd64', os: 'linux', url: 'https://releases.hashicorp.com/terraform/1.9.5/terraform_1.9.5_linux_amd64.zip' }] },
    '1.99.0': { name: 'terraform', version: '1.99.0', builds: [] },
    '1.99.1-rc1': { name: 'terraform', version: '1.99.1-rc1', builds: [] },
  },
};
const githubReleases = [
  { url: 'https://api.github.com/repos/opentofu/opentofu/releases/1', tag_name: 'v1.77.0', name: 'v1.77.0', draft: false, prerelease: false, published_at: '2026-10-01T00:00:00Z', assets: [] },
  { tag_name: 'v1.78.0-beta1', name: 'v1.78.0-beta1', draft: false, prerelease: true, assets: [] },
  { tag_name: 'v1.79.0', name: 'unpublished', draft: true, prerelease: false, assets: [] },
];

let indexServer: Server;
let indexOrigin: string;
let api: TestApi;
let admin: SignedUp;
let repos: TestRepositories;
let gitServer: GitHttpServer;
let loopbackProviderId = '';
const catalog = new IacVersionCatalog({ sources: [] });

beforeAll(async () => {
  indexServer = createServer((req, res) => {
    if (req.url === '/terraform/index.json') return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(hashicorpIndex));
    if (req.url?.startsWith('/repos/opentofu/opentofu/releases')) return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(githubReleases));
    if (req.url === '/slow') return; // never answers
    res.writeHead(500).end('{"message":"Server Error"}');
  });
  await new Promise<void>((resolve) => indexServer.listen(0, '127.0.0.1', resolve));
  indexOrigin = `http://127.0.0.1:${(indexServer.address() as AddressInfo).port}`;

  repos = await TestRepositories.create();
  await repos.create('infra', {
    'envs/prod/versions.tf': 'terraform {\n  required_version = ">= 1.5.0, < 1.9.0"\n  required_providers {\n    aws = { source = "hashicorp/aws", version = "~> 5.0" }\n  }\n}\n',
    'envs/prod/main.tf': 'resource "null_resource" "x" {}\n',
    // A second file may constrain the same provider again (Terraform applies both), or use the legacy form.
    'envs/prod/providers.tf':
      'terraform {\n  required_providers {\n    aws = { version = "!= 5.3.0" }\n    random = "~> 3.6"\n    null = { source = "hashicorp/null" }\n  }\n}\n',
    'envs/dev/main.tf': 'variable "a" {}\n',
  });
  gitServer = await startGitHttpServer({ root: repos.root, credentials: { username: 'x-token', password: 'secret-token' } });

  api = await createTestApi({
    registry: (registry) => {
      // The host's listing cannot be reached from a test: this one function maps the test's provider
      // to the loopback git server. Everything else is the real one.
      const ops = iacVersionsOperations({
        catalog,
        stackCodeLocation: (actor, stackId) => stackCodeLocation({ db: api.database.db, engine: new PermissionEngine(createAccessLoader(api.database.db)) }, actor, stackId),
        resolveRemote: async (_org, providerId, repoName) =>
          providerId === loopbackProviderId ? { url: gitServer.urlOf(repoName), credentials: { type: 'basic', username: 'x-token', password: 'secret-token' } } : undefined,
      });
      return { ...registry, discoverIacVersion: ops.discoverIacVersion };
    },
  });
  admin = await signUpOrganization(api, 'iac-versions');
  loopbackProviderId = await createVcsProvider(api, admin.token);
});
afterAll(async () => {
  await api.close();
  await gitServer.close();
  await repos.dispose();
  await new Promise((resolve) => indexServer.close(resolve));
  indexServer.closeAllConnections();
});

describe('IaC versions', () => {
  it('answers the shipped lists, newest first, with stable and pre-release versions', async () => {
    for (const [op, key] of [
      ['listTerraformVersions', 'terraformVersions'],
      ['listTerragruntVersions', 'terragruntVersions'],
      ['listOpentofuVersions', 'opentofuVersions'],
    ] as const) {
      const res = await api.call<Record<string, string[]>>(op, { token: admin.token });
      expect(res.status).toBe(200);
      const versions = res.body.response.items[0]?.[key] ?? [];
      expect(versions.length).toBeGreaterThan(20);
      expect(versions).toEqual(sortVersionsDescending(versions));
    }
    const tf = await api.call<{ terraformVersions: string[] }>('listTerraformVersions', { token: admin.token });
    const terraform = tf.body.response.items[0]?.terraformVersions ?? [];
    expect(terraform).toEqual(expect.arrayContaining(['1.5.7', '1.9.8', '1.10.0-rc1']));
    // Numeric parts, not text: 1.10.0 is newer than 1.9.8.
    expect(terraform.indexOf('1.10.0')).toBeLessThan(terraform.indexOf('1.9.8'));
  });

  it('ships each list once per version, in ascending version order, up to the latest releases checked', () => {
    for (const engine of ['terraform', 'terragrunt', 'opentofu'] as const) {
      const list = shipped[engine];
      expect(new Set(list).size, `${engine}: no duplicates`).toBe(list.length);
      expect(list, `${engine}: ascending`).toEqual(sortVersionsDescending(list).reverse());
    }
    // The newest stable release of each engine when the list was last checked against the official listings.
    const newestStable = (engine: 'terraform' | 'terragrunt' | 'opentofu') => sortVersionsDescending(shipped[engine]).find((v) => !v.includes('-'));
    expect([newestStable('terraform'), newestStable('opentofu'), newestStable('terragrunt')]).toEqual(['1.14.5', '1.12.0', '1.0.0']);
  });

  it('parses the official index shapes and merges them in a refresh', async () => {
    expect(parseHashicorpIndex(hashicorpIndex).sort()).toEqual(['1.9.5', '1.99.0', '1.99.1-rc1']);
    expect(parseGithubReleases(githubReleases)).toEqual(['1.77.0', '1.78.0-beta1']);
    expect(() => parseHashicorpIndex({ message: 'rate limited' })).toThrow();

    const refreshed = new IacVersionCatalog({
      sources: [
        { engine: 'terraform', url: `${indexOrigin}/terraform/index.json`, format: 'hashicorpIndex' },
        { engine: 'opentofu', url: `${indexOrigin}/repos/opentofu/opentofu/releases?per_page=100`, format: 'githubReleases' },
        { engine: 'terragrunt', url: `${indexOrigin}/broken`, format: 'githubReleases' },
      ],
    });
    const outcome = await refreshed.refresh();
    expect(outcome).toEqual({ terraform: 2, opentofu: 2 });
    expect(refreshed.list('terraform').slice(0, 2)).toEqual(['1.99.1-rc1', '1.99.0']);
    expect(refreshed.list('opentofu')[0]).toBe('1.78.0-beta1');
  });

  it('keeps answering the shipped list when offline or when an index hangs', async () => {
    const errors: string[] = [];
    const offline = new IacVersionCatalog({
      timeoutMs: 300,
      sources: [
        // Nothing listens on port 9 of loopback: the connection is refused, as offline.
        { engine: 'terraform', url: 'http://127.0.0.1:9/terraform/index.json', format: 'hashicorpIndex' },
        { engine: 'opentofu', url: `${indexOrigin}/slow`, format: 'githubReleases' },
      ],
      onRefreshError: (source) => errors.push(source.engine),
    });
    const before = offline.list('terraform');
    await expect(offline.refresh()).resolves.toEqual({});
    expect(errors.sort()).toEqual(['opentofu', 'terraform']);
    expect(offline.list('terraform')).toEqual(before);
  });

  it('discovers required_version from a real repository and suggests the newest version meeting it', async () => {
    const res = await api.call('discoverIacVersion', {
      token: admin.token,
      query: { providerId: loopbackProviderId, repoName: 'infra', branch: 'main', path: 'envs/prod' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const requiredProviders = [
      { name: 'aws', source: 'hashicorp/aws', version: '!= 5.3.0, ~> 5.0' },
      { name: 'null', source: 'hashicorp/null' },
      { name: 'random', version: '~> 3.6' },
    ];
    expect(res.body.response.items).toEqual([{ iacType: 'terraform', requiredVersion: '>= 1.5.0, < 1.9.0', suggestedVersion: '1.8.5', requiredProviders }]);
    expect(gitServer.authorizations.length).toBeGreaterThan(0);

    // Through a stack: its repository, branch and path.
    const ns = await createNamespace(api, admin.token);
    const created = await api.call<{ id: string }>('createStack', {
      token: admin.token,
      entity: { stack: { name: 'disc', namespaceId: ns.id, iacType: 'opentofu', data: { vcsInfo: { providerId: loopbackProviderId, repoName: 'infra', branch: 'main', path: 'envs/prod' } } } },
    });
    const stackId = (created.body.response.items[0] as { id: string }).id;
    const viaStack = await api.call('discoverIacVersion', { token: admin.token, query: { stackId } });
    expect(viaStack.body.response.items).toEqual([{ iacType: 'opentofu', requiredVersion: '>= 1.5.0, < 1.9.0', suggestedVersion: '1.8.11', requiredProviders }]);

    // No constraint in code: the newest stable version is suggested.
    const dev = await api.call<{ suggestedVersion: string; requiredVersion?: string }>('discoverIacVersion', {
      token: admin.token,
      query: { providerId: loopbackProviderId, repoName: 'infra', path: 'envs/dev' },
    });
    expect(dev.body.response.items[0]).toEqual({ iacType: 'terraform', suggestedVersion: catalog.list('terraform').find((v) => !v.includes('-')), requiredProviders: [] });

    // A namespace-only user who may not read the stack finds no such stack.
    const outsider = await addMember(api, admin.organizationId, 'nsOnly');
    const hidden = await api.call('discoverIacVersion', { token: outsider.token, query: { stackId } });
    expect(hidden.status).toBe(404);

    const unknown = await api.call('discoverIacVersion', { token: admin.token, query: { providerId: 'vcsp-other', repoName: 'infra' } });
    expect(unknown.status).toBe(404);
    const missing = await api.call('discoverIacVersion', { token: admin.token, query: {} });
    expect(missing.status).toBe(400);
  });
});
