import { wellKnownSshHosts, type GitRemote, type RepositorySnapshot } from '@terrace/git';
import type { HostedRepository } from '@terrace/vcs-hosts';
import type { Schemas } from '../../http/contract-types';
import { DomainError, notFound, validationError } from '../../http/domain-error';
import type { Actor } from '../../permissions/actor';
import { atHost } from './vcs-errors';
import { hostCallTimeoutMs, hostOf, openProvider, type OpenedProvider, type VcsDeps } from './vcs.service';

type VcsRepo = Schemas['VcsRepo'];
type VcsScanResult = Schemas['VcsScanResult'];

// Reads through a provider the caller names by id in the query.
const providerField = 'providerId';

/** Limits of one scan, so a huge monorepo or organization cannot keep the server busy. */
export const scanLimits = { repositories: 50, directoriesPerRepository: 500, depth: 12 } as const;

async function repositoriesOf(deps: VcsDeps, provider: OpenedProvider, refresh = false): Promise<HostedRepository[]> {
  const key = `${provider.row.id}@${provider.row.updatedAt.getTime()}`;
  const cached = refresh ? undefined : deps.repositoryCache.get(key);
  if (cached) return cached;
  const host = hostOf(deps, provider.settings, providerField);
  const repositories = await atHost(providerField, () => host.listRepositories(AbortSignal.timeout(hostCallTimeoutMs * 4)));
  repositories.sort((a, b) => a.fullName.localeCompare(b.fullName));
  deps.repositoryCache.set(key, repositories);
  return repositories;
}

function toVcsRepo(repository: HostedRepository): VcsRepo {
  return {
    name: repository.fullName,
    ...(repository.defaultBranch ? { defaultBranch: repository.defaultBranch } : {}),
    httpUrl: repository.httpUrl,
    ...(repository.sshUrl ? { sshUrl: repository.sshUrl } : {}),
  };
}

export async function listVcsRepos(
  deps: VcsDeps,
  actor: Actor,
  query: { providerId: string; repoName?: string | undefined; page: number; pageSize: number },
) {
  const provider = await openProvider(deps, actor.organizationId, query.providerId);
  const needle = query.repoName?.trim().toLowerCase();
  const matching = (await repositoriesOf(deps, provider)).filter((r) => !needle || r.fullName.toLowerCase().includes(needle));
  const start = (query.page - 1) * query.pageSize;
  return {
    items: matching.slice(start, start + query.pageSize).map(toVcsRepo),
    paging: { page: query.page, pageSize: query.pageSize, total: matching.length },
  };
}

/** Refreshes the provider's repository list from the host now. */
export async function collectVcsRepos(deps: VcsDeps, actor: Actor, providerId: string) {
  const provider = await openProvider(deps, actor.organizationId, providerId);
  await repositoriesOf(deps, provider, true);
  return {};
}

/**
 * How git reaches one repository of the provider: its clone address from the host's listing
 * (https, or ssh for providers cloning over SSH) and the credentials for it — the host's own for
 * https, the provider's SSH key or else the organization's primary one for ssh.
 */
async function remoteOf(deps: VcsDeps, organizationId: string, providerId: string, repoName: string): Promise<{ remote: GitRemote; repository: HostedRepository }> {
  const provider = await openProvider(deps, organizationId, providerId);
  const repository = (await repositoriesOf(deps, provider)).find((r) => r.fullName === repoName);
  if (!repository) throw notFound('Repository', repoName);
  if (provider.row.gitCloneType === 'ssh') {
    if (!repository.sshUrl) throw validationError(`The host gives no SSH address for '${repoName}'`, 'repoName');
    const privateKey = provider.credentials.sshPrivateKey ?? (await deps.primarySshKey(organizationId));
    if (!privateKey) throw validationError('Cloning over SSH needs an SSH key: add one in the SSH keys settings, or on the provider', providerField);
    // Only known host keys are trusted: the provider's own (a self-hosted server) and the hosted services'.
    const knownHosts = [provider.row.sshKnownHosts, wellKnownSshHosts].filter(Boolean).join('\n');
    return { remote: { url: repository.sshUrl, credentials: { type: 'sshKey', privateKey, knownHosts } }, repository };
  }
  const host = hostOf(deps, provider.settings, providerField);
  const credentials = await atHost(providerField, () => host.gitCredentials(AbortSignal.timeout(hostCallTimeoutMs)));
  return { remote: { url: repository.httpUrl, credentials }, repository };
}

/**
 * A provider's repository as git reaches it (clone address and credentials), for the modules that
 * read code: variables scanned from code, version discovery. Their callers check permission first.
 */
export async function repositoryRemote(deps: VcsDeps, organizationId: string, providerId: string, repoName: string): Promise<GitRemote> {
  return (await remoteOf(deps, organizationId, providerId, repoName)).remote;
}

export async function listVcsRepoBranches(deps: VcsDeps, actor: Actor, query: { providerId: string; repoName: string }) {
  const { remote } = await remoteOf(deps, actor.organizationId, query.providerId, query.repoName);
  const { defaultBranch, branches } = await atHost(providerField, () => deps.git.listBranches(remote, AbortSignal.timeout(hostCallTimeoutMs * 2)));
  return branches.map((b) => ({ name: b.name, commit: b.commit, isDefault: b.name === defaultBranch }));
}

async function withSnapshot<T>(deps: VcsDeps, remote: GitRemote, branch: string, work: (snapshot: RepositorySnapshot) => Promise<T>): Promise<T> {
  const snapshot = await atHost(providerField, () => deps.git.openSnapshot(remote, branch, AbortSignal.timeout(hostCallTimeoutMs * 4)));
  try {
    return await atHost(providerField, () => work(snapshot));
  } finally {
    await snapshot.close();
  }
}

export async function listVcsRepoTree(
  deps: VcsDeps,
  actor: Actor,
  query: { providerId: string; repoName: string; branch: string; path?: string | undefined },
) {
  const { remote } = await remoteOf(deps, actor.organizationId, query.providerId, query.repoName);
  return withSnapshot(deps, remote, query.branch, (snapshot) => snapshot.listDirectory(query.path ?? ''));
}

/** The IaC a directory holds, from its file names: Terragrunt first, then Terraform/OpenTofu code. */
function iacTypeOf(fileNames: string[]): VcsScanResult['iacType'] | undefined {
  if (fileNames.includes('terragrunt.hcl')) return 'terragrunt';
  if (fileNames.some((n) => n.endsWith('.tf') || n.endsWith('.tf.json'))) return 'terraform';
  if (fileNames.some((n) => n.endsWith('.tofu') || n.endsWith('.tofu.json'))) return 'opentofu';
  return undefined;
}

/** Walks one branch's tree breadth first (bounded), naming each directory that holds IaC code. */
async function scanTree(snapshot: RepositorySnapshot, repoName: string, branch: string): Promise<VcsScanResult[]> {
  const found: VcsScanResult[] = [];
  const queue: { path: string; depth: number }[] = [{ path: '', depth: 0 }];
  let visited = 0;
  while (queue.length > 0 && visited < scanLimits.directoriesPerRepository) {
    const { path, depth } = queue.shift() as { path: string; depth: number };
    visited++;
    const entries = await snapshot.listDirectory(path);
    const iacType = iacTypeOf(entries.filter((e) => e.type === 'file').map((e) => e.name));
    if (iacType) found.push({ repoName, branch, path, iacType });
    if (depth >= scanLimits.depth) continue;
    for (const entry of entries) {
      // Tool caches and hidden directories are not code paths.
      if (entry.type === 'directory' && !entry.name.startsWith('.') && entry.name !== 'node_modules') {
        queue.push({ path: entry.path, depth: depth + 1 });
      }
    }
  }
  return found;
}

export async function scanVcsRepos(deps: VcsDeps, actor: Actor, input: Schemas['VcsScanInput']) {
  const provider = await openProvider(deps, actor.organizationId, input.providerId);
  const repositories = await repositoriesOf(deps, provider);
  const selected = input.repoNames?.length
    ? input.repoNames.map((name) => {
        const repository = repositories.find((r) => r.fullName === name);
        if (!repository) throw notFound('Repository', name);
        return repository;
      })
    : repositories;
  if (selected.length > scanLimits.repositories) {
    throw validationError(`Scan at most ${scanLimits.repositories} repositories at once; name them in repoNames`, 'entity.repoNames');
  }
  const results: VcsScanResult[] = [];
  for (const repository of selected) {
    const branch = input.branch ?? repository.defaultBranch ?? 'main';
    const { remote } = await remoteOf(deps, actor.organizationId, input.providerId, repository.fullName);
    try {
      results.push(...(await withSnapshot(deps, remote, branch, (snapshot) => scanTree(snapshot, repository.fullName, branch))));
    } catch (error) {
      // A repository without the branch asked for has nothing to scan; the others still are.
      if (!input.repoNames?.length && error instanceof DomainError && error.kind === 'not_found') continue;
      throw error;
    }
  }
  return results;
}

/**
 * For stack discovery (which checks its own permission; no actor: a push re-scans too): the
 * directories of one branch of a repository that hold IaC code (the repository's default branch
 * when none is named), within the limits of a scan.
 */
export async function iacDirectoriesOf(deps: VcsDeps, organizationId: string, providerId: string, repoName: string, branch?: string): Promise<VcsScanResult[]> {
  const { remote, repository } = await remoteOf(deps, organizationId, providerId, repoName);
  const ref = branch ?? repository.defaultBranch ?? 'main';
  return withSnapshot(deps, remote, ref, (snapshot) => scanTree(snapshot, repository.fullName, ref));
}
