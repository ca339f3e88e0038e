#!/usr/bin/env node
// Bundles the self-hosted runner into dist/apps/runner/main.mjs (`node dist/apps/runner/main.mjs`).
// Self-contained: workspace libraries (@terrace/*) and the few packages it uses (zod) are bundled
// in, so the runner's image needs no node_modules (Node's own modules stay imports).
import { join } from 'node:path';
import { bundleNode, runBuildScript, workspaceRoot } from '../../tools/scripts/bundle-node.mjs';

/** Builds the runner to `outfile` (the end-to-end test builds its own copy). */
export function buildRunner(outfile = join(workspaceRoot, 'dist/apps/runner/main.mjs')) {
  return bundleNode({ entry: 'apps/runner/src/main.ts', outfile });
}

// `node apps/runner/build.mjs [outfile]` (the end-to-end test builds its own copy).
await runBuildScript(import.meta.url, buildRunner);
