export { stacksKeys } from './lib/stacks.keys';
export { stacksQueries } from './lib/stacks.queries';
export { stacksRequests } from './lib/stacks.requests';
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
export {
  useCreateStackMutation,
  useDeleteStackMutation,
  useExtendStackTtlMutation,
  useMoveStacksMutation,
  useUpdateStackMutation,
} from './lib/stacks.mutations';
