/** The picker's choice meaning "always the newest stable version". */
export const LATEST_VERSION = 'LATEST';

interface ParsedVersion {
  parts: number[];
  preRelease: string[];
}

function parseVersion(version: string): ParsedVersion {
  const cleaned = version.trim().replace(/^v/i, '').split('+')[0] ?? '';
  const dash = cleaned.indexOf('-');
  const core = dash === -1 ? cleaned : cleaned.slice(0, dash);
  const pre = dash === -1 ? '' : cleaned.slice(dash + 1);
  // Non-numeric parts count as 0 so a malformed entry sorts low instead of breaking the list.
  const parts = core.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : 0));
  return { parts, preRelease: pre === '' ? [] : pre.split('.') };
}

export function isPreRelease(version: string): boolean {
  return parseVersion(version).preRelease.length > 0;
}

function compareIdentifiers(a: string, b: string): number {
  const aNum = /^\d+$/.test(a);
  const bNum = /^\d+$/.test(b);
  if (aNum && bNum) return Number(a) - Number(b);
  // As in semantic versioning, numeric identifiers sort below alphanumeric ones.
  if (aNum) return -1;
  if (bNum) return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Orders versions by their numeric dotted parts (1.10.0 > 1.9.0; missing parts count as 0), then
 * a pre-release below its release (1.6.0-beta1 < 1.6.0), pre-release identifiers compared as in
 * semantic versioning. A leading 'v' and build metadata are ignored. Negative when a < b.
 */
export function compareVersions(a: string, b: string): number {
  const pa = parseVersion(a);
  const pb = parseVersion(b);
  const length = Math.max(pa.parts.length, pb.parts.length);
  for (let i = 0; i < length; i += 1) {
    const diff = (pa.parts[i] ?? 0) - (pb.parts[i] ?? 0);
    if (diff !== 0) return Math.sign(diff);
  }
  if (pa.preRelease.length === 0 || pb.preRelease.length === 0) {
    return Math.sign(pb.preRelease.length - pa.preRelease.length);
  }
  const preLength = Math.max(pa.preRelease.length, pb.preRelease.length);
  for (let i = 0; i < preLength; i += 1) {
    const x = pa.preRelease[i];
    const y = pb.preRelease[i];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    const diff = compareIdentifiers(x, y);
    if (diff !== 0) return Math.sign(diff);
  }
  return 0;
}

/** Newest first, the order pickers show. */
export function sortVersionsDescending(versions: readonly string[]): string[] {
  return [...versions].sort((a, b) => compareVersions(b, a));
}

export interface VersionPickerOptions {
  latest: typeof LATEST_VERSION;
  stable: string[];
  preRelease: string[];
  /** One caret range per stable major.minor line, e.g. '^1.5.0', newest first. */
  caret: string[];
}

export function versionPickerOptions(available: readonly string[]): VersionPickerOptions {
  const sorted = sortVersionsDescending([...new Set(available)]);
  const stable = sorted.filter((v) => !isPreRelease(v));
  const caret: string[] = [];
  for (const v of stable) {
    const [major = 0, minor = 0] = parseVersion(v).parts;
    const range = `^${major}.${minor}.0`;
    if (!caret.includes(range)) caret.push(range);
  }
  return { latest: LATEST_VERSION, stable, preRelease: sorted.filter(isPreRelease), caret };
}

function satisfiesCaret(version: string, range: string): boolean {
  if (isPreRelease(version)) return false;
  const base = parseVersion(range.slice(1)).parts;
  const parts = parseVersion(version).parts;
  if (compareVersions(version, range.slice(1)) < 0) return false;
  // Caret semantics: the left-most non-zero part is fixed (^1.5.0 → 1.x, ^0.3.0 → 0.3.x, ^0.0.4 → 0.0.4).
  const fixed = base.findIndex((p) => p !== 0);
  const upTo = fixed === -1 ? base.length - 1 : fixed;
  for (let i = 0; i <= upTo; i += 1) {
    if ((parts[i] ?? 0) !== (base[i] ?? 0)) return false;
  }
  return true;
}

/**
 * The concrete version a picker choice stands for: LATEST is the newest stable version, a caret
 * range its newest stable match, anything else itself when available. Undefined when none fits.
 */
export function resolveVersion(choice: string, available: readonly string[]): string | undefined {
  const sorted = sortVersionsDescending(available);
  if (choice === LATEST_VERSION) return sorted.find((v) => !isPreRelease(v));
  if (choice.startsWith('^')) return sorted.find((v) => satisfiesCaret(v, choice));
  return available.includes(choice) ? choice : undefined;
}

const constraintTerm = /^\s*(=|!=|>=|<=|>|<|~>)?\s*v?(\d+(?:\.\d+){0,2}(?:-[0-9A-Za-z.-]+)?)\s*$/;

/** The numeric parts and pre-release of a version, with the count of parts as written. */
function termParts(version: string): { parts: number[]; written: number; preRelease: boolean } {
  const parsed = parseVersion(version);
  return { parts: parsed.parts, written: parsed.parts.length, preRelease: parsed.preRelease.length > 0 };
}

function sameRelease(a: string, b: string): boolean {
  const pa = parseVersion(a).parts;
  const pb = parseVersion(b).parts;
  return [0, 1, 2].every((i) => (pa[i] ?? 0) === (pb[i] ?? 0));
}

/**
 * Whether `version` meets a Terraform version constraint (`required_version`, provider
 * `version`): comma-separated terms with =, !=, >, >=, <, <=, ~> (pessimistic: `~> 1.2` is
 * >= 1.2, < 2.0; `~> 1.2.3` is >= 1.2.3, < 1.3.0). As in Terraform, a pre-release version meets
 * only terms that name a pre-release of the same release. Undefined when the constraint is not
 * valid syntax.
 */
export function satisfiesConstraint(version: string, constraint: string): boolean | undefined {
  const terms = constraint.split(',');
  const versionIsPre = isPreRelease(version);
  let result = true;
  for (const raw of terms) {
    const match = constraintTerm.exec(raw);
    if (!match) return undefined;
    const operator = match[1] ?? '=';
    const target = match[2] ?? '';
    const t = termParts(target);
    if (versionIsPre && operator !== '!=' && !(t.preRelease && sameRelease(version, target))) {
      result = false;
      continue;
    }
    const cmp = compareVersions(version, target);
    let ok: boolean;
    switch (operator) {
      case '=':
        ok = cmp === 0;
        break;
      case '!=':
        ok = cmp !== 0;
        break;
      case '>':
        ok = cmp > 0;
        break;
      case '>=':
        ok = cmp >= 0;
        break;
      case '<':
        ok = cmp < 0;
        break;
      case '<=':
        ok = cmp <= 0;
        break;
      default: {
        // ~>: at least the target, and the parts before the last written one unchanged.
        const fixed = Math.max(1, t.written - 1);
        const parts = parseVersion(version).parts;
        ok = cmp >= 0 && t.parts.slice(0, fixed).every((p, i) => (parts[i] ?? 0) === p);
      }
    }
    if (!ok) result = false;
  }
  return result;
}

/** The newest available version meeting a Terraform constraint (pre-releases only when the constraint names one). */
export function newestSatisfying(constraint: string, available: readonly string[]): string | undefined {
  return sortVersionsDescending(available).find((v) => satisfiesConstraint(v, constraint) === true);
}
