#!/usr/bin/env node
// Bundles the self-hosted runner into dist/apps/runner/main.mjs (`node dist/apps/runner/main.mjs`).
// Self-contained: workspace libraries (@terrace/*) and the few packages it uses (zod) are bundled
// in, so the runner's image needs no node_modules (Node's own modules stay imports).
import { build } from 'esbuild';
import { join } from 'node:path';

const root = join(import.meta.dirname, '../..');

/** Builds the runner to `outfile` (the end-to-end test builds its own copy). */
export async function buildRunner(outfile = join(root, 'dist/apps/runner/main.mjs')) {
  await build({
    entryPoints: [join(root, 'apps/runner/src/main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    tsconfig: join(root, 'tsconfig.base.json'),
    logLevel: 'warning',
  });
  return outfile;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // `node apps/runner/build.mjs [outfile]` (the end-to-end test builds its own copy).
  console.log(`Built ${await buildRunner(process.argv[2])}`);
}
