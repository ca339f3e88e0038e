import { createHash, randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, chmod, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { delimiter, join } from 'node:path';

/**
 * Where the opa binary comes from, in order (as the IaC binaries in libs/runner-engine): the
 * configured path (option or TERRACE_OPA_BIN), `opa` on PATH, the cache of earlier verified
 * downloads (TERRACE_OPA_CACHE_DIR, else ~/.cache/terrace/opa, layout `<dir>/<version>/opa`), then,
 * when downloading is on, the official release (`<base>/v<version>/opa_<os>_<arch>[_static]`) checked
 * against its published `.sha256`. Nothing unverified is ever run.
 */

export const DEFAULT_OPA_VERSION = '1.4.2';
export const DEFAULT_OPA_RELEASES = 'https://github.com/open-policy-agent/opa/releases/download';

export interface OpaBinaryOptions {
  binary?: string | undefined;
  env?: NodeJS.ProcessEnv | undefined;
  /** Download a missing binary (default: TERRACE_OPA_DOWNLOAD=1). */
  download?: boolean | undefined;
  version?: string | undefined;
  cacheDir?: string | undefined;
  releases?: string | undefined;
  platform?: { os: string; arch: string } | undefined;
  fetch?: typeof fetch | undefined;
}

export class OpaBinaryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OpaBinaryError';
  }
}

async function executable(path: string): Promise<boolean> {
  try {
    await access(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The release asset of a platform: linux builds are the static ones. */
export function opaAssetName(platform: { os: string; arch: string }): string {
  const os = platform.os === 'win32' ? 'windows' : platform.os;
  const arch = platform.arch === 'x64' ? 'amd64' : platform.arch;
  if (os === 'windows') return `opa_windows_${arch}.exe`;
  if (os === 'linux' || (os === 'darwin' && arch === 'arm64')) return `opa_${os}_${arch}_static`;
  return `opa_${os}_${arch}`;
}

async function download(url: string, fetchFn: typeof fetch): Promise<Buffer> {
  const res = await fetchFn(url, { redirect: 'follow' });
  if (!res.ok) throw new OpaBinaryError(`Downloading ${url} answered ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

/** The opa binary to run, or null when there is none (and downloading is off). */
export async function resolveOpaBinary(options: OpaBinaryOptions = {}): Promise<string | null> {
  const env = options.env ?? process.env;
  const configured = options.binary ?? env['TERRACE_OPA_BIN'];
  if (configured) return (await executable(configured)) ? configured : null;
  for (const dir of (env['PATH'] ?? '').split(delimiter).filter(Boolean)) {
    const candidate = join(dir, 'opa');
    if (await executable(candidate)) return candidate;
  }
  const version = (options.version ?? env['TERRACE_OPA_VERSION'] ?? DEFAULT_OPA_VERSION).replace(/^v/, '');
  if (!/^\d+\.\d+\.\d+$/.test(version)) throw new OpaBinaryError(`Not an opa version: ${version}`);
  const cacheDir = options.cacheDir ?? env['TERRACE_OPA_CACHE_DIR'] ?? join(homedir(), '.cache', 'terrace', 'opa');
  const target = join(cacheDir, version, 'opa');
  if (await executable(target)) return target;
  if (!(options.download ?? env['TERRACE_OPA_DOWNLOAD'] === '1')) return null;
  const asset = opaAssetName(options.platform ?? { os: process.platform, arch: process.arch });
  const base = `${(options.releases ?? DEFAULT_OPA_RELEASES).replace(/\/$/, '')}/v${version}`;
  const fetchFn = options.fetch ?? fetch;
  const [bytes, sums] = await Promise.all([download(`${base}/${asset}`, fetchFn), download(`${base}/${asset}.sha256`, fetchFn)]);
  // The .sha256 file: "<hex>  <asset>" (or the bare hex).
  const expected = /^([0-9a-f]{64})\b/i.exec(sums.toString('utf8').trim())?.[1]?.toLowerCase();
  if (!expected) throw new OpaBinaryError(`${asset}.sha256 holds no SHA-256`);
  const actual = createHash('sha256').update(bytes).digest('hex');
  if (actual !== expected) throw new OpaBinaryError(`${asset} does not match its published SHA-256 (${actual} ≠ ${expected}); it is not used`);
  await mkdir(join(cacheDir, version), { recursive: true });
  const partial = `${target}.${randomBytes(6).toString('hex')}.partial`;
  try {
    await writeFile(partial, bytes, { mode: 0o755 });
    await chmod(partial, 0o755);
    await rename(partial, target);
  } finally {
    await rm(partial, { force: true });
  }
  return target;
}
