import { spawn } from 'node:child_process';
import { classifyGitFailure, GitError } from './git-error';

export interface GitCommandOptions {
  cwd?: string;
  /**
   * Configuration for this one command. It reaches git through GIT_CONFIG_COUNT / KEY_n /
   * VALUE_n, never the command line, so credentials carried in it (an Authorization header)
   * are not visible in the process list.
   */
  config?: Readonly<Record<string, string>>;
  /** Further environment for this command (e.g. GIT_SSH_COMMAND); the parent's is never inherited. */
  env?: Readonly<Record<string, string>>;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Output beyond this many bytes ends the command with 'output-too-large'. */
  maxOutputBytes?: number;
  gitBinary?: string;
}

export interface GitCommandResult {
  stdout: Buffer;
  stderr: string;
}

/**
 * Settings every command runs with: only the https, http and ssh transports (no `ext::`, no
 * `file://`, no `git://`), no hooks, no credential helpers or prompts, no user or system
 * configuration of the machine the product runs on.
 */
const hardening: Readonly<Record<string, string>> = {
  'protocol.allow': 'never',
  'protocol.https.allow': 'always',
  'protocol.http.allow': 'always',
  'protocol.ssh.allow': 'always',
  'core.hooksPath': '/dev/null',
  'core.fsmonitor': 'false',
  'credential.helper': '',
  'http.followRedirects': 'initial',
  'advice.detachedHead': 'false',
  'init.defaultBranch': 'main',
};

const defaultTimeoutMs = 120_000;
const defaultMaxOutputBytes = 64 * 1024 * 1024;

export function gitEnvironment(
  config: Readonly<Record<string, string>> = {},
  extra: Readonly<Record<string, string>> = {},
): Record<string, string> {
  const entries = Object.entries({ ...hardening, ...config });
  const env: Record<string, string> = {
    PATH: process.env['PATH'] ?? '/usr/bin:/bin',
    HOME: process.env['HOME'] ?? '/nonexistent',
    LC_ALL: 'C',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_TERMINAL_PROMPT: '0',
    GIT_ASKPASS: 'false',
    SSH_ASKPASS: 'false',
    GIT_CONFIG_COUNT: String(entries.length),
  };
  entries.forEach(([key, value], index) => {
    env[`GIT_CONFIG_KEY_${index}`] = key;
    env[`GIT_CONFIG_VALUE_${index}`] = value;
  });
  return { ...env, ...extra };
}

/**
 * Runs `git` with an argument array (never a shell). The caller puts `--` before any value that
 * came from a user; git-input.ts has already refused values that could pass for options.
 */
export function runGit(args: readonly string[], options: GitCommandOptions = {}): Promise<GitCommandResult> {
  const maxOutput = options.maxOutputBytes ?? defaultMaxOutputBytes;
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new GitError('canceled', 'The git operation was canceled'));
      return;
    }
    const child = spawn(options.gitBinary ?? 'git', args, {
      cwd: options.cwd,
      env: gitEnvironment(options.config, options.env),
      stdio: ['ignore', 'pipe', 'pipe'],
      shell: false,
      // Its own process group: git runs helpers (git-remote-https, ssh) that must end with it.
      detached: true,
    });
    const stdout: Buffer[] = [];
    let stdoutBytes = 0;
    let stderr = '';
    let ending: GitError | null = null;
    const stop = (error: GitError) => {
      if (ending) return;
      ending = error;
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    const timer = setTimeout(
      () => stop(new GitError('timeout', 'The git operation took too long')),
      options.timeoutMs ?? defaultTimeoutMs,
    );
    const onAbort = () => stop(new GitError('canceled', 'The git operation was canceled'));
    options.signal?.addEventListener('abort', onAbort, { once: true });

    child.stdout.on('data', (chunk: Buffer) => {
      stdoutBytes += chunk.length;
      if (stdoutBytes > maxOutput) {
        stop(new GitError('output-too-large', 'The answer from git is larger than allowed'));
        return;
      }
      stdout.push(chunk);
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      // Enough of git's words to classify the failure; progress output can be long.
      if (stderr.length < 16_384) stderr += chunk;
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      reject(new GitError('failed', `git could not be started: ${error.message}`));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      if (ending) {
        reject(ending);
      } else if (code === 0) {
        resolve({ stdout: Buffer.concat(stdout), stderr });
      } else {
        const kind = classifyGitFailure(stderr);
        // git's own last words for this one ("Could not read from remote repository") hide the cause.
        const message =
          kind === 'host-key'
            ? "The SSH server's host key is not among the known hosts (unknown, or changed)"
            : (firstFatalLine(stderr) ?? `git exited with code ${code}`);
        reject(new GitError(kind, message, stderr));
      }
    });
  });
}

function firstFatalLine(stderr: string): string | undefined {
  const line = stderr
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l.startsWith('fatal:') || l.startsWith('error:'));
  return line?.replace(/^(fatal|error):\s*/, '');
}
