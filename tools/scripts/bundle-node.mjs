// Bundles a Node application of the workspace (the API, the runner) into one ES module with esbuild.
// Each app's build.mjs names its entry, its output and whether packages stay external; the rest
// (target, source maps, the workspace's path aliases) is the same for both and lives here.
import { build } from 'esbuild';
import { join } from 'node:path';

export const workspaceRoot = join(import.meta.dirname, '../..');

/**
 * Builds `entry` (relative to the workspace root) to `outfile` and returns `outfile`. Workspace
 * libraries (@terrace/*) are always bundled in; with `externalPackages`, every other package stays
 * an import resolved from node_modules at run time (native modules cannot be bundled).
 */
export async function bundleNode({ entry, outfile, externalPackages = false }) {
  await build({
    entryPoints: [join(workspaceRoot, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    tsconfig: join(workspaceRoot, 'tsconfig.base.json'),
    logLevel: 'warning',
    plugins: externalPackages
      ? [
          {
            name: 'external-packages',
            setup(b) {
              b.onResolve({ filter: /^[^./]/ }, (args) =>
                args.path.startsWith('@terrace/') ? undefined : { path: args.path, external: true },
              );
            },
          },
        ]
      : [],
  });
  return outfile;
}

/** Runs `build(argv[2])` and prints what it wrote when `moduleUrl` is the script Node was started with. */
export async function runBuildScript(moduleUrl, build) {
  if (moduleUrl === `file://${process.argv[1]}`) console.log(`Built ${await build(process.argv[2])}`);
}
