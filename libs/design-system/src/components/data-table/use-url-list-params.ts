import { useCallback, useEffect, useState } from 'react';
import type { SearchParamsPair } from '../tabs/use-url-tab';
import { defaultPageSizes } from './data-table';

export interface UrlListParams {
  /** Part of the name to look for, trimmed; '' when none. */
  search: string;
  /** 1-based. */
  page: number;
  pageSize: number;
}

export interface UseUrlListParamsOptions {
  /** The URL parameters (defaults `search`, `page`, `pageSize`): a page with two lists gives each its own. */
  searchParam?: string;
  pageParam?: string;
  pageSizeParam?: string;
  pageSizes?: readonly number[];
  defaultPageSize?: number;
  /** How long typing pauses before the search goes to the URL (and so to the server). */
  debounceMs?: number;
}

/**
 * A server-paged list's search, page and page size in the URL (CONVENTIONS: a shared link or a
 * reload shows the same rows; defaults are left out). The search box answers at once; the URL
 * follows after a pause in typing, back to the first page. Usage:
 *
 *   const list = useUrlListParams(useSearchParams());
 *   useQuery(queries.list(client, { search: list.params.search, page: list.params.page, pageSize: list.params.pageSize }));
 *   <DataTable mode="server" {...list.tableProps(query.data?.total ?? 0)} … />
 */
export function useUrlListParams([searchParams, setSearchParams]: SearchParamsPair, options: UseUrlListParamsOptions = {}) {
  const { searchParam = 'search', pageParam = 'page', pageSizeParam = 'pageSize', pageSizes = defaultPageSizes, defaultPageSize = 20, debounceMs = 300 } = options;
  const search = searchParams.get(searchParam)?.trim() ?? '';
  const page = Math.max(1, Math.floor(Number(searchParams.get(pageParam)) || 1));
  const pageSize = pageSizes.find((size) => size === Number(searchParams.get(pageSizeParam))) ?? defaultPageSize;

  const update = useCallback(
    (next: Partial<UrlListParams>) => {
      const merged = new URLSearchParams(searchParams);
      const set = (key: string, value: string | number | undefined, fallback: string | number) => {
        if (value === undefined || value === '' || value === fallback) merged.delete(key);
        else merged.set(key, String(value));
      };
      if ('search' in next) set(searchParam, next.search, '');
      if ('pageSize' in next) set(pageSizeParam, next.pageSize, defaultPageSize);
      if ('page' in next) set(pageParam, next.page, 1);
      // Typing in the filter or paging should not fill the history with one entry per change.
      setSearchParams(merged, { replace: true });
    },
    [defaultPageSize, pageParam, pageSizeParam, searchParam, searchParams, setSearchParams],
  );

  const [draft, setDraft] = useState(search);
  useEffect(() => setDraft(search), [search]);
  useEffect(() => {
    if (draft.trim() === search) return undefined;
    const timer = setTimeout(() => update({ search: draft.trim(), page: 1 }), debounceMs);
    return () => clearTimeout(timer);
  }, [debounceMs, draft, search, update]);

  /** The server-mode DataTable's paging and search props. */
  const tableProps = (totalCount: number) => ({
    totalCount,
    pagination: { pageIndex: page - 1, pageSize },
    onPaginationChange: (next: { pageIndex: number; pageSize: number }) => update({ page: next.pageSize !== pageSize ? 1 : next.pageIndex + 1, pageSize: next.pageSize }),
    globalFilter: draft,
    onGlobalFilterChange: setDraft,
  });

  return { params: { search, page, pageSize } satisfies UrlListParams, update, clearSearch: () => update({ search: '', page: 1 }), tableProps };
}
