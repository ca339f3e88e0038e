/** Query keys of the Namespaces domain: components never build keys themselves. */
export const namespacesKeys = {
  all: ['namespaces'] as const,
  lists: () => [...namespacesKeys.all, 'list'] as const,
  list: (filters: Record<string, unknown>) => [...namespacesKeys.lists(), filters] as const,
  details: () => [...namespacesKeys.all, 'detail'] as const,
  detail: (id: string) => [...namespacesKeys.details(), id] as const,
};
