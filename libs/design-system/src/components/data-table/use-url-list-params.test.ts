import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useUrlListParams } from './use-url-list-params';

/** A URL's search parameters held in the test, as react-router's useSearchParams gives them. */
function urlOf(initial: string) {
  const url = { params: new URLSearchParams(initial), replaced: [] as boolean[] };
  const pair = () => [url.params, (next: URLSearchParams, options?: { replace?: boolean }) => ((url.params = next), url.replaced.push(options?.replace ?? false))] as const;
  return { url, pair };
}

describe('useUrlListParams', () => {
  it('reads the page, its size and the search from the URL, falling back on defaults for what is not valid', () => {
    const { pair } = urlOf('blueprintsPage=3&blueprintsPageSize=50&name=%20web%20');
    const { result } = renderHook(() => useUrlListParams(pair(), { searchParam: 'name', pageParam: 'blueprintsPage', pageSizeParam: 'blueprintsPageSize' }));
    expect(result.current.params).toEqual({ search: 'web', page: 3, pageSize: 50 });
    const bad = urlOf('page=-2&pageSize=7');
    expect(renderHook(() => useUrlListParams(bad.pair())).result.current.params).toEqual({ search: '', page: 1, pageSize: 20 });
  });

  it('pages through the table props, back to the first page on a new page size, defaults left out of the URL', () => {
    const { url, pair } = urlOf('page=2');
    const { result, rerender } = renderHook(() => useUrlListParams(pair()));
    act(() => result.current.tableProps(95).onPaginationChange({ pageIndex: 2, pageSize: 20 }));
    expect(url.params.toString()).toBe('page=3');
    rerender();
    act(() => result.current.tableProps(95).onPaginationChange({ pageIndex: 2, pageSize: 50 }));
    expect(url.params.toString()).toBe('pageSize=50');
    expect(url.replaced.every(Boolean)).toBe(true);
  });

  it('sends the search to the URL once typing pauses, on the first page', () => {
    vi.useFakeTimers();
    try {
      const { url, pair } = urlOf('page=4');
      const { result, rerender } = renderHook(() => useUrlListParams(pair()));
      act(() => result.current.tableProps(0).onGlobalFilterChange('ne'));
      rerender();
      expect(result.current.tableProps(0).globalFilter).toBe('ne');
      expect(url.params.get('search')).toBeNull();
      act(() => void vi.advanceTimersByTime(300));
      expect(url.params.toString()).toBe('search=ne');
      rerender();
      act(() => result.current.clearSearch());
      expect(url.params.toString()).toBe('');
    } finally {
      vi.useRealTimers();
    }
  });
});
