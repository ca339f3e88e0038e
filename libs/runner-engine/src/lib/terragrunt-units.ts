import { readdir, readFile, writeFile } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
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

// ─── dependencies between units (`terragrunt run --all` order) ────────────────────────────────

type Token = { t: 'id' | 'punct' | 'other'; v: string } | { t: 'str'; v: string; literal: boolean };

/** HCL's tokens as far as the unit order needs them: comments and heredocs skipped, strings read. */
function tokens(text: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i] ?? '';
    if (/\s/.test(c)) i++;
    else if (c === '#' || text.startsWith('//', i)) {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end + 1;
    } else if (text.startsWith('/*', i)) {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
    } else if (text.startsWith('<<', i) && /^<<-?[A-Za-z_]/.test(text.slice(i, i + 4))) {
      const marker = /^<<-?([A-Za-z_][A-Za-z0-9_]*)/.exec(text.slice(i))?.[1] ?? '';
      const lines = text.slice(i).split('\n');
      let used = (lines[0]?.length ?? 0) + 1;
      for (const line of lines.slice(1)) {
        used += line.length + 1;
        if (line.trim() === marker) break;
      }
      out.push({ t: 'other', v: 'heredoc' });
      i += used;
    } else if (c === '"') {
      let value = '';
      let literal = true;
      let depth = 0;
      i++;
      while (i < text.length) {
        const d = text[i] ?? '';
        if (d === '\\') {
          const next = text[i + 1] ?? '';
          value += next === 'n' ? '\n' : next === 't' ? '\t' : next;
          i += 2;
          continue;
        }
        if (depth === 0 && d === '"') break;
        if (text.startsWith('${', i) && !text.startsWith('$${', i - 1)) {
          literal = false;
          depth++;
          value += '${';
          i += 2;
          continue;
        }
        if (depth > 0 && d === '{') depth++;
        if (depth > 0 && d === '}') depth--;
        value += d;
        i++;
      }
      i++;
      out.push({ t: 'str', v: value, literal });
    } else if ('{}[]=,()'.includes(c)) {
      out.push({ t: 'punct', v: c });
      i++;
    } else if (/[A-Za-z0-9_.-]/.test(c)) {
      const m = /^[A-Za-z0-9_.-]+/.exec(text.slice(i))?.[0] ?? c;
      out.push({ t: 'id', v: m });
      i += m.length;
    } else {
      out.push({ t: 'other', v: c });
      i++;
    }
  }
  return out;
}

/** A path of a dependency as written: literal, or relative to `get_terragrunt_dir()`; null when terragrunt would have to evaluate it. */
function pathOf(token: Token | undefined): string | null {
  if (token?.t !== 'str') return null;
  if (token.literal) return token.v;
  const m = /^\$\{get_terragrunt_dir\(\)\}(\/.*)?$/.exec(token.v);
  return m ? `.${m[1] ?? ''}` : null;
}

/**
 * The paths a unit's terragrunt.hcl depends on: each `dependency` block's `config_path` and the
 * `dependencies` block's `paths`, relative to the unit's directory. Throws when one is an expression
 * other than `get_terragrunt_dir()`, which the runner cannot order by.
 */
export function terragruntDependencyPaths(text: string): string[] {
  const list = tokens(text);
  const paths: string[] = [];
  const unreadable: string[] = [];
  let depth = 0;
  let block: 'dependency' | 'dependencies' | null = null;
  for (let i = 0; i < list.length; i++) {
    const tok = list[i];
    if (!tok) continue;
    if (tok.t === 'punct' && tok.v === '{') {
      if (depth === 0) {
        const [label, type] = [list[i - 1], list[i - 2]];
        if (type?.t === 'id' && type.v === 'dependency' && label?.t === 'str') block = 'dependency';
        else if (label?.t === 'id' && label.v === 'dependencies') block = 'dependencies';
        else block = null;
      }
      depth++;
    } else if (tok.t === 'punct' && tok.v === '}') {
      depth--;
      if (depth === 0) block = null;
    } else if (depth === 1 && block && tok.t === 'id' && list[i + 1]?.v === '=') {
      if (block === 'dependency' && tok.v === 'config_path') {
        const value = list[i + 2];
        const path = pathOf(value);
        if (path === null) unreadable.push(value?.v ?? '');
        else paths.push(path);
      } else if (block === 'dependencies' && tok.v === 'paths' && list[i + 2]?.v === '[') {
        for (let j = i + 3; j < list.length && list[j]?.v !== ']'; j++) {
          const item = list[j];
          if (item?.t === 'punct' && item.v === ',') continue;
          const path = pathOf(item);
          if (path === null) unreadable.push(item?.v ?? '');
          else paths.push(path);
        }
      }
    }
  }
  if (unreadable.length) throw new Error(`a dependency path is an expression the runner cannot resolve (${unreadable.map((u) => JSON.stringify(u)).join(', ')}): write it as a path relative to the unit`);
  return paths;
}

export interface TerragruntUnit {
  /** The unit's directory relative to the stack's ('' for the stack's own). */
  name: string;
  /** The units of the stack it depends on (dependency / dependencies blocks), by name. */
  dependsOn: string[];
  /** What it depends on outside the stack's units (terragrunt reads their outputs; this run does not change them). */
  external: string[];
}

/** A unit's name as the log, addresses and outputs show it. */
export const unitLabel = (name: string): string => name || '.';

/**
 * The units of a terragrunt stack in the order `terragrunt run --all` runs them: a unit after every
 * unit it depends on, otherwise by name. Throws on a dependency cycle, naming its units.
 */
export async function terragruntUnitGraph(stackDir: string): Promise<TerragruntUnit[]> {
  const names = await terragruntUnits(stackDir);
  const known = new Set(names);
  const units = new Map<string, TerragruntUnit>();
  for (const name of names) {
    const dir = join(stackDir, ...(name ? name.split('/') : []));
    let paths: string[];
    try {
      paths = terragruntDependencyPaths(await readFile(join(dir, 'terragrunt.hcl'), 'utf8'));
    } catch (error) {
      throw new Error(`Unit ${unitLabel(name)}: ${error instanceof Error ? error.message : String(error)}`);
    }
    const dependsOn = new Set<string>();
    const external: string[] = [];
    for (const path of paths) {
      const target = relative(stackDir, resolve(dir, path)).split(sep).join('/');
      const inside = target === '' ? '' : target.startsWith('..') || isAbsolute(target) ? null : target;
      if (inside !== null && known.has(inside) && inside !== name) dependsOn.add(inside);
      else external.push(path);
    }
    units.set(name, { name, dependsOn: [...dependsOn].sort(), external });
  }
  const ordered: TerragruntUnit[] = [];
  const done = new Set<string>();
  while (ordered.length < units.size) {
    const ready = [...units.values()].filter((u) => !done.has(u.name) && u.dependsOn.every((d) => done.has(d)));
    if (ready.length === 0) {
      const cycle = [...units.values()].filter((u) => !done.has(u.name)).map((u) => unitLabel(u.name));
      throw new Error(`The units ${cycle.join(', ')} depend on each other in a cycle`);
    }
    for (const unit of ready) {
      ordered.push(unit);
      done.add(unit.name);
    }
  }
  return ordered;
}

// ─── saved plans and lock files of several units (opaque to the server) ────────────────────────

const PACK = 'terrace-terragrunt-units';

export interface UnitFile {
  unit: string;
  /** base64 */
  content: string;
  /** Plans: applying it would change something (-detailed-exitcode 2). */
  hasChanges?: boolean | undefined;
}

/** Several units' files (saved plans, lock files) as one base64 artifact. */
export function packUnitFiles(files: UnitFile[]): string {
  return Buffer.from(JSON.stringify({ format: PACK, version: 1, units: files })).toString('base64');
}

/** The units' files of `packUnitFiles`, or null when the artifact is one file (a stack of one unit). */
export function unpackUnitFiles(base64: string): UnitFile[] | null {
  const text = Buffer.from(base64, 'base64').toString('utf8');
  if (!text.startsWith('{')) return null;
  try {
    const parsed = JSON.parse(text) as { format?: unknown; units?: unknown };
    if (parsed.format !== PACK || !Array.isArray(parsed.units)) return null;
    return (parsed.units as UnitFile[]).filter((u) => typeof u.unit === 'string' && typeof u.content === 'string');
  } catch {
    return null;
  }
}
