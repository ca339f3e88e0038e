import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@terrace/api-client';
import { stackStateKeys } from './stack-state.keys';
import { stackStateRequests } from './stack-state.requests';
import type { StackResourceFilters, StateVersionFilters } from './stack-state.types';

// Runs and CLIs write state and take locks behind the console's back: these go stale quickly.
const stateStaleTime = 10_000;

export const stackStateQueries = {
  versions: (client: ApiClient, stackId: string, filters: StateVersionFilters) =>
    queryOptions({
      queryKey: stackStateKeys.versions(stackId, filters),
      queryFn: ({ signal }) => stackStateRequests.versions(client, stackId, filters, signal),
      staleTime: stateStaleTime,
      placeholderData: keepPreviousData,
    }),
  locks: (client: ApiClient, stackId: string) =>
    queryOptions({
      queryKey: stackStateKeys.locks(stackId),
      queryFn: ({ signal }) => stackStateRequests.locks(client, stackId, signal),
      staleTime: stateStaleTime,
    }),
  units: (client: ApiClient, stackId: string) =>
    queryOptions({
      queryKey: stackStateKeys.units(stackId),
      queryFn: ({ signal }) => stackStateRequests.units(client, stackId, signal),
      staleTime: stateStaleTime,
    }),
  resources: (client: ApiClient, stackId: string, filters: StackResourceFilters) =>
    queryOptions({
      queryKey: stackStateKeys.resources(stackId, filters),
      queryFn: ({ signal }) => stackStateRequests.resources(client, stackId, filters, signal),
      staleTime: stateStaleTime,
      placeholderData: keepPreviousData,
    }),
  outputs: (client: ApiClient, stackId: string) =>
    queryOptions({
      queryKey: stackStateKeys.outputs(stackId),
      queryFn: ({ signal }) => stackStateRequests.outputs(client, stackId, signal),
      staleTime: stateStaleTime,
    }),
};
