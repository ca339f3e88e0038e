import type { NamespaceListFilters, PageSize } from '@terrace/namespaces/data-access';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

const pageSizes: readonly PageSize[] = [10, 20, 50, 100, 1000];
const defaultPageSize: PageSize = 20;

function toPageSize(value: string | null): PageSize {
  const n = Number(value);
  return pageSizes.find((size) => size === n) ?? defaultPageSize;
}

/**
 * The list's page, page size and name filter live in the URL (CONVENTIONS: Routes), so a shared
 * link or a reload shows the same rows. Defaults are left out of the URL to keep it short.
 */
export function useNamespaceListParams(): [NamespaceListFilters, (next: Partial<NamespaceListFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const filters = useMemo<NamespaceListFilters>(() => {
    const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
    const name = params.get('name')?.trim() ?? '';
    return { page, pageSize: toPageSize(params.get('pageSize')), ...(name ? { name } : {}) };
  }, [params]);

  const update = useCallback(
    (next: Partial<NamespaceListFilters>) => {
      setParams(
        (current) => {
          const merged = new URLSearchParams(current);
          const set = (key: string, value: string | number | undefined, fallback: string | number) => {
            if (value === undefined || value === '' || value === fallback) merged.delete(key);
            else merged.set(key, String(value));
          };
          if ('name' in next) set('name', next.name, '');
          if ('pageSize' in next) set('pageSize', next.pageSize, defaultPageSize);
          if ('page' in next) set('page', next.page, 1);
          return merged;
        },
        // Typing in the filter should not fill the history with one entry per keystroke.
        { replace: true },
      );
    },
    [setParams],
  );
  return [filters, update];
}
