export { stacksKeys } from './lib/stacks.keys';
export { stacksQueries } from './lib/stacks.queries';
export { stacksRequests } from './lib/stacks.requests';
export { stacksCommands } from './lib/stacks.commands';
export {
  iacTypes,
  type AuditEvent,
  stackPageSizes,
  type IacType,
  type Stack,
  type StackData,
  type StackErrorState,
  type StackInput,
  type StackListFilters,
  type StackPage,
  type StackPageSize,
  type StackType,
  type StackUpdate,
  type Ttl,
} from './lib/stacks.types';
export { useCreateStackMutation } from './lib/create-stack.mutation';
export {
  useDeleteStackMutation,
  useExtendStackTtlMutation,
  useMoveStacksMutation,
  useUpdateStackMutation,
} from './lib/stacks.mutations';
export { stackStateKeys } from './lib/stack-state.keys';
export { stackStateQueries } from './lib/stack-state.queries';
export { stackStateRequests } from './lib/stack-state.requests';
export {
  stackResourcePageSizes,
  stateVersionPageSizes,
  stateVersionStatuses,
  type StackOutput,
  type StackResource,
  type StackResourceFilters,
  type StackResourcePage,
  type StackResourcePageSize,
  type StackStateLock,
  type StackStateUnit,
  type StackStateVersion,
  type StackStateVersionContent,
  type StackStateVersionPage,
  type StateVersionFilters,
  type StateVersionPageSize,
  type StateVersionStatus,
} from './lib/stack-state.types';
export {
  useForceUnlockStackStateMutation,
  useRevealStackOutputMutation,
  useRollbackStackStateMutation,
  useStateVersionContentMutation,
} from './lib/stack-state.mutations';
