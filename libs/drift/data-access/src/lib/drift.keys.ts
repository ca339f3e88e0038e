/** Query keys of the Drift domain: components never build keys themselves. */
export const driftKeys = {
  all: ['drift'] as const,
  lists: () => [...driftKeys.all, 'list'] as const,
  list: (filters: Record<string, unknown>) => [...driftKeys.lists(), filters] as const,
  details: () => [...driftKeys.all, 'detail'] as const,
  detail: (id: string) => [...driftKeys.details(), id] as const,
};
