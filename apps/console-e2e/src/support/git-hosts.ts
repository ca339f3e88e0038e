import { execFile } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { callApi, type Account } from './api';
import { baseUrl } from './test';

/** The git hosts the global setup started (apps/api/src/testing/e2e-git-hosts.ts): a GitHub organization listing one real repository. */
export interface GitHosts {
  githubOrg: string;
  token: string;
  repository: string;
  /** The commit main points at. */
  mainCommit: string;
  /** The repository's address on the loopback git server (x-access-token and the token push to it). */
  gitUrl: string;
}

export function gitHosts(): GitHosts {
  const text = process.env['CONSOLE_E2E_GIT_HOSTS'];
  if (!text) throw new Error('CONSOLE_E2E_GIT_HOSTS is not set: the global setup starts the git hosts');
  return JSON.parse(text) as GitHosts;
}

/** Connects the stand-in's GitHub organization to the account's organization through the API; answers the provider's id. */
export async function connectGitHub(account: Account, name = 'Acme GitHub'): Promise<string> {
  const hosts = gitHosts();
  const [provider] = await callApi<{ id: string }>(baseUrl(), 'POST', '/vcs/provider', {
    token: account.token,
    entity: { type: 'github', name, authType: 'token', githubMetadata: { orgName: hosts.githubOrg }, credentials: { token: hosts.token } },
  });
  if (!provider) throw new Error('Creating a provider answered no item');
  return provider.id;
}

/**
 * Delivers GitHub's `pull_request` closed-and-merged event for a pull request of the stand-in's
 * repository to the server's webhook, signed with the provider's secret (read through the API as an
 * admin configuring GitHub would): what GitHub sends when someone merges it.
 */
export async function deliverGitHubMerge(account: Account, providerId: string, number: number, mergeCommit: string): Promise<void> {
  const hosts = gitHosts();
  const [secret] = await callApi<{ secret: string }>(baseUrl(), 'GET', `/vcs/webhookSecret/github?providerId=${providerId}`, { token: account.token });
  if (!secret) throw new Error('The webhook secret answered no item');
  const body = JSON.stringify({
    action: 'closed',
    number,
    pull_request: { number, merged: true, merge_commit_sha: mergeCommit, head: { ref: `terrace/${number}`, sha: mergeCommit }, base: { ref: 'main' }, user: { login: 'octocat' } },
    repository: { id: 1, name: hosts.repository, full_name: `${hosts.githubOrg}/${hosts.repository}`, owner: { login: hosts.githubOrg } },
    sender: { login: 'octocat' },
  });
  const response = await fetch(`${baseUrl()}/api/vcs/webhook/github?providerId=${providerId}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-github-event': 'pull_request',
      'x-github-delivery': randomUUID(),
      'x-hub-signature-256': `sha256=${createHmac('sha256', secret.secret).update(body).digest('hex')}`,
    },
    body,
  });
  if (!response.ok) throw new Error(`The webhook answered ${response.status}: ${await response.text()}`);
}

/**
 * What merging a pull request does to the repository, on the loopback git server: a commit on main's
 * commit with `files` (path: content), pushed to its own branch (main stays as every spec expects it).
 * Answers the commit, the merge commit a webhook names and a runner checks out.
 */
export async function commitMerge(branch: string, files: Record<string, string>): Promise<string> {
  const hosts = gitHosts();
  const dir = await mkdtemp(join(tmpdir(), 'e2e-merge-'));
  const url = new URL(hosts.gitUrl);
  url.username = 'x-access-token';
  url.password = hosts.token;
  const env = { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: dir, GIT_CONFIG_NOSYSTEM: '1', GIT_TERMINAL_PROMPT: '0' };
  const git = async (...args: string[]) => (await promisify(execFile)('git', ['-c', 'user.name=Octocat', '-c', 'user.email=octocat@example.com', ...args], { cwd: dir, env })).stdout.trim();
  try {
    await git('init', '-q', '.');
    await git('fetch', '-q', url.toString(), hosts.mainCommit);
    await git('checkout', '-q', hosts.mainCommit);
    for (const [path, content] of Object.entries(files)) {
      await mkdir(dirname(join(dir, path)), { recursive: true });
      await writeFile(join(dir, path), content);
    }
    await git('add', '-A');
    await git('commit', '-q', '-m', `Merge ${branch}`);
    const commit = await git('rev-parse', 'HEAD');
    await git('push', '-q', url.toString(), `+HEAD:refs/heads/${branch}`);
    return commit;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
