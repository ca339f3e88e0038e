import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@terrace/api-client';
import { templatesKeys } from './templates.keys';
import { templateStacksRequests } from './template-stacks.requests';
import { finalInitStatuses, type EventFilters } from './templates.types';

// Events and the graph's run statuses change on their own (runs, TTL destroys): keep them briefly.
const liveStaleTime = 10_000;
// A blueprint stack waits on a pull request someone merges elsewhere: poll while it is open.
const initPollMs = 5_000;

/** One `queryOptions` per query: the key from the key factory, the request with the query's abort signal. */
export const templateStacksQueries = {
  templateEvents: (client: ApiClient, templateId: string, filters: EventFilters) =>
    queryOptions({
      queryKey: templatesKeys.events('template', templateId, filters),
      queryFn: ({ signal }) => templateStacksRequests.templateEvents(client, templateId, filters, signal),
      staleTime: liveStaleTime,
      placeholderData: keepPreviousData,
    }),
  blueprintEvents: (client: ApiClient, blueprintId: string, filters: EventFilters) =>
    queryOptions({
      queryKey: templatesKeys.events('blueprint', blueprintId, filters),
      queryFn: ({ signal }) => templateStacksRequests.blueprintEvents(client, blueprintId, filters, signal),
      staleTime: liveStaleTime,
      placeholderData: keepPreviousData,
    }),
  blueprintInit: (client: ApiClient, stackId: string) =>
    queryOptions({
      queryKey: templatesKeys.blueprintInit(stackId),
      queryFn: ({ signal }) => templateStacksRequests.blueprintInit(client, stackId, signal),
      staleTime: 0,
      refetchInterval: (query) => (query.state.data && finalInitStatuses.includes(query.state.data.status) ? false : initPollMs),
    }),
};
