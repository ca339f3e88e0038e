import { readFileSync, realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Alias } from 'vite';

const workspaceRoot = resolve(import.meta.dirname, '../..');

/**
 * The `@terrace/*` path aliases of tsconfig.base.json as Vite aliases, so Vite and TypeScript
 * resolve imports the same way from one list (replaces Nx's deprecated nxViteTsPaths).
 */
export function workspaceAliases(): Alias[] {
  const tsconfig = JSON.parse(readFileSync(`${workspaceRoot}/tsconfig.base.json`, 'utf8')) as {
    compilerOptions: { paths: Record<string, string[]> };
  };
  return Object.entries(tsconfig.compilerOptions.paths).flatMap(([name, targets]) =>
    targets[0]
      ? [
          {
            find: new RegExp(`^${name.replace(/[/\\^$.*+?()[\]{}|-]/g, '\\$&')}$`),
            replacement: resolve(workspaceRoot, targets[0]),
          },
        ]
      : [],
  );
}

/**
 * Folders a Vite dev server (Storybook, browser tests) may serve files from. In a git worktree
 * node_modules is a symlink to the main checkout's install, which Vite resolves to its real path.
 */
export function workspaceFsAllow(): string[] {
  return [workspaceRoot, realpathSync(`${workspaceRoot}/node_modules`)];
}
