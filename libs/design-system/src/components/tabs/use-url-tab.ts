import { useCallback } from 'react';

/** The shape of react-router's `useSearchParams()` result, without depending on a router. */
export type SearchParamsPair = readonly [
  URLSearchParams,
  (next: URLSearchParams, options?: { replace?: boolean }) => void,
];

export interface UseUrlTabOptions<T extends string> {
  /** The tab shown when the parameter is absent or not one of `tabs`; it is left out of the URL. */
  defaultTab: T;
  /** The valid tabs; anything else in the URL falls back to the default. */
  tabs?: readonly T[];
  /** Push a history entry per tab change instead of replacing the current one. */
  push?: boolean;
}

/**
 * Keeps the selected tab in a URL search parameter (CONVENTIONS: tabs are in the URL). Usage:
 * `const [tab, setTab] = useUrlTab('tab', useSearchParams(), { defaultTab: 'runs' })`.
 */
export function useUrlTab<T extends string>(
  param: string,
  [searchParams, setSearchParams]: SearchParamsPair,
  { defaultTab, tabs, push = false }: UseUrlTabOptions<T>,
) {
  const raw = searchParams.get(param);
  const value = (
    raw !== null && (!tabs || (tabs as readonly string[]).includes(raw)) ? raw : defaultTab
  ) as T;

  const setValue = useCallback(
    (next: string) => {
      const params = new URLSearchParams(searchParams);
      if (next === defaultTab) params.delete(param);
      else params.set(param, next);
      setSearchParams(params, { replace: !push });
    },
    [defaultTab, param, push, searchParams, setSearchParams],
  );

  return [value, setValue] as const;
}
