import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@terrace/api-client';
import { toPage } from '@terrace/session';
import { runsKeys } from './runs.keys';
import type { RunListFilters, RunPage } from './runs.types';

// The runs lists' request and query, apart from a run's reads (runs.requests.ts, runs.queries.ts,
// which name them too): a page that lists runs loads only these.

// Lists of runs move on their own (runs start and finish on runners): they go stale quickly, and
// a list is refetched when it is shown again rather than polled.
const listStaleTime = 10_000;

/** A page of runs (GET /stack/run), filtered on the server. */
export async function listRuns(client: ApiClient, filters: RunListFilters, signal?: AbortSignal): Promise<RunPage> {
  const { page, pageSize, stackId, namespaceId, kind, status, isActive, updatedInTheLastHours } = filters;
  const { data } = await client.GET('/stack/run', {
    params: {
      query: {
        page,
        pageSize,
        ...(stackId ? { stackId } : {}),
        ...(namespaceId ? { namespaceId } : {}),
        ...(kind ? { kind } : {}),
        ...(status ? { status } : {}),
        ...(isActive !== undefined ? { isActive } : {}),
        ...(updatedInTheLastHours !== undefined ? { updatedInTheLastHours } : {}),
      },
    },
    signal,
  });
  return toPage(data);
}

/** A page of runs, filtered on the server (`runsQueries.list`). */
export const runListQuery = (client: ApiClient, filters: RunListFilters) =>
  queryOptions({
    queryKey: runsKeys.list(filters),
    queryFn: ({ signal }) => listRuns(client, filters, signal),
    staleTime: listStaleTime,
    // Paging or filtering keeps the current rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
  });
