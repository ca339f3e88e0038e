import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runGit, type GitCommandOptions } from './git-command';
import { GitError } from './git-error';
import { assertRefName, normaliseRepositoryPath, remoteUrlKind } from './git-input';

/** How the product proves itself to a git host. Tokens travel as the password of basic auth. */
export type GitCredentials =
  | { type: 'basic'; username: string; password: string }
  /**
   * `knownHosts`: the host keys to trust, as known_hosts lines. Only these are: an SSH host whose
   * key is not among them (unknown, or changed) is refused ('host-key'), never accepted on first use.
   */
  | { type: 'sshKey'; privateKey: string; knownHosts?: string };

export interface GitRemote {
  url: string;
  credentials?: GitCredentials | undefined;
}

export interface RemoteBranches {
  /** The branch the remote's HEAD points to, when the host says. */
  defaultBranch: string | null;
  branches: { name: string; commit: string }[];
}

export interface GitClientOptions {
  /** Where clones are made; each operation works in its own fresh directory below it. */
  workRoot: string;
  gitBinary?: string;
  timeoutMs?: number;
}

export interface CheckoutOptions {
  /** A commit to check out instead of the branch's tip (it must be on the branch's host). */
  commit?: string | undefined;
  signal?: AbortSignal | undefined;
}

/** One side of a comparison: a branch of the remote, or a commit (full id) it holds. */
export type CommitSource = { branch: string } | { commit: string };

export interface CompareOptions {
  /**
   * 'direct': the files that differ between the two trees (a push: before..after).
   * 'mergeBase': the files the head changed since it left the base (a pull request: base...head).
   */
  mode: 'direct' | 'mergeBase';
  /** Without a base (a new branch), every file of the head counts as changed. */
  base: CommitSource | null;
  head: CommitSource;
  signal?: AbortSignal | undefined;
}

export interface Comparison {
  /** Paths relative to the repository root, '/'-separated, each once (both sides of a rename). */
  files: string[];
  /** The full ids the comparison used. */
  baseCommit: string | null;
  headCommit: string;
  /** The first line of the head commit's message. */
  headSubject: string;
}

export interface TreeEntry {
  name: string;
  /** Relative to the repository root, '/'-separated. */
  path: string;
  type: 'file' | 'directory' | 'symlink' | 'submodule';
}

const commitPattern = /^[0-9a-f]{40}([0-9a-f]{24})?$/;

/**
 * The product's one way to reach git repositories: the system `git`, run with argument arrays and
 * the hardening of git-command.ts. Credentials go to git through the environment (a URL-scoped
 * Authorization header, or an SSH key file readable only by this process's user), never on the
 * command line or in a URL.
 */
export class GitClient {
  constructor(private readonly options: GitClientOptions) {}

  /** The branches of a remote and its default branch, without cloning (`git ls-remote`). */
  async listBranches(remote: GitRemote, signal?: AbortSignal): Promise<RemoteBranches> {
    return this.withAccess(remote, async (access) => {
      const { stdout } = await this.git(
        ['ls-remote', '--symref', '--', remote.url, 'HEAD', 'refs/heads/*'],
        { ...access, signal },
      );
      let defaultBranch: string | null = null;
      const branches: { name: string; commit: string }[] = [];
      for (const line of stdout.toString('utf8').split('\n')) {
        const [, symref] = /^ref: refs\/heads\/(.+)\tHEAD$/.exec(line) ?? [];
        if (symref !== undefined) {
          defaultBranch = symref;
          continue;
        }
        const [, commit, name] = /^([0-9a-f]{40,64})\trefs\/heads\/(.+)$/.exec(line) ?? [];
        if (commit !== undefined && name !== undefined) branches.push({ name, commit });
      }
      branches.sort((a, b) => a.name.localeCompare(b.name));
      return { defaultBranch, branches };
    });
  }

  /**
   * A working copy of one branch (or one commit of it) in `directory`, with the history cut to
   * that commit: what a run needs. Returns the commit checked out.
   */
  async checkout(remote: GitRemote, branch: string, directory: string, options: CheckoutOptions = {}): Promise<string> {
    assertRefName(branch);
    if (options.commit !== undefined && !commitPattern.test(options.commit)) {
      throw new GitError('invalid-input', 'The commit is not a full commit id');
    }
    return this.withAccess(remote, async (access) => {
      const command = { ...access, signal: options.signal };
      if (options.commit === undefined) {
        await this.git(['clone', '--depth', '1', '--single-branch', '--no-tags', '--branch', branch, '--', remote.url, directory], command);
      } else {
        await mkdir(directory, { recursive: true });
        await this.git(['init', '--quiet', directory], command);
        await this.git(['-C', directory, 'remote', 'add', 'origin', '--', remote.url], command);
        await this.git(['-C', directory, 'fetch', '--depth', '1', '--no-tags', 'origin', '--', options.commit], command);
        await this.git(['-C', directory, 'checkout', '--quiet', '--detach', 'FETCH_HEAD'], command);
      }
      return (await this.git(['-C', directory, 'rev-parse', 'HEAD'], command)).stdout.toString('utf8').trim();
    });
  }

  /**
   * The tree of a branch's tip, to browse directories and read files without checking anything
   * out: a bare clone without blobs, each file fetched only when read. Close it when done.
   */
  async openSnapshot(remote: GitRemote, branch: string, signal?: AbortSignal): Promise<RepositorySnapshot> {
    assertRefName(branch);
    await mkdir(this.options.workRoot, { recursive: true });
    const directory = await mkdtemp(join(this.options.workRoot, 'snapshot-'));
    const access = await this.prepareAccess(remote, directory);
    try {
      await this.git(
        ['clone', '--bare', '--filter=blob:none', '--depth', '1', '--single-branch', '--no-tags', '--branch', branch, '--', remote.url, join(directory, 'repo.git')],
        { ...access, signal },
      );
      const gitDir = join(directory, 'repo.git');
      const commit = (await this.git(['--git-dir', gitDir, 'rev-parse', 'HEAD'], access)).stdout.toString('utf8').trim();
      return new RepositorySnapshot(commit, gitDir, directory, (args, options) => this.git(args, { ...access, ...options }));
    } catch (error) {
      await rm(directory, { recursive: true, force: true });
      throw error;
    }
  }

  /**
   * The files changed between two commits or branches of a remote, read from a bare, blob-less
   * fetch (trees and commits only) in a scratch directory removed after: what run triggers match
   * their path patterns against when the code host's event does not list the files.
   */
  async compare(remote: GitRemote, options: CompareOptions): Promise<Comparison> {
    const sides = [options.base, options.head].filter((s): s is CommitSource => s !== null);
    for (const side of sides) {
      if ('branch' in side) assertRefName(side.branch);
      else if (!commitPattern.test(side.commit)) throw new GitError('invalid-input', 'The commit is not a full commit id');
    }
    return this.withAccess(remote, async (access) => {
      await mkdir(this.options.workRoot, { recursive: true });
      const directory = await mkdtemp(join(this.options.workRoot, 'compare-'));
      const command = { ...access, signal: options.signal };
      try {
        const gitDir = join(directory, 'repo.git');
        await this.git(['init', '--quiet', '--bare', gitDir], command);
        const refspec = (side: CommitSource, name: string) => ('branch' in side ? `+refs/heads/${side.branch}:refs/compare/${name}` : `+${side.commit}:refs/compare/${name}`);
        const refspecs = [refspec(options.head, 'head'), ...(options.base ? [refspec(options.base, 'base')] : [])];
        // A push compares two trees (no history needed); a pull request needs both histories back
        // to where they meet.
        const depth = options.mode === 'direct' || !options.base ? ['--depth', '1'] : [];
        await this.git(['--git-dir', gitDir, 'fetch', '--quiet', '--no-tags', '--filter=blob:none', ...depth, '--', remote.url, ...refspecs], command);
        const resolve = async (name: string) => (await this.git(['--git-dir', gitDir, 'rev-parse', '--verify', `refs/compare/${name}^{commit}`], command)).stdout.toString('utf8').trim();
        const headCommit = await resolve('head');
        const baseCommit = options.base ? await resolve('base') : null;
        const subject = (await this.git(['--git-dir', gitDir, 'log', '-1', '--format=%s', headCommit, '--'], command)).stdout.toString('utf8').trim();
        let listing: Buffer;
        if (baseCommit === null) {
          ({ stdout: listing } = await this.git(['--git-dir', gitDir, 'ls-tree', '-r', '-z', '--name-only', headCommit], command));
        } else {
          const range = options.mode === 'mergeBase' ? `${baseCommit}...${headCommit}` : `${baseCommit}..${headCommit}`;
          ({ stdout: listing } = await this.git(['--git-dir', gitDir, 'diff', '--name-only', '--no-renames', '-z', range, '--'], command));
        }
        const files = [...new Set(listing.toString('utf8').split('\0').filter((f) => f !== ''))];
        return { files, baseCommit, headCommit, headSubject: subject };
      } finally {
        await rm(directory, { recursive: true, force: true });
      }
    });
  }

  private git(args: string[], options: GitCommandOptions) {
    return runGit(args, {
      gitBinary: this.options.gitBinary,
      timeoutMs: this.options.timeoutMs,
      ...options,
    });
  }

  /** Runs `work` with the remote's credentials in place, in a scratch directory removed after. */
  private async withAccess<T>(remote: GitRemote, work: (access: GitCommandOptions) => Promise<T>): Promise<T> {
    await mkdir(this.options.workRoot, { recursive: true });
    const scratch = await mkdtemp(join(this.options.workRoot, 'access-'));
    try {
      return await work(await this.prepareAccess(remote, scratch));
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  }

  private async prepareAccess(remote: GitRemote, scratch: string): Promise<GitCommandOptions> {
    const kind = remoteUrlKind(remote.url);
    const credentials = remote.credentials;
    if (kind !== 'ssh') {
      const url = new URL(remote.url);
      if (url.username || url.password) {
        throw new GitError('invalid-input', "The repository address must not carry credentials: set them on the provider");
      }
      if (credentials?.type === 'sshKey') {
        throw new GitError('invalid-input', 'An SSH key needs an ssh:// or user@host: repository address');
      }
      if (!credentials) return {};
      const header = `Authorization: Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`;
      // Scoped to the repository's origin, so a redirect elsewhere never receives it.
      return { config: { [`http.${url.origin}/.extraHeader`]: header } };
    }
    if (credentials?.type === 'basic') {
      throw new GitError('invalid-input', 'A token or password needs an https:// repository address');
    }
    const keyFile = join(scratch, 'id');
    const knownHosts = join(scratch, 'known_hosts');
    const knownHostsText = credentials?.knownHosts ?? '';
    await writeFile(knownHosts, knownHostsText.endsWith('\n') || knownHostsText === '' ? knownHostsText : `${knownHostsText}\n`, { mode: 0o600 });
    const sshOptions = [
      '-o BatchMode=yes',
      // Only the host keys given, never the machine's own files: each operation trusts exactly
      // what the provider says, and refuses a host it does not know (a first key seen could be an
      // attacker's: there is no one to ask "are you sure?" on a server).
      `-o UserKnownHostsFile=${shellQuote(knownHosts)}`,
      '-o GlobalKnownHostsFile=/dev/null',
      '-o StrictHostKeyChecking=yes',
      '-o UpdateHostKeys=no',
      '-F /dev/null',
    ];
    if (credentials) {
      await writeFile(keyFile, credentials.privateKey.endsWith('\n') ? credentials.privateKey : `${credentials.privateKey}\n`, { mode: 0o600 });
      await chmod(keyFile, 0o600);
      sshOptions.push(`-i ${shellQuote(keyFile)}`, '-o IdentitiesOnly=yes');
    }
    return { env: { GIT_SSH_COMMAND: `ssh ${sshOptions.join(' ')}`, GIT_SSH_VARIANT: 'ssh' } };
  }
}

/** git runs GIT_SSH_COMMAND through the shell: paths in it are quoted (they are our own temp paths). */
function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

type SnapshotGit = (args: string[], options?: GitCommandOptions) => ReturnType<typeof runGit>;

export class RepositorySnapshot {
  constructor(
    /** The commit the snapshot shows. */
    readonly commit: string,
    private readonly gitDir: string,
    private readonly directory: string,
    private readonly git: SnapshotGit,
  ) {}

  /** The entries of one directory ('' for the root), directories first, then by name. */
  async listDirectory(path: string): Promise<TreeEntry[]> {
    const dir = normaliseRepositoryPath(path);
    const treeish = dir === '' ? this.commit : `${this.commit}:${dir}`;
    let stdout: Buffer;
    try {
      ({ stdout } = await this.git(['--git-dir', this.gitDir, 'ls-tree', '-z', treeish]));
    } catch (error) {
      if (error instanceof GitError && error.kind === 'failed') {
        throw new GitError('not-found', `'${dir}' is not a directory of this branch`, error.stderr);
      }
      throw error;
    }
    const entries: TreeEntry[] = [];
    for (const record of stdout.toString('utf8').split('\0')) {
      const [, mode, objectType, name] = /^(\d{6}) (blob|tree|commit) [0-9a-f]+\t(.+)$/s.exec(record) ?? [];
      if (name === undefined) continue;
      const type: TreeEntry['type'] =
        objectType === 'tree' ? 'directory' : objectType === 'commit' ? 'submodule' : mode === '120000' ? 'symlink' : 'file';
      entries.push({ name, path: dir === '' ? name : `${dir}/${name}`, type });
    }
    const rank = (e: TreeEntry) => (e.type === 'directory' ? 0 : 1);
    return entries.sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
  }

  /** One file's bytes; a file over `maxBytes` is refused rather than read into memory. */
  async readFile(path: string, maxBytes = 5 * 1024 * 1024): Promise<Buffer> {
    const file = normaliseRepositoryPath(path);
    if (file === '') throw new GitError('invalid-input', 'A file path is needed');
    try {
      const { stdout } = await this.git(['--git-dir', this.gitDir, 'cat-file', 'blob', `${this.commit}:${file}`], {
        maxOutputBytes: maxBytes,
      });
      return stdout;
    } catch (error) {
      if (error instanceof GitError && error.kind === 'failed') {
        throw new GitError('not-found', `'${file}' is not a file of this branch`, error.stderr);
      }
      throw error;
    }
  }

  async close(): Promise<void> {
    await rm(this.directory, { recursive: true, force: true });
  }
}
