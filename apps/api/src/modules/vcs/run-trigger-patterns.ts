import type { Schemas } from '../../http/contract-types';

// Which changed files start a stack's run: its run-trigger patterns (globs over paths from the
// repository root, `${stack_path}` standing for the stack's directory), by default every file
// under the stack's directory. A file counts when it matches an include pattern and no exclude.
//
// Glob syntax: `*` any characters but '/', `?` one character but '/', `**` any number of whole
// directories (`a/**/b` also matches `a/b`; a trailing `/**` everything below), `[abc]` / `[!abc]`
// a character class, `{x,y}` alternatives. A pattern matches the whole path.

export const STACK_PATH_VARIABLE = '${stack_path}';

/** The stack's directory as the patterns use it: no leading './' or '/', no trailing '/'. */
export function normaliseStackPath(path: string | undefined): string {
  return (path ?? '')
    .trim()
    .replace(/^(\.\/)+/, '')
    .replace(/^\/+|\/+$/g, '')
    .replace(/\/{2,}/g, '/');
}

function substitute(pattern: string, stackPath: string): string {
  const replaced = pattern.split(STACK_PATH_VARIABLE).join(stackPath);
  // An empty stack path (the repository root) must not leave '/**' or 'a//b' behind.
  return replaced.replace(/\/{2,}/g, '/').replace(/^\/+/, '');
}

/** The include and exclude globs of a stack, `${stack_path}` substituted. */
export function runTriggerGlobs(stackPath: string | undefined, runTrigger: Schemas['RunTrigger'] | undefined): { include: string[]; exclude: string[] } {
  const path = normaliseStackPath(stackPath);
  const own = (runTrigger?.patterns ?? []).map((p) => p.trim()).filter((p) => p !== '');
  const include = (own.length ? own : [`${STACK_PATH_VARIABLE}/**`]).map((p) => substitute(p, path));
  const exclude = (runTrigger?.excludePatterns ?? []).map((p) => p.trim()).filter((p) => p !== '').map((p) => substitute(p, path));
  return { include, exclude };
}

const special = /[.+^$()|\\]/;

/** A glob as an anchored regular expression. */
export function globToRegExp(glob: string): RegExp {
  let source = '';
  let braces = 0;
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i] as string;
    if (c === '*') {
      if (glob[i + 1] === '*') {
        const atSegmentStart = i === 0 || glob[i - 1] === '/';
        i++;
        if (atSegmentStart && glob[i + 1] === '/') {
          // `**/`: zero or more whole directories.
          source += '(?:[^/]+/)*';
          i++;
        } else {
          source += '.*';
        }
      } else {
        source += '[^/]*';
      }
    } else if (c === '?') {
      source += '[^/]';
    } else if (c === '[') {
      const end = glob.indexOf(']', i + 2);
      if (end === -1) {
        source += '\\[';
        continue;
      }
      let body = glob.slice(i + 1, end);
      if (body.startsWith('!')) body = `^${body.slice(1)}`;
      source += `[${body.replace(/\\/g, '\\\\')}]`;
      i = end;
    } else if (c === '{') {
      braces++;
      source += '(?:';
    } else if (c === '}' && braces > 0) {
      braces--;
      source += ')';
    } else if (c === ',' && braces > 0) {
      source += '|';
    } else if (special.test(c) || c === '{' || c === '}' || c === ']') {
      source += `\\${c}`;
    } else {
      source += c;
    }
  }
  source += ')'.repeat(braces);
  return new RegExp(`^${source}$`);
}

/** The changed files that start a run of the stack (empty: no run). */
export function triggeringFiles(files: readonly string[], stackPath: string | undefined, runTrigger: Schemas['RunTrigger'] | undefined): string[] {
  const { include, exclude } = runTriggerGlobs(stackPath, runTrigger);
  const includes = include.map(globToRegExp);
  const excludes = exclude.map(globToRegExp);
  return files.filter((file) => {
    const path = file.replace(/^\/+/, '');
    return includes.some((r) => r.test(path)) && !excludes.some((r) => r.test(path));
  });
}
