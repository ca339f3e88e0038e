import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@terrace/api-client';
import { discoveryKeys } from './discovery.keys';
import { discoveryRequests } from './discovery.requests';
import { activeDiscoveryStatuses, type DiscoveryListFilters } from './discovery.types';

// Configurations change through this domain's pages, whose mutations invalidate them.
const configStaleTime = 30_000;
// A scan runs on the server (and on every push): while one is active the page polls.
const scanPollMs = 5_000;

/** One `queryOptions` per query: the key from the key factory, the request with the query's abort signal. */
export const discoveryQueries = {
  list: (client: ApiClient, filters: DiscoveryListFilters) =>
    queryOptions({
      queryKey: discoveryKeys.list(filters),
      queryFn: ({ signal }) => discoveryRequests.list(client, filters, signal),
      staleTime: configStaleTime,
      placeholderData: keepPreviousData,
      refetchInterval: (query) => (query.state.data?.items.some((item) => item.status && activeDiscoveryStatuses.includes(item.status)) ? scanPollMs : false),
    }),
  detail: (client: ApiClient, id: string) =>
    queryOptions({
      queryKey: discoveryKeys.detail(id),
      queryFn: ({ signal }) => discoveryRequests.get(client, id, signal),
      staleTime: configStaleTime,
      refetchInterval: (query) => {
        const status = query.state.data?.status;
        return status && activeDiscoveryStatuses.includes(status) ? scanPollMs : false;
      },
    }),
};
