import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSshKeyPair, sshdAvailable, startGitSshServer, TestRepositories, type GitSshServer, type SshKeyPair } from '../testing';
import { GitClient, type GitRemote } from './git-client';
import { GitError, type GitErrorKind } from './git-error';

// Cloning over SSH against a real OpenSSH server on loopback (Debian's openssh-server): the key
// travels as a 0600 file of the operation's scratch directory, named in GIT_SSH_COMMAND, and the
// host must be among the known hosts given (StrictHostKeyChecking=yes, nothing learnt on first use).

let repos: TestRepositories;
let server: GitSshServer;
let workRoot: string;
let client: GitClient;
let allowed: SshKeyPair;
let stranger: SshKeyPair;
let commit: string;

const available = sshdAvailable();

beforeAll(async () => {
  if (!available) return;
  repos = await TestRepositories.create();
  commit = await repos.create('infra', { 'main.tf': 'variable "region" {}\n', 'envs/prod/main.tf': 'locals {}\n' });
  await repos.commit('infra', { 'feature.tf': 'locals {}\n' }, 'feature/ssh');
  [allowed, stranger] = await Promise.all([generateSshKeyPair('allowed'), generateSshKeyPair('stranger')]);
  server = await startGitSshServer({ root: repos.root, authorizedKeys: [allowed.publicKey] });
  workRoot = await mkdtemp(join(tmpdir(), 'terrace-git-ssh-'));
  client = new GitClient({ workRoot, timeoutMs: 30_000 });
}, 30_000);

afterAll(async () => {
  if (!available) return;
  await server.close();
  await repos.dispose();
  await rm(workRoot, { recursive: true, force: true });
});

const remote = (key: SshKeyPair, knownHosts?: string): GitRemote => ({
  url: server.urlOf('infra'),
  credentials: { type: 'sshKey', privateKey: key.privateKey, ...(knownHosts !== undefined ? { knownHosts } : {}) },
});

async function failure(promise: Promise<unknown>): Promise<GitError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof GitError) return error;
    throw error;
  }
  throw new Error('expected the operation to fail');
}
const kind = async (promise: Promise<unknown>): Promise<GitErrorKind> => (await failure(promise)).kind;

describe.skipIf(!available)('git over SSH (a real sshd on loopback)', () => {
  it('lists branches, checks out and reads a snapshot with the key, the host key known', async () => {
    const branches = await client.listBranches(remote(allowed, server.knownHostsLine));
    expect(branches.defaultBranch).toBe('main');
    expect(branches.branches.map((b) => b.name)).toEqual(['feature/ssh', 'main']);

    const directory = join(workRoot, 'checkout');
    expect(await client.checkout(remote(allowed, server.knownHostsLine), 'main', directory)).toBe(commit);
    expect(await readFile(join(directory, 'main.tf'), 'utf8')).toBe('variable "region" {}\n');

    const snapshot = await client.openSnapshot(remote(allowed, server.knownHostsLine), 'feature/ssh');
    try {
      expect((await snapshot.listDirectory('')).map((e) => e.name)).toEqual(['envs', 'feature.tf', 'main.tf']);
    } finally {
      await snapshot.close();
    }
  });

  it('leaves no key file behind', async () => {
    await client.listBranches(remote(allowed, server.knownHostsLine));
    const left = await readdir(workRoot);
    expect(left.filter((name) => name.startsWith('access-')), 'the scratch directory with the key is removed').toEqual([]);
  });

  it('refuses a host whose key is not known, rather than trusting it on first use', async () => {
    const error = await failure(client.listBranches(remote(allowed)));
    expect(error.kind).toBe('host-key');
    expect(error.stderr).toMatch(/host key/i);
  });

  it('refuses a host whose key changed (another key known for it)', async () => {
    const other = await generateSshKeyPair('impostor');
    const wrongLine = `[127.0.0.1]:${server.port} ${other.publicKey.split(' ').slice(0, 2).join(' ')}`;
    expect(await kind(client.listBranches(remote(allowed, wrongLine)))).toBe('host-key');
  });

  it('answers authentication for a key the server does not accept', async () => {
    expect(await kind(client.listBranches(remote(stranger, server.knownHostsLine)))).toBe('authentication');
  });
});
