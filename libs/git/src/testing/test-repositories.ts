import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { tmpdir } from 'node:os';
import { promisify } from 'node:util';

const exec = promisify(execFile);

const authorEnv = {
  GIT_AUTHOR_NAME: 'Terrace Tests',
  GIT_AUTHOR_EMAIL: 'tests@terrace.invalid',
  GIT_COMMITTER_NAME: 'Terrace Tests',
  GIT_COMMITTER_EMAIL: 'tests@terrace.invalid',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
};

async function git(cwd: string, ...args: string[]): Promise<string> {
  const { stdout } = await exec('git', args, { cwd, env: { ...process.env, ...authorEnv } });
  return stdout.trim();
}

/** Files by path ('modules/vpc/main.tf'); `null` deletes the file in a later commit. */
export type RepositoryFiles = Record<string, string | null>;

/**
 * Real repositories for tests: made with `git init` and `git commit` in a work tree, published
 * as bare repositories under one root that startGitHttpServer serves.
 */
export class TestRepositories {
  private constructor(readonly root: string, private readonly workRoot: string) {}

  static async create(): Promise<TestRepositories> {
    const base = await mkdtemp(join(tmpdir(), 'terrace-git-'));
    await mkdir(join(base, 'served'));
    await mkdir(join(base, 'work'));
    return new TestRepositories(join(base, 'served'), join(base, 'work'));
  }

  /** Makes `<name>.git` with one commit of `files` on `branch`; returns the commit id. */
  async create(name: string, files: RepositoryFiles, branch = 'main'): Promise<string> {
    const work = join(this.workRoot, name);
    await mkdir(work, { recursive: true });
    await git(work, 'init', '--quiet', '--initial-branch', branch);
    await this.write(work, files);
    await git(work, 'add', '--all');
    await git(work, 'commit', '--quiet', '--message', 'Initial commit');
    await git(this.workRoot, 'clone', '--quiet', '--bare', work, join(this.root, `${name}.git`));
    await git(work, 'remote', 'add', 'origin', join(this.root, `${name}.git`));
    return git(work, 'rev-parse', 'HEAD');
  }

  /** Commits `files` on `branch` (made from `from` when new) and pushes it; returns the commit id. */
  async commit(name: string, files: RepositoryFiles, branch = 'main', from = 'main'): Promise<string> {
    const work = join(this.workRoot, name);
    const existing = await git(work, 'branch', '--list', branch);
    await git(work, 'checkout', '--quiet', ...(existing ? [branch] : ['-b', branch, from]));
    await this.write(work, files);
    await git(work, 'add', '--all');
    await git(work, 'commit', '--quiet', '--message', `Change on ${branch}`);
    await git(work, 'push', '--quiet', 'origin', branch);
    return git(work, 'rev-parse', 'HEAD');
  }

  async dispose(): Promise<void> {
    await rm(dirname(this.root), { recursive: true, force: true });
  }

  private async write(work: string, files: RepositoryFiles): Promise<void> {
    for (const [path, content] of Object.entries(files)) {
      const file = join(work, path);
      if (content === null) {
        await rm(file, { force: true });
      } else {
        await mkdir(dirname(file), { recursive: true });
        await writeFile(file, content);
      }
    }
  }
}
