/**
 * How an input field becomes a column change: `true` copies the value as given, a function
 * converts it (trims a name, maps `null` to a column default...).
 */
export type ChangeMap<I> = { [K in keyof I]?: true | ((value: Exclude<I[K], undefined>) => unknown) };

/** The changes `changesFrom` answers: only the mapped fields, typed by their conversion. */
export type ChangesOf<I, M extends ChangeMap<I>> = {
  -readonly [K in keyof M & keyof I]?: M[K] extends (value: never) => infer R ? R : Exclude<I[K], undefined>;
};

/**
 * The partial-update rule of every resource: a field absent from the input (undefined) stays as
 * it is, a present one is set, and `null` clears it. Fields not in `map` are ignored (ids, or
 * fields the service handles itself).
 *
 *   changesFrom(input, { name: (n) => n.trim(), description: true, runnerConfig: true })
 */
export function changesFrom<I extends object, const M extends ChangeMap<I>>(input: I, map: M): ChangesOf<I, M> {
  const changes: Record<string, unknown> = {};
  for (const [field, how] of Object.entries(map) as [string, true | ((value: unknown) => unknown) | undefined][]) {
    const value = (input as Record<string, unknown>)[field];
    if (value === undefined || how === undefined) continue;
    changes[field] = how === true ? value : how(value);
  }
  return changes as ChangesOf<I, M>;
}

/** Whether `changes` changes anything (an empty update only re-reads the row). */
export const hasChanges = (changes: object): boolean => Object.keys(changes).length > 0;
