import { mkdir, symlink } from 'node:fs/promises';
import { join, resolve } from 'node:path';

export type StandInName = 'terraform' | 'tofu' | 'terragrunt';

const binDir = resolve(import.meta.dirname, '..', '..', 'bin');

/** The stand-in executable answering as `name` (its version: TERRACE_STANDIN_VERSION, or a default). */
export function standInBin(name: StandInName): string {
  return join(binDir, name);
}

/**
 * Lays the stand-ins out as a runner's binary directory: `<dir>/<name>/<version>/<name>` (symlinks;
 * the stand-in reads its version from the directory it was run from).
 */
export async function installStandIns(dir: string, versions: Partial<Record<StandInName, string[]>>): Promise<void> {
  for (const [name, list] of Object.entries(versions) as [StandInName, string[]][]) {
    for (const version of list) {
      const target = join(dir, name, version);
      await mkdir(target, { recursive: true });
      await symlink(standInBin(name), join(target, name)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'EEXIST') throw error;
      });
    }
  }
}
