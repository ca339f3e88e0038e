import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newestSatisfying } from '@terrace/domain';
import { GitClient, GitError, normaliseRepositoryPath, type GitRemote } from '@terrace/git';
import { readTerraformModule, type CodeFile, type TerraformModule } from '@terrace/iac-code';
import type { Schemas } from '../../http/contract-types';
import { DomainError, badRequest, notFound, validationError } from '../../http/domain-error';
import type { Actor } from '../../permissions/actor';
import type { IacVersionCatalog, IacEngine } from './iac-version-catalog';

export interface IacVersionsDeps {
  catalog: IacVersionCatalog;
  /** A stack's engine and code location, after the caller's stack:read (the stacks service). */
  stackCodeLocation: (actor: Actor, stackId: string) => Promise<{ iacType: IacEngine; vcsInfo?: Schemas['VcsInfo'] | undefined }>;
  /**
   * The clone URL and credentials of a repository of a VCS provider of the organization (the vcs
   * module's service); undefined when the organization has no such provider.
   */
  resolveRemote?: (organizationId: string, providerId: string, repoName: string) => Promise<GitRemote | undefined>;
  git?: GitClient;
}

export interface DiscoveryQuery {
  stackId?: string | undefined;
  providerId?: string | undefined;
  repoName?: string | undefined;
  branch?: string | undefined;
  path?: string | undefined;
  iacType?: IacEngine | undefined;
}

let defaultGit: GitClient | undefined;
async function gitClient(deps: IacVersionsDeps): Promise<GitClient> {
  if (deps.git) return deps.git;
  if (!defaultGit) {
    const workRoot = join(tmpdir(), 'terrace-version-discovery');
    await mkdir(workRoot, { recursive: true });
    defaultGit = new GitClient({ workRoot, timeoutMs: 60_000 });
  }
  return defaultGit;
}

const maxFiles = 200;

/**
 * One entry per provider local name, in name order: a provider several files constrain gets its
 * constraints joined (Terraform applies them all), and the first source given.
 */
export function providerRequirements(providers: TerraformModule['requiredProviders']): Schemas['IacRequiredProvider'][] {
  const byName = new Map<string, { source: string | null; versions: string[] }>();
  for (const provider of providers) {
    const entry = byName.get(provider.name) ?? { source: null, versions: [] };
    entry.source ??= provider.source;
    if (provider.version && !entry.versions.includes(provider.version)) entry.versions.push(provider.version);
    byName.set(provider.name, entry);
  }
  return [...byName.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, { source, versions }]) => ({
      name,
      ...(source ? { source } : {}),
      ...(versions.length ? { version: versions.join(', ') } : {}),
    }));
}

/**
 * Reads the Terraform/OpenTofu files at the location and answers its `required_version`
 * constraint with the newest known version of the engine that meets it.
 */
export async function discoverIacVersion(deps: IacVersionsDeps, actor: Actor, query: DiscoveryQuery): Promise<Schemas['IacVersionRequirement']> {
  let location: { iacType: IacEngine; providerId: string; repoName: string; branch?: string | undefined; path?: string | undefined };
  if (query.stackId) {
    // A stack the caller may not read is, to this read, a stack that does not exist.
    const stackId = query.stackId;
    const stack = await deps.stackCodeLocation(actor, stackId).catch((error: unknown) => {
      throw error instanceof DomainError && error.kind === 'forbidden' ? notFound('Stack', stackId) : error;
    });
    if (!stack.vcsInfo) throw validationError('The stack has no repository to read', 'stackId');
    location = { iacType: query.iacType ?? stack.iacType, ...stack.vcsInfo, branch: query.branch ?? stack.vcsInfo.branch, path: query.path ?? stack.vcsInfo.path };
  } else if (query.providerId && query.repoName) {
    location = { iacType: query.iacType ?? 'terraform', providerId: query.providerId, repoName: query.repoName, branch: query.branch, path: query.path };
  } else {
    throw badRequest('Give stackId, or providerId and repoName', query.providerId ? 'repoName' : 'providerId');
  }
  const remote = deps.resolveRemote ? await deps.resolveRemote(actor.organizationId, location.providerId, location.repoName) : undefined;
  if (!remote) throw notFound('VCS provider', location.providerId);

  const git = await gitClient(deps);
  let files: CodeFile[];
  try {
    const branch = location.branch || (await git.listBranches(remote)).defaultBranch || 'main';
    const snapshot = await git.openSnapshot(remote, branch);
    try {
      const dir = normaliseRepositoryPath(location.path ?? '');
      const entries = (await snapshot.listDirectory(dir)).filter(
        (e) => e.type === 'file' && (e.name.endsWith('.tf') || e.name.endsWith('.tf.json')),
      );
      files = [];
      for (const entry of entries.slice(0, maxFiles)) {
        files.push({ path: entry.path, content: (await snapshot.readFile(entry.path)).toString('utf8') });
      }
    } finally {
      await snapshot.close();
    }
  } catch (error) {
    if (error instanceof GitError) throw validationError(`The repository could not be read: ${error.message}`, 'repoName');
    throw error;
  }
  const module = await readTerraformModule(files);
  const engine = location.iacType === 'terragrunt' ? 'terraform' : location.iacType;
  const available = deps.catalog.list(engine);
  const requiredVersion = module.requiredVersion ?? undefined;
  const suggestedVersion = requiredVersion ? newestSatisfying(requiredVersion, available) : available.find((v) => !v.includes('-'));
  return {
    iacType: location.iacType,
    ...(requiredVersion ? { requiredVersion } : {}),
    ...(suggestedVersion ? { suggestedVersion } : {}),
    requiredProviders: providerRequirements(module.requiredProviders),
  };
}
