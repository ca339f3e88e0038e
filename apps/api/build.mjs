#!/usr/bin/env node
// Bundles the API into dist/apps/api/main.mjs for `npm start`. Packages stay external (native
// modules such as @node-rs/argon2 and the embedded PostgreSQL binaries load from node_modules);
// workspace libraries (@terrace/*) are bundled in.
import { join } from 'node:path';
import { bundleNode, runBuildScript, workspaceRoot } from '../../tools/scripts/bundle-node.mjs';

/** Builds the API to `outfile` (the kill matrix test builds its own copy, inside the workspace). */
export function buildApi(outfile = join(workspaceRoot, 'dist/apps/api/main.mjs')) {
  return bundleNode({ entry: 'apps/api/src/main.ts', outfile, externalPackages: true });
}

// `node apps/api/build.mjs [outfile]`
await runBuildScript(import.meta.url, buildApi);
