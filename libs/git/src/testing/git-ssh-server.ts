import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const exec = promisify(execFile);

/** Debian's OpenSSH server (`apt-get install openssh-server`); absent, SSH tests are skipped with the reason. */
export const sshdPath = '/usr/sbin/sshd';
export const sshdAvailable = (): boolean => existsSync(sshdPath) && existsSync('/usr/bin/ssh-keygen');

export interface SshKeyPair {
  /** OpenSSH private key (what a user pastes into the product). */
  privateKey: string;
  /** `ssh-ed25519 AAAA… comment` */
  publicKey: string;
}

/** A fresh ed25519 key pair made by ssh-keygen. */
export async function generateSshKeyPair(comment = 'terrace-test'): Promise<SshKeyPair> {
  const dir = await mkdtemp(join(tmpdir(), 'terrace-sshkey-'));
  try {
    await exec('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', comment, '-f', join(dir, 'id')]);
    return { privateKey: await readFile(join(dir, 'id'), 'utf8'), publicKey: (await readFile(join(dir, 'id.pub'), 'utf8')).trim() };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export interface GitSshServerOptions {
  /** The directory whose bare repositories (`<name>.git`) are served (TestRepositories.root). */
  root: string;
  /** The public keys allowed to sign in (authorized_keys lines). */
  authorizedKeys: string[];
}

export interface GitSshServer {
  port: number;
  /** `ssh://<user>@127.0.0.1:<port><root>/<name>.git` */
  urlOf(name: string): string;
  /** The server's host key as a known_hosts line (`[127.0.0.1]:<port> ssh-ed25519 AAAA…`). */
  knownHostsLine: string;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * A real OpenSSH server on loopback serving the repositories under `root` to the given keys, as a
 * git host does over SSH: git on the client runs `git-upload-pack '<path>'` through it. It signs
 * in as the user running the tests (sshd cannot switch users otherwise), with public keys only, and
 * has its own host key, so clients must know it (StrictHostKeyChecking) to connect.
 */
export async function startGitSshServer(options: GitSshServerOptions): Promise<GitSshServer> {
  const dir = await mkdtemp(join(tmpdir(), 'terrace-sshd-'));
  await exec('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', 'terrace-test-host', '-f', join(dir, 'host_key')]);
  const authorizedKeys = join(dir, 'authorized_keys');
  // Only git's read side may run with these keys: no shell, no forwarding.
  await writeFile(authorizedKeys, options.authorizedKeys.map((key) => `restrict ${key}\n`).join(''), { mode: 0o600 });
  const port = await freePort();
  const user = userInfo().username;
  const config = join(dir, 'sshd_config');
  await writeFile(
    config,
    [
      `Port ${port}`,
      'ListenAddress 127.0.0.1',
      `HostKey ${join(dir, 'host_key')}`,
      `PidFile ${join(dir, 'sshd.pid')}`,
      `AuthorizedKeysFile ${authorizedKeys}`,
      'PubkeyAuthentication yes',
      'PasswordAuthentication no',
      'KbdInteractiveAuthentication no',
      'PermitRootLogin prohibit-password',
      `AllowUsers ${user}`,
      'UsePAM no',
      // The key files live in a temporary directory of the test, not in the user's home.
      'StrictModes no',
      'LogLevel ERROR',
      'PrintMotd no',
      '',
    ].join('\n'),
  );
  await chmod(join(dir, 'host_key'), 0o600);
  // Privilege separation needs its empty directory when sshd runs as root.
  if (process.getuid?.() === 0) await mkdir('/run/sshd', { recursive: true, mode: 0o755 });

  let output = '';
  const child: ChildProcess = spawn(sshdPath, ['-D', '-e', '-f', config], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  await waitForPort(port, child, () => output);

  const hostKey = (await readFile(join(dir, 'host_key.pub'), 'utf8')).trim().split(' ').slice(0, 2).join(' ');
  return {
    port,
    urlOf: (name) => `ssh://${user}@127.0.0.1:${port}${join(options.root, `${name}.git`)}`,
    knownHostsLine: `[127.0.0.1]:${port} ${hostKey}`,
    close: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function waitForPort(port: number, child: ChildProcess, log: () => string): Promise<void> {
  const { connect } = await import('node:net');
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`sshd exited with code ${child.exitCode}: ${log()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill('SIGKILL');
  throw new Error(`sshd did not listen on ${port}: ${log()}`);
}
