import { createHash, randomBytes } from 'node:crypto';
import { chmod, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { LATEST_VERSION, newestSatisfying, resolveVersion, satisfiesConstraint } from '@terrace/domain';
import type { IacEngine } from './job-spec';
import { verifyDetachedSignature } from './openpgp';
import { HASHICORP_RELEASE_KEY, OPENTOFU_RELEASE_KEY } from './release-keys';
import { readZipEntry } from './zip';

/**
 * Where the runner gets terraform, tofu and terragrunt, in order: a configured directory
 * (TERRACE_IAC_BIN_DIR, layout `<dir>/<binary>/<version>/<binary>`), the runner's cache of earlier
 * downloads, then the official releases: checksums from SHA256SUMS, and for terraform and tofu the
 * SHA256SUMS signature checked against the vendor's pinned key. Nothing unverified is ever run.
 */

export type IacBinaryName = 'terraform' | 'tofu' | 'terragrunt';

export interface ReleaseSources {
  /** releases.hashicorp.com: `<base>/terraform/<v>/terraform_<v>_<os>_<arch>.zip`, `…_SHA256SUMS`, `…_SHA256SUMS.72D7468F.sig`, `<base>/terraform/index.json`. */
  hashicorp: string;
  /** GitHub release downloads of opentofu/opentofu: `<base>/v<v>/tofu_<v>_<os>_<arch>.zip`, `tofu_<v>_SHA256SUMS`, `tofu_<v>_SHA256SUMS.gpgsig`. */
  opentofu: string;
  /** OpenTofu's version list ({versions:[{id}]}). */
  opentofuIndex: string;
  /** GitHub release downloads of gruntwork-io/terragrunt: `<base>/v<v>/terragrunt_<os>_<arch>`, `SHA256SUMS`. */
  terragrunt: string;
  /** Terragrunt's releases list (GitHub API: [{tag_name, prerelease, draft}]). */
  terragruntIndex: string;
}

export const defaultReleaseSources: ReleaseSources = {
  hashicorp: 'https://releases.hashicorp.com',
  opentofu: 'https://github.com/opentofu/opentofu/releases/download',
  opentofuIndex: 'https://get.opentofu.org/tofu/api.json',
  terragrunt: 'https://github.com/gruntwork-io/terragrunt/releases/download',
  terragruntIndex: 'https://api.github.com/repos/gruntwork-io/terragrunt/releases?per_page=100',
};

export interface IacBinaryOptions {
  /** Binaries provided by the operator; default TERRACE_IAC_BIN_DIR. */
  binDir?: string | undefined;
  /** Verified downloads; default TERRACE_IAC_CACHE_DIR, else ~/.cache/terrace/iac. */
  cacheDir?: string | undefined;
  /** Download missing versions (default true; TERRACE_IAC_DOWNLOAD=0 turns it off). */
  download?: boolean | undefined;
  releases?: Partial<ReleaseSources> | undefined;
  /** Armored public keys trusted for signatures (default: the pinned vendor keys). */
  signingKeys?: { terraform?: string[] | undefined; opentofu?: string[] | undefined } | undefined;
  platform?: { os: string; arch: string } | undefined;
  fetch?: typeof fetch | undefined;
  signal?: AbortSignal | undefined;
  /** Progress lines for the job log. */
  onLog?: ((line: string) => void) | undefined;
}

export interface ResolvedIacBinary {
  name: IacBinaryName;
  version: string;
  path: string;
  source: 'configured' | 'cache' | 'download';
}

export class IacBinaryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IacBinaryError';
  }
}

export function binaryNameOf(engine: IacEngine | 'opentofu' | 'terraform'): IacBinaryName {
  return engine === 'opentofu' ? 'tofu' : engine === 'terragrunt' ? 'terragrunt' : 'terraform';
}

export function currentPlatform(): { os: string; arch: string } {
  const arch = process.arch === 'x64' ? 'amd64' : process.arch === 'ia32' ? '386' : process.arch;
  return { os: process.platform === 'win32' ? 'windows' : process.platform, arch };
}

const exactVersion = /^v?\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/;

function settings(options: IacBinaryOptions) {
  return {
    binDir: options.binDir ?? process.env['TERRACE_IAC_BIN_DIR'] ?? undefined,
    cacheDir: options.cacheDir ?? process.env['TERRACE_IAC_CACHE_DIR'] ?? join(homedir(), '.cache', 'terrace', 'iac'),
    download: options.download ?? process.env['TERRACE_IAC_DOWNLOAD'] !== '0',
    releases: { ...defaultReleaseSources, ...options.releases },
    platform: options.platform ?? currentPlatform(),
    fetch: options.fetch ?? fetch,
  };
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

async function listVersionDirs(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).filter((v) => exactVersion.test(v));
  } catch {
    return [];
  }
}

/**
 * The binary for an engine and version (exact, a Terraform constraint like `~> 1.9` / `>= 1.5,
 * < 2.0`, a caret range `^1.8.0`, or LATEST).
 */
export async function resolveIacBinary(request: { engine: IacEngine | 'opentofu' | 'terraform'; version: string }, options: IacBinaryOptions = {}): Promise<ResolvedIacBinary> {
  const s = settings(options);
  const name = binaryNameOf(request.engine);
  const wanted = request.version.trim() === '' ? LATEST_VERSION : request.version.trim();
  const configuredPath = (v: string) => (s.binDir ? join(s.binDir, name, v, name) : null);
  const cachedPath = (v: string) => join(s.cacheDir, name, v, `${s.platform.os}_${s.platform.arch}`, name);

  let version: string | undefined;
  let indexProblem: string | null = null;
  if (exactVersion.test(wanted)) {
    version = wanted.replace(/^v/, '');
  } else {
    const local = [...(s.binDir ? await listVersionDirs(join(s.binDir, name)) : []), ...(await listVersionDirs(join(s.cacheDir, name)))];
    let remote: string[] = [];
    if (s.download) {
      try {
        remote = await listReleases(name, s.releases, s.fetch, options.signal);
      } catch (error) {
        indexProblem = error instanceof Error ? error.message : String(error);
      }
    }
    const available = [...new Set([...local, ...remote])];
    version = pick(wanted, available);
    if (!version) {
      throw new IacBinaryError(
        `No ${name} version matching '${wanted}' is available (known: ${available.length > 0 ? available.slice(0, 10).join(', ') : 'none'}${indexProblem ? `; the release list could not be read: ${indexProblem}` : ''}). ${howToProvide(name, s.binDir)}`,
      );
    }
  }

  const configured = configuredPath(version);
  if (configured && (await isFile(configured))) return { name, version, path: configured, source: 'configured' };
  const cached = cachedPath(version);
  if (await isFile(cached)) return { name, version, path: cached, source: 'cache' };
  if (!s.download) {
    throw new IacBinaryError(`${name} ${version} is not installed on this runner and downloads are turned off (TERRACE_IAC_DOWNLOAD=0). ${howToProvide(name, s.binDir, version)}`);
  }
  try {
    await download(name, version, cached, s, options);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new IacBinaryError(`${name} ${version} could not be downloaded: ${reason}. ${howToProvide(name, s.binDir, version)}`);
  }
  return { name, version, path: cached, source: 'download' };
}

function pick(wanted: string, available: string[]): string | undefined {
  if (wanted.toUpperCase() === LATEST_VERSION) return resolveVersion(LATEST_VERSION, available);
  if (wanted.startsWith('^')) return resolveVersion(wanted, available);
  if (satisfiesConstraint('0.0.0', wanted) === undefined) return undefined;
  return newestSatisfying(wanted, available);
}

function howToProvide(name: IacBinaryName, binDir: string | undefined, version = '<version>'): string {
  const dir = binDir ?? '<dir>';
  return `Provide it by putting the executable at ${dir}/${name}/${version}/${name} and setting TERRACE_IAC_BIN_DIR=${dir} on the runner, or allow the runner to download it from the official releases (TERRACE_IAC_DOWNLOAD unset, network access to the release host).`;
}

async function fetchBytes(url: string, fetcher: typeof fetch, signal: AbortSignal | undefined): Promise<Buffer> {
  const response = await fetcher(url, { signal: signal ?? null, redirect: 'follow' });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

async function listReleases(name: IacBinaryName, releases: ReleaseSources, fetcher: typeof fetch, signal: AbortSignal | undefined): Promise<string[]> {
  if (name === 'terraform') {
    const index = JSON.parse((await fetchBytes(`${releases.hashicorp}/terraform/index.json`, fetcher, signal)).toString('utf8')) as { versions?: Record<string, unknown> };
    return Object.keys(index.versions ?? {});
  }
  if (name === 'tofu') {
    const index = JSON.parse((await fetchBytes(releases.opentofuIndex, fetcher, signal)).toString('utf8')) as { versions?: { id: string }[] };
    return (index.versions ?? []).map((v) => v.id.replace(/^v/, ''));
  }
  const list = JSON.parse((await fetchBytes(releases.terragruntIndex, fetcher, signal)).toString('utf8')) as { tag_name: string; draft?: boolean }[];
  return list.filter((r) => !r.draft).map((r) => r.tag_name.replace(/^v/, ''));
}

/** The release files of one version: what to fetch, what the checksum file calls it, how it is signed. */
export function releaseFiles(name: IacBinaryName, version: string, platform: { os: string; arch: string }, releases: ReleaseSources = defaultReleaseSources) {
  if (name === 'terraform') {
    const base = `${releases.hashicorp}/terraform/${version}`;
    const file = `terraform_${version}_${platform.os}_${platform.arch}.zip`;
    return { url: `${base}/${file}`, file, sums: `${base}/terraform_${version}_SHA256SUMS`, signature: `${base}/terraform_${version}_SHA256SUMS.72D7468F.sig`, zipEntry: 'terraform' };
  }
  if (name === 'tofu') {
    const base = `${releases.opentofu}/v${version}`;
    const file = `tofu_${version}_${platform.os}_${platform.arch}.zip`;
    return { url: `${base}/${file}`, file, sums: `${base}/tofu_${version}_SHA256SUMS`, signature: `${base}/tofu_${version}_SHA256SUMS.gpgsig`, zipEntry: 'tofu' };
  }
  const base = `${releases.terragrunt}/v${version}`;
  const file = `terragrunt_${platform.os}_${platform.arch}`;
  return { url: `${base}/${file}`, file, sums: `${base}/SHA256SUMS`, signature: null, zipEntry: null };
}

async function download(name: IacBinaryName, version: string, target: string, s: ReturnType<typeof settings>, options: IacBinaryOptions): Promise<void> {
  const files = releaseFiles(name, version, s.platform, s.releases);
  options.onLog?.(`Downloading ${name} ${version} from ${files.url}`);
  const sums = await fetchBytes(files.sums, s.fetch, options.signal);
  if (files.signature) {
    const signature = await fetchBytes(files.signature, s.fetch, options.signal);
    const keys = name === 'terraform' ? (options.signingKeys?.terraform ?? [HASHICORP_RELEASE_KEY]) : (options.signingKeys?.opentofu ?? [OPENTOFU_RELEASE_KEY]);
    const { fingerprint } = verifyDetachedSignature(sums, signature, keys);
    options.onLog?.(`The checksums of ${name} ${version} are signed by ${fingerprint}`);
  }
  const expected = sums
    .toString('utf8')
    .split('\n')
    .map((line) => /^([0-9a-f]{64})\s+\*?(\S+)$/.exec(line.trim()))
    .find((m) => m?.[2] === files.file)?.[1];
  if (!expected) throw new Error(`${files.file} is not listed in the release's SHA256SUMS`);
  const payload = await fetchBytes(files.url, s.fetch, options.signal);
  const actual = createHash('sha256').update(payload).digest('hex');
  if (actual !== expected) {
    throw new Error(`checksum mismatch for ${files.file}: SHA256SUMS says ${expected}, the download is ${actual}; it was not installed`);
  }
  const binary = files.zipEntry ? readZipEntry(payload, files.zipEntry) : payload;
  const dir = join(target, '..');
  await mkdir(dir, { recursive: true });
  const temporary = join(dir, `.${name}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await writeFile(temporary, binary, { mode: 0o755 });
    await chmod(temporary, 0o755);
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  options.onLog?.(`Installed ${name} ${version} (sha256 ${actual.slice(0, 12)}…) in the runner's cache`);
}
