import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGpgSigner, createZip, installStandIns, startReleasesHost, type GpgSigner, type ReleasesHost } from '@terrace/iac-stand-in';
import { IacBinaryError, releaseFiles, resolveIacBinary, type IacBinaryOptions } from './iac-binary';
import { readPublicKeys, SignatureError, verifyDetachedSignature } from './openpgp';
import { HASHICORP_RELEASE_KEY, OPENTOFU_RELEASE_KEY } from './release-keys';
import { readZipEntry, ZipError } from './zip';

let host: ReleasesHost;
let signer: GpgSigner;
let other: GpgSigner;
let work: string;

beforeAll(async () => {
  host = await startReleasesHost();
  signer = createGpgSigner();
  other = createGpgSigner('Someone Else <else@terrace.invalid>');
  work = await mkdtemp(join(tmpdir(), 'terrace-iac-bin-'));
  for (const v of ['1.8.5', '1.9.5', '1.10.0-beta1']) host.publishTerraform(v, signer);
  host.publishTofu('1.8.3', signer);
  host.publishTerragrunt('0.80.0');
}, 60_000);

afterAll(async () => {
  await host.close();
  signer.dispose();
  other.dispose();
  await rm(work, { recursive: true, force: true });
});

const platform = { os: process.platform, arch: process.arch === 'x64' ? 'amd64' : process.arch };

function options(cacheName: string, extra: Partial<IacBinaryOptions> = {}): IacBinaryOptions {
  return {
    cacheDir: join(work, cacheName),
    binDir: join(work, 'none'),
    releases: host.sources,
    signingKeys: { terraform: [signer.publicKey], opentofu: [signer.publicKey] },
    ...extra,
  };
}

function versionOf(path: string): string {
  return (JSON.parse(execFileSync(path, ['version', '-json'], { env: { PATH: process.env['PATH'] ?? '' } }).toString()) as { terraform_version: string }).terraform_version;
}

describe('OpenPGP signatures', () => {
  it('reads the pinned vendor keys (primary keys and signing subkeys)', () => {
    const hashicorp = readPublicKeys(HASHICORP_RELEASE_KEY).map((k) => k.keyId);
    expect(hashicorp).toContain('34365D9472D7468F');
    expect(hashicorp).toContain('C820C6D5CD27AB87');
    expect(readPublicKeys(HASHICORP_RELEASE_KEY)[0]?.fingerprint).toBe('C874011F0AB405110D02105534365D9472D7468F');
    expect(readPublicKeys(OPENTOFU_RELEASE_KEY)[0]?.fingerprint).toBe('E3E6E43D84CB852EADB0051D0C0AF313E5FD9F80');
  });

  it('verifies GnuPG detached signatures, binary and armored', () => {
    const data = Buffer.from('abc  terraform_1.9.5_linux_amd64.zip\n');
    expect(verifyDetachedSignature(data, signer.sign(data), [signer.publicKey]).fingerprint).toMatch(/^[0-9A-F]{40}$/);
    expect(() => verifyDetachedSignature(data, signer.sign(data, { armor: true }).toString(), [signer.publicKey])).not.toThrow();
  });

  it('refuses changed data, a signature by another key, and a damaged armor', () => {
    const data = Buffer.from('abc  terraform_1.9.5_linux_amd64.zip\n');
    expect(() => verifyDetachedSignature(Buffer.from('abd  terraform_1.9.5_linux_amd64.zip\n'), signer.sign(data), [signer.publicKey])).toThrow(SignatureError);
    expect(() => verifyDetachedSignature(data, other.sign(data), [signer.publicKey, HASHICORP_RELEASE_KEY])).toThrow(/no trusted key/);
    const armored = signer.sign(data, { armor: true }).toString().replace(/\n([A-Za-z0-9+/])/, '\nA$1');
    expect(() => verifyDetachedSignature(data, armored, [signer.publicKey])).toThrow(SignatureError);
  });
});

describe('zip', () => {
  it('reads an entry of a zip made by Info-ZIP and of one made by the releases host', async () => {
    const zip = createZip([{ name: 'terraform', data: Buffer.from('#!/bin/sh\necho hi\n') }]);
    expect(readZipEntry(zip, 'terraform').toString()).toBe('#!/bin/sh\necho hi\n');
    if (existsSync('/usr/bin/zip')) {
      const dir = await mkdtemp(join(work, 'zip-'));
      await writeFile(join(dir, 'tofu'), 'x'.repeat(5000));
      execFileSync('zip', ['-q', 'r.zip', 'tofu'], { cwd: dir });
      expect(readZipEntry(await readFile(join(dir, 'r.zip')), 'tofu').toString()).toBe('x'.repeat(5000));
    }
  });

  it('refuses paths that escape and damaged entries', () => {
    expect(() => readZipEntry(createZip([{ name: '../evil', data: Buffer.from('x') }]), '../evil')).toThrow(ZipError);
    const zip = createZip([{ name: 'terraform', data: Buffer.from('hello world hello world') }]);
    const damaged = Buffer.from(zip);
    damaged[40] = (damaged[40] ?? 0) ^ 0xff;
    expect(() => readZipEntry(damaged, 'terraform')).toThrow();
  });
});

describe('resolveIacBinary', () => {
  it('uses a binary of the configured directory first', async () => {
    const binDir = join(work, 'configured');
    await installStandIns(binDir, { terraform: ['1.7.0'] });
    const resolved = await resolveIacBinary({ engine: 'terraform', version: '1.7.0' }, options('cache-configured', { binDir }));
    expect(resolved).toMatchObject({ source: 'configured', version: '1.7.0', path: join(binDir, 'terraform', '1.7.0', 'terraform') });
    expect(versionOf(resolved.path)).toBe('1.7.0');
  });

  it('downloads terraform, checks the signed SHA256SUMS, extracts the zip and caches it', async () => {
    const lines: string[] = [];
    const resolved = await resolveIacBinary({ engine: 'terraform', version: '1.9.5' }, options('cache-a', { onLog: (l) => lines.push(l) }));
    expect(resolved.source).toBe('download');
    expect(versionOf(resolved.path)).toBe('1.9.5');
    expect(lines.join('\n')).toMatch(/signed by [0-9A-F]{40}/);
    const files = releaseFiles('terraform', '1.9.5', platform, { ...host.sources });
    expect(host.requests).toContain(new URL(files.signature ?? '').pathname);
    const again = await resolveIacBinary({ engine: 'terraform', version: '1.9.5' }, options('cache-a'));
    expect(again).toMatchObject({ source: 'cache', path: resolved.path });
  });

  it('resolves LATEST and constraints against the release list (pre-releases only when asked)', async () => {
    expect((await resolveIacBinary({ engine: 'terraform', version: 'LATEST' }, options('cache-b'))).version).toBe('1.9.5');
    expect((await resolveIacBinary({ engine: 'terraform', version: '~> 1.8.0' }, options('cache-b'))).version).toBe('1.8.5');
    expect((await resolveIacBinary({ engine: 'terraform', version: '^1.8.0' }, options('cache-b'))).version).toBe('1.9.5');
    await expect(resolveIacBinary({ engine: 'terraform', version: '>= 2.0' }, options('cache-b'))).rejects.toThrow(/No terraform version matching '>= 2.0'/);
  });

  it('refuses a download whose checksum does not match SHA256SUMS, and installs nothing', async () => {
    host.publishTerraform('1.6.0', signer);
    const files = releaseFiles('terraform', '1.6.0', platform, host.sources);
    host.set(new URL(files.url).pathname, createZip([{ name: 'terraform', data: Buffer.from('#!/bin/sh\necho tampered\n') }]));
    const error = await resolveIacBinary({ engine: 'terraform', version: '1.6.0' }, options('cache-c')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IacBinaryError);
    expect(String((error as Error).message)).toMatch(/checksum mismatch for terraform_1\.6\.0_.*it was not installed/);
    expect(existsSync(join(work, 'cache-c', 'terraform', '1.6.0'))).toBe(false);
  });

  it('refuses checksums signed by a key it does not trust (the pinned HashiCorp key by default)', async () => {
    const error = await resolveIacBinary({ engine: 'terraform', version: '1.9.5' }, { ...options('cache-d'), signingKeys: undefined }).catch((e: unknown) => e);
    expect(String((error as Error).message)).toMatch(/could not be downloaded: The signature is not valid/);
    host.publishTerraform('1.5.7', other);
    await expect(resolveIacBinary({ engine: 'terraform', version: '1.5.7' }, options('cache-d'))).rejects.toThrow(/signature is not valid/);
  });

  it('downloads OpenTofu (signed zip) and Terragrunt (checksummed binary)', async () => {
    const tofu = await resolveIacBinary({ engine: 'opentofu', version: 'LATEST' }, options('cache-e'));
    expect(tofu).toMatchObject({ name: 'tofu', version: '1.8.3', source: 'download' });
    expect(versionOf(tofu.path)).toBe('1.8.3');
    const terragrunt = await resolveIacBinary({ engine: 'terragrunt', version: '0.80.0' }, options('cache-e'));
    expect(execFileSync(terragrunt.path, ['--version']).toString()).toContain('terragrunt version v0.80.0');
  });

  it('says how to provide a binary when none can be had', async () => {
    const error = await resolveIacBinary({ engine: 'terraform', version: '1.4.2' }, options('cache-f', { download: false })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IacBinaryError);
    expect((error as Error).message).toMatch(/terraform 1\.4\.2 is not installed on this runner and downloads are turned off/);
    expect((error as Error).message).toContain('TERRACE_IAC_BIN_DIR');
    const missing = await resolveIacBinary({ engine: 'terraform', version: '1.4.2' }, options('cache-f')).catch((e: unknown) => e);
    expect((missing as Error).message).toMatch(/could not be downloaded: GET .* answered 404.*TERRACE_IAC_BIN_DIR/);
  });
});
