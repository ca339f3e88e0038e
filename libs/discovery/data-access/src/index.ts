export { discoveryKeys } from './lib/discovery.keys';
// The configurations and the scans in modules of their own (a page loads only what it calls); one
// module per mutation.
export { discoveryQueries } from './lib/discovery.queries';
export { discoveryRequests } from './lib/discovery.requests';
export { discoveryScansQueries } from './lib/discovery-scans.queries';
export { discoveryScansRequests } from './lib/discovery-scans.requests';
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
export { useCreateDiscoveryMutation } from './lib/create-discovery.mutation';
export { useDecideProposalMutation } from './lib/decide-proposal.mutation';
export { useDeleteDiscoveryMutation } from './lib/delete-discovery.mutation';
export { useRunDiscoveryMutation } from './lib/run-discovery.mutation';
export { useUpdateDiscoveryMutation } from './lib/update-discovery.mutation';
