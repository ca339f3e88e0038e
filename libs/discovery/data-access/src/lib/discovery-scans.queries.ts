import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@terrace/api-client';
import { discoveryKeys } from './discovery.keys';
import { discoveryScansRequests } from './discovery-scans.requests';
import type { DiscoveryEventFilters, ProposalFilters } from './discovery.types';

/** The scans' queries (a configuration's events and proposals): the key from the key factory, the request with the abort signal. */
export const discoveryScansQueries = {
  events: (client: ApiClient, id: string, filters: DiscoveryEventFilters) =>
    queryOptions({
      queryKey: discoveryKeys.events(id, filters),
      queryFn: ({ signal }) => discoveryScansRequests.events(client, id, filters, signal),
      staleTime: 10_000,
      placeholderData: keepPreviousData,
    }),
  proposals: (client: ApiClient, id: string, filters: ProposalFilters) =>
    queryOptions({
      queryKey: discoveryKeys.proposals(id, filters),
      queryFn: ({ signal }) => discoveryScansRequests.proposals(client, id, filters, signal),
      staleTime: 10_000,
      placeholderData: keepPreviousData,
    }),
};
