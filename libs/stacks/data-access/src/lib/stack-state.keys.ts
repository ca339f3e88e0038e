import { stacksKeys } from './stacks.keys';
import type { StackResourceFilters, StateVersionFilters } from './stack-state.types';

/** Query keys of a stack's state and outputs, under the stack's own key (refreshing a stack refreshes them). */
export const stackStateKeys = {
  all: (stackId: string) => [...stacksKeys.detail(stackId), 'state'] as const,
  versionLists: (stackId: string) => [...stackStateKeys.all(stackId), 'versions'] as const,
  versions: (stackId: string, filters: StateVersionFilters) => [...stackStateKeys.versionLists(stackId), filters] as const,
  locks: (stackId: string) => [...stackStateKeys.all(stackId), 'locks'] as const,
  units: (stackId: string) => [...stackStateKeys.all(stackId), 'units'] as const,
  outputs: (stackId: string) => [...stackStateKeys.all(stackId), 'outputs'] as const,
  resources: (stackId: string, filters: StackResourceFilters) => [...stackStateKeys.all(stackId), 'resources', filters] as const,
};
