export { runnersKeys } from './lib/runners.keys';
export { runnersQueries } from './lib/runners.queries';
export { runnersRequests } from './lib/runners.requests';
export {
  useCreateRunnerGroupMutation,
  useCreateRunnerGroupTokenMutation,
  useDeleteRunnerGroupMutation,
  useRevokeRunnerGroupTokenMutation,
  useUpdateRunnerGroupMutation,
} from './lib/runner-group.mutations';
export type {
  CreatedRunnerGroupToken,
  PageFilters,
  PageSize,
  Runner,
  RunnerGroup,
  RunnerGroupInput,
  RunnerGroupToken,
  RunnerGroupUpdate,
  RunnerHealth,
} from './lib/runners.types';
