import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluateRego } from './opa';
import { opaAssetName, resolveOpaBinary } from './opa-binary';

// Downloads from a loopback "releases" host that serves the opa stand-in as the release asset and
// its .sha256, as GitHub serves opa's: the binary is verified, cached, then run.

const standInScript = `#!/bin/sh\nexec node ${JSON.stringify(resolve(import.meta.dirname, '../../../../tools/opa-stand-in/opa.mjs'))} "$@"\n`;
const asset = opaAssetName({ os: 'linux', arch: 'x64' });
let server: Server;
let base: string;
let cacheDir: string;
const served = new Map<string, string>();
const requests: string[] = [];

beforeAll(async () => {
  cacheDir = await mkdtemp(join(tmpdir(), 'terrace-opa-cache-'));
  const sha = createHash('sha256').update(standInScript).digest('hex');
  served.set(`/v1.4.2/${asset}`, standInScript);
  served.set(`/v1.4.2/${asset}.sha256`, `${sha}  ${asset}\n`);
  served.set(`/v1.5.0/${asset}`, standInScript);
  served.set(`/v1.5.0/${asset}.sha256`, `${'0'.repeat(64)}  ${asset}\n`);
  server = createServer((req, res) => {
    requests.push(req.url ?? '');
    const body = served.get(req.url ?? '');
    res.writeHead(body === undefined ? 404 : 200).end(body);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address() as { port: number };
  base = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  await new Promise((done) => server.close(done));
  await rm(cacheDir, { recursive: true, force: true });
});

// PATH has node (the stand-in's interpreter) and no opa.
const options = (version: string) => ({ env: { PATH: process.env['PATH'] ?? '' }, cacheDir, releases: base, version, download: true, platform: { os: 'linux', arch: 'x64' } });

describe('opa binary', () => {
  it('names the release assets as opa publishes them', () => {
    expect(opaAssetName({ os: 'linux', arch: 'x64' })).toBe('opa_linux_amd64_static');
    expect(opaAssetName({ os: 'linux', arch: 'arm64' })).toBe('opa_linux_arm64_static');
    expect(opaAssetName({ os: 'darwin', arch: 'x64' })).toBe('opa_darwin_amd64');
    expect(opaAssetName({ os: 'win32', arch: 'x64' })).toBe('opa_windows_amd64.exe');
  });

  it('downloads, verifies and caches the release, then runs it', async () => {
    const path = await resolveOpaBinary(options('1.4.2'));
    expect(path).toBe(join(cacheDir, '1.4.2', 'opa'));
    expect(await readFile(path as string, 'utf8')).toBe(standInScript);
    requests.length = 0;
    expect(await resolveOpaBinary(options('1.4.2'))).toBe(path);
    expect(requests).toEqual([]);
    const check = await evaluateRego({ modules: { 'p.rego': 'package terrace\n\ndeny contains "no" if {\n  input.x == 1\n}\n' } }, { x: 1 }, options('1.4.2'));
    expect(check.status).toBe('failed');
  });

  it('refuses a download that does not match its checksum, and does not download when told not to', async () => {
    await expect(resolveOpaBinary(options('1.5.0'))).rejects.toThrow(/does not match its published SHA-256/);
    expect(await resolveOpaBinary({ ...options('1.6.0'), download: false })).toBeNull();
    const none = await evaluateRego({ modules: { 'p.rego': 'package terrace\n' } }, {}, options('1.5.0'));
    expect(none).toMatchObject({ status: 'error', errorMessage: expect.stringContaining('not available') });
  });
});
