// Dotted paths into a form's values and errors (`approval.teams`, `parameters.0.conditions`).
// Every write copies the objects along the path and nothing else, so a reader can tell whether
// the value at its own path changed by identity alone: that is what lets a field re-render only
// when its own value or error changes.

type Container = Record<string, unknown> | unknown[];

const isContainer = (value: unknown): value is Container => typeof value === 'object' && value !== null;
const isIndex = (key: string) => /^\d+$/.test(key);

const splitPath = (path: string): string[] => (path === '' ? [] : path.split('.'));

/** The value at `path`, or undefined when a step of it is missing. */
export function getPath(source: unknown, path: string): unknown {
  let current = source;
  for (const key of splitPath(path)) {
    if (!isContainer(current)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

const copy = (container: Container): Container => (Array.isArray(container) ? [...container] : { ...container });

/**
 * `source` with `value` at `path`; missing steps are created as arrays before a numeric key and
 * objects otherwise (a list's row errors are a list, as its values are).
 */
export function setPath<T>(source: T, path: string, value: unknown): T {
  const keys = splitPath(path);
  if (keys.length === 0) return value as T;
  const write = (node: unknown, index: number): unknown => {
    const key = keys[index] as string;
    const next: Container = isContainer(node) ? copy(node) : isIndex(key) ? [] : {};
    (next as Record<string, unknown>)[key] =
      index === keys.length - 1 ? value : write((next as Record<string, unknown>)[key], index + 1);
    return next;
  };
  return write(source, 0) as T;
}

const isEmpty = (value: unknown) =>
  isContainer(value) && (Array.isArray(value) ? value.every((item) => item === undefined) : Object.keys(value).length === 0);

/**
 * `source` without anything at `path`; an object or list left empty by the removal goes too, so
 * that "no errors" is an empty object however deep the last one was.
 */
export function unsetPath<T>(source: T, path: string): T {
  const keys = splitPath(path);
  const remove = (node: unknown, index: number): unknown => {
    const key = keys[index] as string;
    if (!isContainer(node) || !(key in node)) return node;
    const next = copy(node) as Record<string, unknown>;
    if (index === keys.length - 1) delete next[key];
    else {
      const child = remove(next[key], index + 1);
      if (child === next[key]) return node;
      if (isEmpty(child)) delete next[key];
      else next[key] = child;
    }
    return next;
  };
  return keys.length === 0 ? source : (remove(source, 0) as T);
}

/** Whether `path` is `ancestor` or lies below it. */
export const isWithin = (path: string, ancestor: string) =>
  ancestor === '' || path === ancestor || path.startsWith(`${ancestor}.`);

/** Structural equality of plain values (what a form holds: text, numbers, booleans, lists, objects). */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (!isContainer(a) || !isContainer(b) || Array.isArray(a) !== Array.isArray(b)) return false;
  if (a instanceof Date || b instanceof Date) return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => deepEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/** Whether an errors object holds no error at all. */
export const hasNoErrors = (errors: object) => Object.keys(errors).length === 0;
