export { discoveryKeys } from './lib/discovery.keys';
export { discoveryQueries } from './lib/discovery.queries';
export { discoveryRequests } from './lib/discovery.requests';
export {
  activeDiscoveryStatuses,
  type DiscoveryEventFilters,
  type DiscoveryListFilters,
  type DiscoveryPageSize,
  type ProposalFilters,
  type StackDiscoveryMode,
  type StackDiscoveryProposal,
  type StackDiscoveryProposalStatus,
  type StackDiscoveryConfiguration,
  type StackDiscoveryConfigurationInput,
  type StackDiscoveryConfigurationUpdate,
  type StackDiscoveryEvent,
  type StackDiscoveryStatus,
  type VcsPathPattern,
} from './lib/discovery.types';
export { useCreateDiscoveryMutation, useDecideProposalMutation, useDeleteDiscoveryMutation, useRunDiscoveryMutation, useUpdateDiscoveryMutation } from './lib/discovery.mutations';
