import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@terrace/api-client';
import { stacksKeys } from './stacks.keys';
import { stacksRequests } from './stacks.requests';
import type { IacType, StackListFilters } from './stacks.types';

// Stacks change through these pages (whose mutations invalidate them) but also through runs and
// drift detection on the server, so they go stale sooner than namespaces.
const stackStaleTime = 30_000;
// The engines' version lists change when a release is published: rarely.
const versionsStaleTime = 60 * 60_000;

/** One `queryOptions` per query: the key from the key factory, the request with the query's abort signal. */
export const stacksQueries = {
  list: (client: ApiClient, filters: StackListFilters) =>
    queryOptions({
      queryKey: stacksKeys.list(filters),
      queryFn: ({ signal }) => stacksRequests.list(client, filters, signal),
      staleTime: stackStaleTime,
      // Paging or filtering keeps the current rows on screen until the next page arrives.
      placeholderData: keepPreviousData,
    }),
  detail: (client: ApiClient, stackId: string) =>
    queryOptions({
      queryKey: stacksKeys.detail(stackId),
      queryFn: ({ signal }) => stacksRequests.get(client, stackId, signal),
      staleTime: stackStaleTime,
    }),
  activity: (client: ApiClient, stackId: string) =>
    queryOptions({
      queryKey: stacksKeys.activity(stackId),
      queryFn: ({ signal }) => stacksRequests.activity(client, stackId, signal),
      // Others act on the stack too; the tab refetches when opened after this.
      staleTime: 15_000,
    }),
  versions: (client: ApiClient, iacType: IacType) =>
    queryOptions({
      queryKey: stacksKeys.versions(iacType),
      queryFn: ({ signal }) => stacksRequests.versions(client, iacType, signal),
      staleTime: versionsStaleTime,
    }),
};
