import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface GpgSigner {
  /** The armored public key to trust. */
  publicKey: string;
  /** A detached signature made by GnuPG (binary, or armored). */
  sign(data: Buffer, options?: { armor?: boolean }): Buffer;
  dispose(): void;
}

/**
 * A release-signing key made by GnuPG itself (`gpg --quick-gen-key`, RSA), in a throw-away home:
 * signatures in tests are the real OpenPGP format, produced by the real tool.
 */
export function createGpgSigner(name = 'Terrace Test Releases <releases@terrace.invalid>'): GpgSigner {
  const home = mkdtempSync(join(tmpdir(), 'terrace-gpg-'));
  const gpg = (args: string[], input?: Buffer) =>
    execFileSync('gpg', ['--batch', '--quiet', '--homedir', home, '--pinentry-mode', 'loopback', '--passphrase', '', ...args], {
      input,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
  gpg(['--quick-gen-key', name, 'rsa2048', 'sign', 'never']);
  const publicKey = gpg(['--armor', '--export', name]).toString('utf8');
  return {
    publicKey,
    sign: (data, options = {}) => gpg(['--detach-sign', ...(options.armor ? ['--armor'] : []), '--output', '-'], data),
    dispose: () => rmSync(home, { recursive: true, force: true }),
  };
}
