import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text files worth compressing; images such as PNG and fonts are compressed already. */
const compressible = /\.(js|mjs|css|html|svg|json|map|txt|webmanifest)$/;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : Promise.resolve([join(dir, entry.name)]))),
  );
  return nested.flat();
}

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip level 9) beside every text
 * file of the build, once, at build time: the API serves them by Accept-Encoding
 * (apps/api/src/http/static-console.ts) and compresses nothing per request. A copy that would not
 * be smaller than its file is not written.
 */
export function precompress(): Plugin {
  return {
    name: 'terrace-precompress',
    apply: 'build',
    async writeBundle(options) {
      const outDir = options.dir;
      if (!outDir) return;
      const files = (await filesUnder(outDir)).filter((file) => compressible.test(file));
      await Promise.all(
        files.map(async (file) => {
          const content = await readFile(file);
          const size = (await stat(file)).size;
          const [br, gzipped] = await Promise.all([
            brotli(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: size,
              },
            }),
            gz(content, { level: 9 }),
          ]);
          if (br.length < size) await writeFile(`${file}.br`, br);
          if (gzipped.length < size) await writeFile(`${file}.gz`, gzipped);
        }),
      );
    },
  };
}
