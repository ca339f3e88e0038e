import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The monorepo root, found by walking up to nx.json. The API runs both from its sources (tests)
 * and from the bundle in dist/apps/api, so paths to the description, the migrations and the
 * built console are resolved from here rather than from the current directory.
 */
export function findWorkspaceRoot(start: string = import.meta.dirname): string {
  let dir = start;
  for (;;) {
    if (existsSync(join(dir, 'nx.json'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`No nx.json above ${start}: cannot locate the workspace root`);
    dir = parent;
  }
}
