import { readFile, readdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGitHttpServer, TestRepositories, type GitHttpServer } from '../testing';
import { GitClient } from './git-client';
import { GitError, type GitErrorKind } from './git-error';

const credentials = { username: 'x-access-token', password: 'ghp_secretTokenValue123' };

let repos: TestRepositories;
let server: GitHttpServer;
let workRoot: string;
let client: GitClient;
let firstCommit: string;
let secondCommit: string;

beforeAll(async () => {
  repos = await TestRepositories.create();
  firstCommit = await repos.create('infra', {
    'README.md': '# infra\n',
    'stacks/network/main.tf': 'variable "cidr" {}\n',
    'stacks/network/variables.tf': 'variable "region" { default = "eu-west-1" }\n',
    'stacks/app/main.tf': 'resource "null_resource" "a" {}\n',
  });
  secondCommit = await repos.commit('infra', { 'stacks/network/main.tf': 'variable "cidr" { default = "10.0.0.0/16" }\n' });
  await repos.commit('infra', { 'feature.tf': 'locals {}\n' }, 'feature/login');
  server = await startGitHttpServer({ root: repos.root, credentials });
  workRoot = await mkdtemp(join(tmpdir(), 'terrace-git-work-'));
  client = new GitClient({ workRoot, timeoutMs: 30_000 });
});

afterAll(async () => {
  await server.close();
  await repos.dispose();
  await rm(workRoot, { recursive: true, force: true });
});

const remote = () => ({ url: server.urlOf('infra'), credentials: { type: 'basic' as const, ...credentials } });

async function failureKind(work: Promise<unknown>): Promise<GitErrorKind> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, 'the operation should fail').toBeInstanceOf(GitError);
  return (error as GitError).kind;
}

describe('listBranches', () => {
  it('lists the branches with their commits and the default branch', async () => {
    const result = await client.listBranches(remote());
    expect(result.defaultBranch).toBe('main');
    expect(result.branches.map((b) => b.name)).toEqual(['feature/login', 'main']);
    expect(result.branches.find((b) => b.name === 'main')?.commit).toBe(secondCommit);
  });

  it('sends the credentials as a basic Authorization header', async () => {
    server.authorizations.length = 0;
    await client.listBranches(remote());
    const expected = `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`;
    expect(server.authorizations).toContain(expected);
  });

  it('reports missing or wrong credentials as an authentication failure', async () => {
    expect(await failureKind(client.listBranches({ url: server.urlOf('infra') }))).toBe('authentication');
    expect(
      await failureKind(
        client.listBranches({ url: server.urlOf('infra'), credentials: { type: 'basic', username: 'x', password: 'wrong' } }),
      ),
    ).toBe('authentication');
  });

  it('reports a repository that does not exist as not found', async () => {
    expect(await failureKind(client.listBranches({ ...remote(), url: server.urlOf('missing') }))).toBe('not-found');
  });

  it('reports a host that cannot be reached', async () => {
    expect(await failureKind(client.listBranches({ url: 'http://127.0.0.1:1/x.git' }))).toBe('unreachable');
  });
});

describe('checkout', () => {
  it('checks out the tip of a branch', async () => {
    const dir = join(workRoot, 'checkout-tip');
    const commit = await client.checkout(remote(), 'main', dir);
    expect(commit).toBe(secondCommit);
    expect(await readFile(join(dir, 'stacks/network/main.tf'), 'utf8')).toContain('10.0.0.0/16');
  });

  it('checks out a given commit', async () => {
    const dir = join(workRoot, 'checkout-commit');
    const commit = await client.checkout(remote(), 'main', dir, { commit: firstCommit });
    expect(commit).toBe(firstCommit);
    expect(await readFile(join(dir, 'stacks/network/main.tf'), 'utf8')).toBe('variable "cidr" {}\n');
  });

  it('leaves no credentials in the working copy', async () => {
    const dir = join(workRoot, 'checkout-clean');
    await client.checkout(remote(), 'feature/login', dir);
    const config = await readFile(join(dir, '.git/config'), 'utf8');
    expect(config).not.toContain(credentials.password);
    expect(config).not.toContain(Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64'));
  });

  it('reports a branch that does not exist as not found', async () => {
    expect(await failureKind(client.checkout(remote(), 'nope', join(workRoot, 'checkout-missing')))).toBe('not-found');
  });
});

describe('compare', () => {
  it('lists the files that differ between two commits (a push)', async () => {
    const result = await client.compare(remote(), { mode: 'direct', base: { commit: firstCommit }, head: { commit: secondCommit } });
    expect(result).toEqual({ files: ['stacks/network/main.tf'], baseCommit: firstCommit, headCommit: secondCommit, headSubject: 'Change on main' });
  });

  it('lists what a branch changed since it left its base (a pull request), by branch names', async () => {
    const result = await client.compare(remote(), { mode: 'mergeBase', base: { branch: 'main' }, head: { branch: 'feature/login' } });
    expect(result.files).toEqual(['feature.tf']);
    expect(result.baseCommit).toBe(secondCommit);
    expect(result.headCommit).toMatch(/^[0-9a-f]{40}$/);
  });

  it('counts every file of the head as changed when there is no base (a new branch)', async () => {
    const result = await client.compare(remote(), { mode: 'direct', base: null, head: { commit: firstCommit } });
    expect(result.files.sort()).toEqual(['README.md', 'stacks/app/main.tf', 'stacks/network/main.tf', 'stacks/network/variables.tf']);
  });

  it('refuses a commit that is not a full id and a hostile branch name', async () => {
    expect(await failureKind(client.compare(remote(), { mode: 'direct', base: { commit: 'abc' }, head: { commit: secondCommit } }))).toBe('invalid-input');
    expect(await failureKind(client.compare(remote(), { mode: 'direct', base: null, head: { branch: '--upload-pack=x' } }))).toBe('invalid-input');
  });

  it('leaves nothing behind in the work root', async () => {
    await client.compare(remote(), { mode: 'direct', base: { commit: firstCommit }, head: { commit: secondCommit } });
    expect((await readdir(workRoot)).filter((e) => e.startsWith('compare-') || e.startsWith('access-'))).toEqual([]);
  });
});

describe('snapshots', () => {
  it('lists directories and reads files of a branch without checking it out', async () => {
    const snapshot = await client.openSnapshot(remote(), 'main');
    try {
      expect(snapshot.commit).toBe(secondCommit);
      expect(await snapshot.listDirectory('')).toEqual([
        { name: 'stacks', path: 'stacks', type: 'directory' },
        { name: 'README.md', path: 'README.md', type: 'file' },
      ]);
      expect((await snapshot.listDirectory('/stacks/network/')).map((e) => e.path)).toEqual([
        'stacks/network/main.tf',
        'stacks/network/variables.tf',
      ]);
      expect((await snapshot.readFile('stacks/network/variables.tf')).toString('utf8')).toContain('eu-west-1');
    } finally {
      await snapshot.close();
    }
  });

  it('says not found for a path that is not there', async () => {
    const snapshot = await client.openSnapshot(remote(), 'main');
    try {
      expect(await failureKind(snapshot.listDirectory('nowhere'))).toBe('not-found');
      expect(await failureKind(snapshot.readFile('stacks/missing.tf'))).toBe('not-found');
    } finally {
      await snapshot.close();
    }
  });

  it('refuses a file larger than allowed', async () => {
    const snapshot = await client.openSnapshot(remote(), 'main');
    try {
      expect(await failureKind(snapshot.readFile('stacks/network/variables.tf', 10))).toBe('output-too-large');
    } finally {
      await snapshot.close();
    }
  });

  it('removes its directory when closed', async () => {
    const before = await readdir(workRoot);
    const snapshot = await client.openSnapshot(remote(), 'main');
    await snapshot.close();
    expect(await readdir(workRoot)).toEqual(before);
  });
});

describe('hostile input', () => {
  it.each([
    ['the ext transport', 'ext::sh -c touch% /tmp/terrace-pwned'],
    ['a local path', '/etc'],
    ['the file transport', 'file:///etc'],
    ['the git transport', 'git://127.0.0.1/x.git'],
    ['an option', '--upload-pack=touch /tmp/terrace-pwned'],
    ['an ssh host that is an option', 'git@-oProxyCommand=x:repo.git'],
    ['credentials in the address', 'https://user:secret@example.com/x.git'],
    ['a newline', 'https://example.com/x.git\n--upload-pack=x'],
  ])('refuses %s as a repository address before running git', async (_, url) => {
    expect(await failureKind(client.listBranches({ url }))).toBe('invalid-input');
  });

  it.each(['--orphan', '-b', 'a..b', 'a b', 'x:y', 'a/.hidden', 'HEAD@{1}', 'x.lock', ''])(
    'refuses the branch name %j',
    async (branch) => {
      expect(await failureKind(client.checkout(remote(), branch, join(workRoot, 'never')))).toBe('invalid-input');
    },
  );

  it.each(['../outside', 'stacks/../../x'])('refuses the path %j', async (path) => {
    const snapshot = await client.openSnapshot(remote(), 'main');
    try {
      expect(await failureKind(snapshot.listDirectory(path))).toBe('invalid-input');
      expect(await failureKind(snapshot.readFile(path))).toBe('invalid-input');
    } finally {
      await snapshot.close();
    }
  });

  it('refuses a commit that is not a full commit id', async () => {
    expect(await failureKind(client.checkout(remote(), 'main', join(workRoot, 'never'), { commit: '--help' }))).toBe('invalid-input');
  });
});

describe('cancellation', () => {
  let silent: Server;
  let port: number;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    // Accepts connections and never answers, like a host that hangs.
    silent = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    port = (silent.address() as { port: number }).port;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  it('ends a hanging operation when canceled', async () => {
    const controller = new AbortController();
    const work = client.listBranches({ url: `http://127.0.0.1:${port}/x.git` }, controller.signal);
    setTimeout(() => controller.abort(), 200);
    expect(await failureKind(work)).toBe('canceled');
  });

  it('ends a hanging operation after the time-out', async () => {
    const impatient = new GitClient({ workRoot, timeoutMs: 300 });
    expect(await failureKind(impatient.listBranches({ url: `http://127.0.0.1:${port}/x.git` }))).toBe('timeout');
  });
});
