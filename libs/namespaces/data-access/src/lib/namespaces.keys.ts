import type { NamespaceListFilters } from './namespaces.types';

/** Query keys of the namespaces domain: components never build keys themselves. */
export const namespacesKeys = {
  all: ['namespaces'] as const,
  lists: () => [...namespacesKeys.all, 'list'] as const,
  list: (filters: NamespaceListFilters) => [...namespacesKeys.lists(), filters] as const,
  details: () => [...namespacesKeys.all, 'detail'] as const,
  detail: (namespaceId: string) => [...namespacesKeys.details(), namespaceId] as const,
  permissions: (namespaceId: string) => [...namespacesKeys.detail(namespaceId), 'permissions'] as const,
  /** What a permission change touches: one namespace's permissions, or every namespace's for an all-namespaces grant (no id). */
  permissionsOf: (namespaceId: string | null) => (namespaceId ? namespacesKeys.permissions(namespaceId) : namespacesKeys.details()),
};
