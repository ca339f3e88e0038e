import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@terrace/api-client';
import { runListQuery } from './run-list.query';
import { runsKeys } from './runs.keys';
import { runsRequests } from './runs.requests';
import type { RunDetailKind } from './runs.types';

// A run's page learns its changes from the run's event stream (useRunEvents patches the cache and
// refetches once when the stream ends), so its queries need no polling and no short stale time.
const runStaleTime = 30_000;
// Comments are added by others on the same run now and then.
const commentsStaleTime = 30_000;

/** One `queryOptions` per query: the key from the key factory, the request with the query's abort signal. */
export const runsQueries = {
  list: runListQuery,
  detail: (client: ApiClient, kind: RunDetailKind, id: string) =>
    queryOptions({
      queryKey: runsKeys.detail(kind, id),
      queryFn: ({ signal }) => runsRequests.get(client, kind, id, signal),
      staleTime: runStaleTime,
    }),
  state: (client: ApiClient, kind: RunDetailKind, id: string) =>
    queryOptions({
      queryKey: runsKeys.state(kind, id),
      queryFn: ({ signal }) => runsRequests.state(client, kind, id, signal),
      staleTime: runStaleTime,
    }),
  comments: (client: ApiClient, kind: RunDetailKind, id: string) =>
    queryOptions({
      queryKey: runsKeys.comments(kind, id),
      queryFn: ({ signal }) => runsRequests.comments(client, id, signal),
      staleTime: commentsStaleTime,
    }),
  remoteRun: (client: ApiClient, runId: string) =>
    queryOptions({
      queryKey: runsKeys.remoteRun(runId),
      queryFn: ({ signal }) => runsRequests.remoteRun(client, runId, signal),
      staleTime: runStaleTime,
    }),
};
