import type { GitClient, GitRemote } from '@terrace/git';
import type { Schemas } from '../../http/contract-types';

const maxFiles = 50;

/**
 * The Rego of a policy kept in a repository: the file at `vcsInfo.path` when it is a `.rego` file,
 * else every `.rego` file of that directory (not its tests, `*_test.rego`), on the branch (default:
 * the repository's default branch).
 */
export async function readRegoFiles(git: GitClient, vcsInfo: Schemas['VcsInfo'], remote: () => Promise<GitRemote>): Promise<Record<string, string>> {
  const repository = await remote();
  const branch = vcsInfo.branch || (await git.listBranches(repository)).defaultBranch || 'main';
  const snapshot = await git.openSnapshot(repository, branch);
  try {
    const path = (vcsInfo.path ?? '').replace(/^\/+|\/+$/g, '');
    if (path.endsWith('.rego')) return { [path.split('/').pop() as string]: (await snapshot.readFile(path)).toString('utf8') };
    const entries = (await snapshot.listDirectory(path)).filter((e) => e.type === 'file' && e.name.endsWith('.rego') && !e.name.endsWith('_test.rego'));
    const files: Record<string, string> = {};
    for (const entry of entries.slice(0, maxFiles)) files[entry.name] = (await snapshot.readFile(entry.path)).toString('utf8');
    return files;
  } finally {
    await snapshot.close();
  }
}
