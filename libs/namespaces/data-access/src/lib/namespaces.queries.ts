import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { NamespacesApi } from './namespaces-api';
import { namespacesKeys } from './namespaces.keys';
import type { NamespaceListFilters } from './namespaces.types';

// Namespaces change through these pages (whose mutations invalidate them) and rarely elsewhere;
// permissions are granted by other admins too, so they go stale sooner.
const namespaceStaleTime = 60_000;
const permissionStaleTime = 30_000;

export const namespacesQueries = {
  list: (api: NamespacesApi, filters: NamespaceListFilters) =>
    queryOptions({
      queryKey: namespacesKeys.list(filters),
      queryFn: () => api.list(filters),
      staleTime: namespaceStaleTime,
      // Paging or filtering keeps the current rows on screen until the next page arrives.
      placeholderData: keepPreviousData,
    }),
  detail: (api: NamespacesApi, namespaceId: string) =>
    queryOptions({
      queryKey: namespacesKeys.detail(namespaceId),
      queryFn: () => api.get(namespaceId),
      staleTime: namespaceStaleTime,
    }),
  permissions: (api: NamespacesApi, namespaceId: string) =>
    queryOptions({
      queryKey: namespacesKeys.permissions(namespaceId),
      queryFn: () => api.permissions(namespaceId),
      staleTime: permissionStaleTime,
    }),
};
