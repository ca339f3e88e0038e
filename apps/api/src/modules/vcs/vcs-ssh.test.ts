import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  generateSshKeyPair,
  sshdAvailable,
  startGitSshServer,
  TestRepositories,
  type GitSshServer,
  type SshKeyPair,
} from '@terrace/git/testing';
import { startVcsHostStandIn, type VcsHostStandIn } from '@terrace/vcs-hosts/testing';
import { createNamespace, signUpOrganization, type SignedUp } from '../../testing/factories';
import { createTestApi, type TestApi } from '../../testing/test-api';

// Stacks whose provider clones over SSH: the host lists the repository with an ssh:// address of
// a real OpenSSH server on loopback (Debian's openssh-server), the organization's primary SSH key
// (or the provider's own) signs in, and the server's host key must be among the known hosts.

const available = sshdAvailable();
const token = 'ghp_ssh_test_token';

let api: TestApi;
let admin: SignedUp;
let repos: TestRepositories;
let sshd: GitSshServer;
let standIn: VcsHostStandIn;
let workRoot: string;
let organizationKey: SshKeyPair;
let providerKey: SshKeyPair;

beforeAll(async () => {
  if (!available) return;
  repos = await TestRepositories.create();
  await repos.create('infra', {
    'envs/prod/main.tf': 'variable "region" {\n  type    = string\n  default = "eu-west-1"\n}\nvariable "db_password" {\n  type      = string\n  sensitive = true\n}\n',
    'envs/prod/versions.tf': 'terraform {\n  required_version = "~> 1.9.0"\n  required_providers {\n    aws = { source = "hashicorp/aws", version = "~> 5.0" }\n  }\n}\n',
  });
  [organizationKey, providerKey] = await Promise.all([generateSshKeyPair('organization'), generateSshKeyPair('provider')]);
  sshd = await startGitSshServer({ root: repos.root, authorizedKeys: [organizationKey.publicKey, providerKey.publicKey] });
  standIn = await startVcsHostStandIn({
    token,
    // Cloned over SSH only: the https address leads nowhere.
    repositories: [{ owner: 'acme', name: 'infra', defaultBranch: 'main', branches: [], httpUrl: 'https://git.invalid/acme/infra.git', sshUrl: sshd.urlOf('infra') }],
  });
  workRoot = await mkdtemp(join(tmpdir(), 'terrace-vcs-ssh-'));
  api = await createTestApi({ vcs: { endpoints: standIn.endpoints, gitWorkRoot: workRoot } });
  admin = await signUpOrganization(api, 'vcs-ssh');
}, 60_000);

afterAll(async () => {
  if (!available) return;
  await api.close();
  await standIn.close();
  await sshd.close();
  await repos.dispose();
  await rm(workRoot, { recursive: true, force: true });
});

async function sshProvider(extra: Record<string, unknown>) {
  const res = await api.call<{ id: string }>('createVcsProvider', {
    token: admin.token,
    entity: { type: 'github', name: `ssh-${Math.random().toString(36).slice(2, 8)}`, authType: 'token', gitCloneType: 'ssh', githubMetadata: { orgName: 'acme' }, ...extra },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.response.items[0] as { id: string }).id;
}

describe.skipIf(!available)('stacks on a provider that clones over SSH', () => {
  it('browses, scans variables and discovers versions over SSH with the primary key, the host key known', async () => {
    const noKey = await sshProvider({ credentials: { token }, sshKnownHosts: sshd.knownHostsLine });
    const before = await api.call('listVcsRepoBranches', { token: admin.token, query: { providerId: noKey, repoName: 'infra' } });
    expect(before.status, 'no SSH key anywhere yet').toBe(400);
    expect(before.body.response.errors[0]?.message).toMatch(/needs an SSH key/);

    const key = await api.call('createSshKey', { token: admin.token, entity: { name: 'deploy', privateKey: organizationKey.privateKey } });
    expect(key.status, JSON.stringify(key.body)).toBe(200);
    const branches = await api.call('listVcsRepoBranches', { token: admin.token, query: { providerId: noKey, repoName: 'infra' } });
    expect(branches.status, JSON.stringify(branches.body)).toBe(200);
    expect(branches.body.response.items).toEqual([expect.objectContaining({ name: 'main', isDefault: true })]);
    const tree = await api.call('listVcsRepoTree', { token: admin.token, query: { providerId: noKey, repoName: 'infra', branch: 'main', path: 'envs' } });
    expect(tree.body.response.items).toEqual([{ name: 'prod', path: 'envs/prod', type: 'directory' }]);

    const ns = await createNamespace(api, admin.token);
    const vcsInfo = { providerId: noKey, repoName: 'infra', branch: 'main', path: 'envs/prod' };
    const stack = await api.call<{ id: string }>('createStack', {
      token: admin.token,
      entity: { stack: { name: 'over-ssh', namespaceId: ns.id, iacType: 'terraform', data: { vcsInfo } } },
    });
    expect(stack.status, JSON.stringify(stack.body)).toBe(200);
    const stackId = (stack.body.response.items[0] as { id: string }).id;

    const scanned = await api.call<{ key: string }>('scanVariablesFromCode', { token: admin.token, entity: { vcsInfo, scope: 'stack', scopeId: stackId } });
    expect(scanned.status, JSON.stringify(scanned.body)).toBe(200);
    expect(scanned.body.response.items.map((v) => [v.key, (v as { isSensitive?: boolean }).isSensitive])).toEqual([
      ['db_password', true],
      ['region', false],
    ]);

    const discovered = await api.call('discoverIacVersion', { token: admin.token, query: { stackId } });
    expect(discovered.status, JSON.stringify(discovered.body)).toBe(200);
    expect(discovered.body.response.items[0]).toMatchObject({
      requiredVersion: '~> 1.9.0',
      suggestedVersion: expect.stringMatching(/^1\.9\.\d+$/),
      requiredProviders: [{ name: 'aws', source: 'hashicorp/aws', version: '~> 5.0' }],
    });
  });

  it("uses the provider's own SSH key when it has one", async () => {
    const own = await sshProvider({ credentials: { token, sshPrivateKey: providerKey.privateKey }, sshKnownHosts: sshd.knownHostsLine });
    const branches = await api.call('listVcsRepoBranches', { token: admin.token, query: { providerId: own, repoName: 'infra' } });
    expect(branches.status, JSON.stringify(branches.body)).toBe(200);
    // The provider answers its known hosts (public keys), never its key.
    const listed = await api.call<Record<string, unknown>>('listVcsProviders', { token: admin.token, query: { providerId: own } });
    expect(listed.body.response.items[0]).toMatchObject({ gitCloneType: 'ssh', sshKnownHosts: sshd.knownHostsLine });
    expect(JSON.stringify(listed.body)).not.toContain('PRIVATE KEY');
  });

  it('refuses a server whose host key is not known, or changed, and says what to do', async () => {
    const unknown = await sshProvider({ credentials: { token, sshPrivateKey: providerKey.privateKey } });
    const res = await api.call('listVcsRepoBranches', { token: admin.token, query: { providerId: unknown, repoName: 'infra' } });
    expect(res.status).toBe(400);
    expect(res.body.response.errors[0]?.message).toMatch(/SSH known hosts/);

    const impostor = (await generateSshKeyPair('impostor')).publicKey.split(' ').slice(0, 2).join(' ');
    const changed = await sshProvider({ credentials: { token, sshPrivateKey: providerKey.privateKey }, sshKnownHosts: `[127.0.0.1]:${sshd.port} ${impostor}` });
    const refused = await api.call('listVcsRepoBranches', { token: admin.token, query: { providerId: changed, repoName: 'infra' } });
    expect(refused.status).toBe(400);
    expect(refused.body.response.errors[0]?.message).toMatch(/SSH known hosts/);

    // Fixed by giving the right key (a partial update), then cleared again with null.
    const fixed = await api.call('updateVcsProvider', { token: admin.token, params: { providerId: changed }, entity: { sshKnownHosts: sshd.knownHostsLine } });
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
    expect((await api.call('listVcsRepoBranches', { token: admin.token, query: { providerId: changed, repoName: 'infra' } })).status).toBe(200);
    await api.call('updateVcsProvider', { token: admin.token, params: { providerId: changed }, entity: { sshKnownHosts: null } });
    expect((await api.call('listVcsRepoBranches', { token: admin.token, query: { providerId: changed, repoName: 'infra' } })).status).toBe(400);
  });

  it('refuses known hosts text that is not host keys, on its field', async () => {
    const res = await api.call('createVcsProvider', {
      token: admin.token,
      entity: { type: 'github', name: 'bad-hosts', gitCloneType: 'ssh', githubMetadata: { orgName: 'acme' }, credentials: { token }, sshKnownHosts: 'git.acme.test\n' },
    });
    expect(res.status).toBe(400);
    expect(res.body.response.errors[0]).toMatchObject({ field: 'entity.sshKnownHosts', message: 'Line 1 of the SSH known hosts is not a host key: expected hosts, key type and key' });
  });
});
