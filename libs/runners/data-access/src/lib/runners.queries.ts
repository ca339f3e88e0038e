import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@terrace/api-client';
import { runnersKeys } from './runners.keys';
import { runnersRequests } from './runners.requests';
import type { PageFilters } from './runners.types';

// A group's jobs running and runner count move with the runners' work, outside the console: read
// again each time the list is shown.
const groupStaleTime = 0;
// Tokens change through this section (whose mutations invalidate them) and rarely elsewhere.
const tokenStaleTime = 60_000;
// Runners register and report their heartbeat without the console: read each time the list is
// shown, and again while it stays open so health and last heartbeat stay recent.
const runnerStaleTime = 0;
const runnerRefetchInterval = 15_000;

/** One `queryOptions` per query: the key from the key factory, the request with the query's abort signal. */
export const runnersQueries = {
  groups: (client: ApiClient, filters: PageFilters) =>
    queryOptions({
      queryKey: runnersKeys.groupList(filters),
      queryFn: ({ signal }) => runnersRequests.groups(client, filters, signal),
      staleTime: groupStaleTime,
      // Paging keeps the current rows on screen until the next page arrives.
      placeholderData: keepPreviousData,
    }),
  runners: (client: ApiClient, groupId: string, filters: PageFilters) =>
    queryOptions({
      queryKey: runnersKeys.groupRunners(groupId, filters),
      queryFn: ({ signal }) => runnersRequests.runners(client, groupId, filters, signal),
      staleTime: runnerStaleTime,
      refetchInterval: runnerRefetchInterval,
      placeholderData: keepPreviousData,
    }),
  tokens: (client: ApiClient, groupId: string) =>
    queryOptions({
      queryKey: runnersKeys.groupTokens(groupId),
      queryFn: ({ signal }) => runnersRequests.tokens(client, groupId, signal),
      staleTime: tokenStaleTime,
    }),
};
