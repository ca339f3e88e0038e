import type { DiscoveryPageSize } from '@terrace/discovery/data-access';
import { useState } from 'react';

/**
 * A panel's server-paged table whose page is its own (not in the URL): the page for the request,
 * the table's paging props, and a way back to the first page (a filter changed).
 */
export function useTablePaging(pageSize: DiscoveryPageSize = 20) {
  const [paging, setPaging] = useState<{ page: number; pageSize: DiscoveryPageSize }>({ page: 1, pageSize });
  return {
    paging,
    firstPage: () => setPaging((current) => ({ ...current, page: 1 })),
    tableProps: (totalCount: number) => ({
      mode: 'server' as const,
      totalCount,
      pagination: { pageIndex: paging.page - 1, pageSize: paging.pageSize },
      onPaginationChange: (next: { pageIndex: number; pageSize: number }) =>
        setPaging({ page: next.pageSize !== paging.pageSize ? 1 : next.pageIndex + 1, pageSize: next.pageSize as DiscoveryPageSize }),
    }),
  };
}
