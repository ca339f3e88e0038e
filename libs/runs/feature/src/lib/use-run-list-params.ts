import { runKinds, runStatuses, type RunKind, type RunStatus } from '@terrace/domain';
import { runPageSizes, type RunPageSize } from '@terrace/runs/data-access';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export interface RunListParams {
  page: number;
  pageSize: RunPageSize;
  kind?: RunKind;
  status?: RunStatus;
}

const defaultPageSize: RunPageSize = 20;

/**
 * A runs list's page, size, kind and status filters in the URL, under a prefix so the list can sit in
 * another page's URL (a stack's runs tab: `runsPage`, `runsKind`…). Defaults are left out.
 */
export function useRunListParams(prefix: string): [RunListParams, (next: Partial<RunListParams>) => void] {
  const [search, setSearch] = useSearchParams();
  const params = useMemo<RunListParams>(() => {
    const page = Math.max(1, Math.floor(Number(search.get(`${prefix}Page`)) || 1));
    const size = Number(search.get(`${prefix}PageSize`));
    const kind = runKinds.find((k) => k === search.get(`${prefix}Kind`));
    const status = runStatuses.find((s) => s === search.get(`${prefix}Status`));
    return { page, pageSize: runPageSizes.find((s) => s === size) ?? defaultPageSize, ...(kind ? { kind } : {}), ...(status ? { status } : {}) };
  }, [search, prefix]);
  const update = useCallback(
    (next: Partial<RunListParams>) =>
      setSearch(
        (current) => {
          const merged = new URLSearchParams(current);
          const set = (name: string, value: string | number | undefined, fallback: string | number) => {
            if (value === undefined || value === fallback) merged.delete(`${prefix}${name}`);
            else merged.set(`${prefix}${name}`, String(value));
          };
          if ('kind' in next) set('Kind', next.kind, '');
          if ('status' in next) set('Status', next.status, '');
          if ('pageSize' in next) set('PageSize', next.pageSize, defaultPageSize);
          if ('page' in next) set('Page', next.page, 1);
          return merged;
        },
        { replace: true },
      ),
    [setSearch, prefix],
  );
  return [params, update];
}
