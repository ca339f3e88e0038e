#!/usr/bin/env node
// Bundles the API into dist/apps/api/main.mjs for `npm start`. Packages stay external (native
// modules such as @node-rs/argon2 and the embedded PostgreSQL binaries load from node_modules);
// workspace libraries (@terrace/*) are bundled in.
import { build } from 'esbuild';
import { join } from 'node:path';

const root = join(import.meta.dirname, '../..');

await build({
  entryPoints: [join(root, 'apps/api/src/main.ts')],
  outfile: join(root, 'dist/apps/api/main.mjs'),
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
console.log('Built dist/apps/api/main.mjs');
