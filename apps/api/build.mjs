#!/usr/bin/env node
// Bundles the API into dist/apps/api/main.mjs for `npm start`. Packages stay external (native
// modules such as @node-rs/argon2 and the embedded PostgreSQL binaries load from node_modules);
// workspace libraries (@terrace/*) are bundled in.
import { build } from 'esbuild';
import { join } from 'node:path';

const root = join(import.meta.dirname, '../..');

/** Builds the API to `outfile` (the kill matrix test builds its own copy, inside the workspace). */
export async function buildApi(outfile = join(root, 'dist/apps/api/main.mjs')) {
  await build({
    entryPoints: [join(root, 'apps/api/src/main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    tsconfig: join(root, 'tsconfig.base.json'),
    logLevel: 'warning',
    plugins: [
      {
        name: 'external-packages',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@terrace/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  return outfile;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // `node apps/api/build.mjs [outfile]`
  console.log(`Built ${await buildApi(process.argv[2])}`);
}
