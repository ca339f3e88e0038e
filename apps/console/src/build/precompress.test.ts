import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompress } from '../../precompress';

let dir = '';
afterEach(() => rm(dir, { recursive: true, force: true }));

/** Runs the plugin's hook as Vite does after writing the bundle to `dir`. */
async function writeBundle(outDir: string) {
  const hook = precompress().writeBundle;
  const run = typeof hook === 'function' ? hook : hook?.handler;
  await (run as (options: { dir: string }) => Promise<void>)({ dir: outDir });
}

describe('precompress', () => {
  it('writes brotli and gzip copies beside every text file of the build, the same bytes once decompressed', async () => {
    dir = await mkdtemp(join(tmpdir(), 'terrace-precompress-'));
    await mkdir(join(dir, 'assets'));
    const script = `export const text = ${JSON.stringify('a console chunk '.repeat(200))};\n`;
    await writeFile(join(dir, 'assets', 'entry-abc123.js'), script);
    await writeFile(join(dir, 'index.html'), `<!doctype html><html><body>${'<p>hello</p>'.repeat(50)}</body></html>`);
    await writeFile(join(dir, 'assets', 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]));

    await writeBundle(dir);

    expect((await readdir(join(dir, 'assets'))).sort()).toEqual([
      'entry-abc123.js',
      'entry-abc123.js.br',
      'entry-abc123.js.gz',
      'logo.png',
    ]);
    expect(brotliDecompressSync(await readFile(join(dir, 'assets', 'entry-abc123.js.br'))).toString()).toBe(script);
    expect(gunzipSync(await readFile(join(dir, 'assets', 'entry-abc123.js.gz'))).toString()).toBe(script);
    expect((await readdir(dir)).sort()).toEqual(['assets', 'index.html', 'index.html.br', 'index.html.gz']);
  });

  it('writes no copy that would not be smaller than its file', async () => {
    dir = await mkdtemp(join(tmpdir(), 'terrace-precompress-'));
    await writeFile(join(dir, 'tiny.js'), 'x');
    await writeBundle(dir);
    expect(await readdir(dir)).toEqual(['tiny.js']);
  });
});
