import type { RunDetailKind, RunListFilters } from './runs.types';

/**
 * Query keys of the runs domain: components never build keys themselves. A run's parts (its
 * step results, its comments) sit under its detail, so invalidating the detail reaches them.
 */
export const runsKeys = {
  all: ['runs'] as const,
  lists: () => [...runsKeys.all, 'list'] as const,
  list: (filters: RunListFilters) => [...runsKeys.lists(), filters] as const,
  details: () => [...runsKeys.all, 'detail'] as const,
  detail: (kind: RunDetailKind, id: string) => [...runsKeys.details(), kind, id] as const,
  /** The step results (`*State/v2`). */
  state: (kind: RunDetailKind, id: string) => [...runsKeys.detail(kind, id), 'state'] as const,
  comments: (kind: RunDetailKind, id: string) => [...runsKeys.detail(kind, id), 'comments'] as const,
  remoteRun: (runId: string) => [...runsKeys.all, 'remoteRun', runId] as const,
};
