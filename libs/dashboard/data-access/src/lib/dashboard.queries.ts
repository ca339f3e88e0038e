import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@terrace/api-client';
import { dashboardKeys } from './dashboard.keys';
import { dashboardRequests } from './dashboard.requests';

// Every other page changes what the dashboard counts (stacks, runs, providers) without knowing
// it: coming back to it always asks again (showing the last answer meanwhile), and an open
// dashboard follows runs once a minute.
const overviewStaleTime = 0;
const overviewRefetchMs = 60_000;

export const dashboardQueries = {
  overview: (client: ApiClient) =>
    queryOptions({
      queryKey: dashboardKeys.overview(),
      queryFn: ({ signal }) => dashboardRequests.overview(client, signal),
      staleTime: overviewStaleTime,
      refetchInterval: overviewRefetchMs,
    }),
};
