import { useCallback, useState, type SetStateAction } from 'react';

/**
 * State a parent may own (pass `value` and `onChange`) or leave to the component (omit `value`),
 * set with a value or an updater function either way.
 */
export function useControllableState<T>(
  value: T | undefined,
  onChange: ((next: T) => void) | undefined,
  initial: T,
) {
  const [inner, setInner] = useState<T>(initial);
  const controlled = value !== undefined;
  const current = controlled ? value : inner;
  const set = useCallback(
    (next: SetStateAction<T>) => {
      const resolved = typeof next === 'function' ? (next as (prev: T) => T)(current) : next;
      if (!controlled) setInner(resolved);
      onChange?.(resolved);
    },
    [controlled, current, onChange],
  );
  return [current, set] as const;
}
