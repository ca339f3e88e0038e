import { GitError, type GitClient, type GitRemote, type RepositorySnapshot } from '@terrace/git';
import { readTerraformModule, variableValueText } from '@terrace/iac-code';
import type { Schemas } from '../../http/contract-types';
import { validationError } from '../../http/domain-error';
import type { Actor } from '../../permissions/actor';
import { checkedPlace, keyTaken, placeOf, requireVariablesRead, variableKeysAt, type VariablesDeps } from './variables.service';

export interface VariableScanDeps extends VariablesDeps {
  git: Pick<GitClient, 'openSnapshot' | 'listBranches'>;
  /**
   * The clone address and credentials of a repository of one of the organization's VCS
   * providers (the vcs module owns providers and their credentials).
   */
  resolveRepository(organizationId: string, providerId: string, repoName: string): Promise<GitRemote>;
}

/** The spec's message (§5) for a name the code declares twice. */
export const nameExistsInCode = 'Variable name already exists in code';

const maxFiles = 200;
const codeFile = /\.tf(\.json)?$/;

function gitFailure(error: unknown, field: string): never {
  if (error instanceof GitError) throw validationError(error.message, field);
  throw error;
}

async function readCodeFiles(snapshot: RepositorySnapshot, path: string) {
  const entries = (await snapshot.listDirectory(path)).filter((e) => e.type === 'file' && codeFile.test(e.name)).slice(0, maxFiles);
  return Promise.all(entries.map(async (e) => ({ path: e.name, content: (await snapshot.readFile(e.path)).toString('utf8') })));
}

/**
 * Proposes the variables a repository path declares (HashiCorp's parser, through iac-code): one per
 * `variable` block, type tfVar, the default as a string, required without a default. Code that does
 * not parse, or declares a name twice, is refused with the parser's words (Terraform would refuse it too).
 */
export async function scanVariablesFromCode(deps: VariableScanDeps, actor: Actor, input: Schemas['VariableScanInput']): Promise<Schemas['DiscoveredVariable'][]> {
  const { providerId, repoName, path = '' } = input.vcsInfo;
  const remote = await deps.resolveRepository(actor.organizationId, providerId, repoName);
  const branch =
    input.vcsInfo.branch ??
    (await deps.git.listBranches(remote).catch((e: unknown) => gitFailure(e, 'entity.vcsInfo.repoName'))).defaultBranch ??
    'main';
  const snapshot = await deps.git.openSnapshot(remote, branch).catch((e: unknown) => gitFailure(e, 'entity.vcsInfo.branch'));
  let files;
  try {
    files = await readCodeFiles(snapshot, path).catch((e: unknown) => gitFailure(e, 'entity.vcsInfo.path'));
  } finally {
    await snapshot.close();
  }
  const module = await readTerraformModule(files);
  if (module.problems.length > 0) {
    const messages = module.problems.map((p) => (p.message.startsWith('Duplicate variable declaration') ? `${p.file}: ${nameExistsInCode} (${p.message})` : `${p.file}: ${p.message}`));
    throw validationError(messages.join('; '), 'entity.vcsInfo.path');
  }
  const existing = new Map<string, string>();
  if (input.scope) {
    const { ref } = await checkedPlace(await placeOf(deps, actor.organizationId, input.scope, input.scopeId, 'entity.scopeId'), (r, t) =>
      requireVariablesRead(deps, actor, r, t),
    );
    for (const [key, id] of await variableKeysAt(deps.db, actor.organizationId, ref)) existing.set(key, id);
  }
  return module.variables.map((v) => {
    const existingId = existing.get(v.name);
    return {
      key: v.name,
      ...(v.type !== null ? { type: v.type } : {}),
      ...(v.description !== null ? { description: v.description } : {}),
      ...(v.hasDefault ? { defaultValue: variableValueText(v.default) } : {}),
      isSensitive: v.sensitive,
      isRequired: !v.hasDefault,
      variableType: 'tfVar' as const,
      fileName: v.file,
      ...(existingId ? { existingVariableId: existingId, message: keyTaken(v.name) } : {}),
    };
  });
}
