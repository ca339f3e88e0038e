import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validationError } from '../../http/domain-error';

export interface PublicPart {
  publicKey: string | null;
  fingerprint: string;
}

function run(command: string, args: string[], options: { env?: NodeJS.ProcessEnv; input?: string } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      command,
      args,
      { env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', LC_ALL: 'C', ...options.env }, timeout: 20_000, maxBuffer: 1024 * 1024 },
      (error, stdout) => (error ? reject(error) : resolve(stdout)),
    );
    if (options.input !== undefined) child.stdin?.end(options.input);
  });
}

/** Runs `work` with a private scratch directory (0700), removed after. */
async function inScratch<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'terrace-key-'));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const notAKey = (what: string) => validationError(`'entity.privateKey' is not a valid ${what} private key`, 'entity.privateKey');

/**
 * The public key and SHA-256 fingerprint of an OpenSSH or PEM private key, read by the system
 * `ssh-keygen` from a 0600 file of a private scratch directory (the key never reaches a command line).
 */
export function sshPublicPart(privateKey: string, passphrase?: string | null): Promise<PublicPart> {
  return inScratch(async (dir) => {
    const keyFile = join(dir, 'id');
    await writeFile(keyFile, privateKey.endsWith('\n') ? privateKey : `${privateKey}\n`, { mode: 0o600 });
    let publicKey: string;
    try {
      publicKey = (await run('ssh-keygen', ['-y', '-P', passphrase ?? '', '-f', keyFile])).trim();
    } catch {
      throw notAKey('SSH');
    }
    const publicFile = join(dir, 'id.pub');
    await writeFile(publicFile, `${publicKey}\n`);
    const listed = (await run('ssh-keygen', ['-l', '-E', 'sha256', '-f', publicFile])).trim();
    const fingerprint = listed.split(/\s+/)[1] ?? listed;
    return { publicKey, fingerprint };
  });
}

/** The armored public key and fingerprint of an armored GPG secret key, read by `gpg` in a throw-away home. */
export function gpgPublicPart(privateKey: string): Promise<PublicPart> {
  return inScratch(async (home) => {
    const env = { GNUPGHOME: home };
    const base = ['--batch', '--no-tty', '--pinentry-mode', 'loopback', '--passphrase', ''];
    try {
      await run('gpg', [...base, '--import'], { env, input: privateKey });
      const listing = await run('gpg', ['--batch', '--with-colons', '--list-secret-keys'], { env });
      const fingerprint = /^fpr:(?:[^:]*:){8}([0-9A-F]{40,64}):/m.exec(listing)?.[1];
      if (!fingerprint) throw new Error('no secret key');
      const publicKey = (await run('gpg', ['--batch', '--armor', '--export', fingerprint], { env })).trim();
      return { publicKey: publicKey || null, fingerprint };
    } catch {
      throw notAKey('GPG');
    } finally {
      await run('gpgconf', ['--kill', 'all'], { env }).catch(() => undefined);
    }
  });
}
