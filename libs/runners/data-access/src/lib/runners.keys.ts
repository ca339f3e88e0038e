import type { PageFilters } from './runners.types';

/** Query keys of the runners domain: components never build keys themselves. */
export const runnersKeys = {
  all: ['runners'] as const,
  groups: () => [...runnersKeys.all, 'groups'] as const,
  groupList: (filters: PageFilters) => [...runnersKeys.groups(), 'list', filters] as const,
  /** A group's parts (its runners, its tokens) nest under the group, so one invalidation reaches both. */
  group: (groupId: string) => [...runnersKeys.groups(), 'detail', groupId] as const,
  groupRunners: (groupId: string, filters: PageFilters) => [...runnersKeys.group(groupId), 'runners', filters] as const,
  groupTokens: (groupId: string) => [...runnersKeys.group(groupId), 'tokens'] as const,
};
