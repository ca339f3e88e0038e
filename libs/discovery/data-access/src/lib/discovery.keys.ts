import type { DiscoveryEventFilters, DiscoveryListFilters, ProposalFilters } from './discovery.types';

/** Query keys of the stack discovery domain: components never build keys themselves. */
export const discoveryKeys = {
  all: ['discovery'] as const,
  lists: () => [...discoveryKeys.all, 'list'] as const,
  list: (filters: DiscoveryListFilters) => [...discoveryKeys.lists(), filters] as const,
  details: () => [...discoveryKeys.all, 'detail'] as const,
  detail: (id: string) => [...discoveryKeys.details(), id] as const,
  events: (id: string, filters: DiscoveryEventFilters) => [...discoveryKeys.detail(id), 'events', filters] as const,
  proposalLists: (id: string) => [...discoveryKeys.detail(id), 'proposals'] as const,
  proposals: (id: string, filters: ProposalFilters) => [...discoveryKeys.proposalLists(id), filters] as const,
};
