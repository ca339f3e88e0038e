import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@terrace/api-client';
import { namespacesKeys } from './namespaces.keys';
import { namespacesRequests } from './namespaces.requests';
import type { NamespaceListFilters } from './namespaces.types';

// Namespaces change through these pages (whose mutations invalidate them) and rarely elsewhere;
// permissions are granted by other admins too, so they go stale sooner.
const namespaceStaleTime = 60_000;
const permissionStaleTime = 30_000;

/** One `queryOptions` per query: the key from the key factory, the request with the query's abort signal. */
export const namespacesQueries = {
  list: (client: ApiClient, filters: NamespaceListFilters) =>
    queryOptions({
      queryKey: namespacesKeys.list(filters),
      queryFn: ({ signal }) => namespacesRequests.list(client, filters, signal),
      staleTime: namespaceStaleTime,
      // Paging or filtering keeps the current rows on screen until the next page arrives.
      placeholderData: keepPreviousData,
    }),
  detail: (client: ApiClient, namespaceId: string) =>
    queryOptions({
      queryKey: namespacesKeys.detail(namespaceId),
      queryFn: ({ signal }) => namespacesRequests.get(client, namespaceId, signal),
      staleTime: namespaceStaleTime,
    }),
  permissions: (client: ApiClient, namespaceId: string) =>
    queryOptions({
      queryKey: namespacesKeys.permissions(namespaceId),
      queryFn: ({ signal }) => namespacesRequests.permissions(client, namespaceId, signal),
      staleTime: permissionStaleTime,
    }),
};
