import { readdir, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { backendOverride } from './job-environment';
import type { JobBackend } from './job-spec';

type HttpBackend = Extract<JobBackend, { kind: 'http' }>;

/** Directories never searched for units: caches, VCS data, dependencies. */
const skipped = new Set(['.git', '.terragrunt-cache', '.terraform', 'node_modules']);
const MAX_DEPTH = 8;

/**
 * The units of a terragrunt stack: every directory under the stack's holding a `terragrunt.hcl`,
 * as paths relative to it ('' for the stack's own directory), sorted.
 */
export async function terragruntUnits(stackDir: string): Promise<string[]> {
  const units: string[] = [];
  const walk = async (dir: string, depth: number): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    if (entries.some((e) => e.isFile() && e.name === 'terragrunt.hcl')) units.push(relative(stackDir, dir).split(sep).join('/'));
    if (depth >= MAX_DEPTH) return;
    for (const entry of entries) {
      if (entry.isDirectory() && !entry.isSymbolicLink() && !skipped.has(entry.name)) await walk(join(dir, entry.name), depth + 1);
    }
  };
  await walk(stackDir, 0);
  return units.sort();
}

/**
 * A unit's own state in Terrace's HTTP backend (`<stack address>/unit/<unit, URL-encoded>`); the
 * stack's own directory keeps the stack's address.
 */
export function unitBackend(backend: HttpBackend, unit: string): HttpBackend {
  if (!unit) return backend;
  const address = `${backend.address.replace(/\/+$/, '')}/unit/${encodeURIComponent(unit)}`;
  return { ...backend, address, lockAddress: `${address}/lock`, unlockAddress: `${address}/lock` };
}

/**
 * Writes the backend override of the stack's directory and, for a terragrunt stack of several
 * units, of each unit's directory with the unit's own address (terragrunt copies the unit's files
 * next to its module). Answers the units configured ('' for the stack's directory).
 */
export async function writeBackendOverrides(stackDir: string, backend: HttpBackend, fileName: string, terragrunt: boolean): Promise<string[]> {
  const units = terragrunt ? await terragruntUnits(stackDir) : [];
  const targets = units.includes('') ? units : ['', ...units];
  for (const unit of targets) {
    await writeFile(join(stackDir, ...(unit ? unit.split('/') : []), fileName), backendOverride(unitBackend(backend, unit)), { mode: 0o600 });
  }
  return targets;
}
