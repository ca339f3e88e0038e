import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { namespacesKeys } from './namespaces.keys';
import { namespacesRequests } from './namespaces.requests';
import type { NamespacePermissionInput } from './namespaces.types';

export function useGrantNamespacePermissionMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (permission: NamespacePermissionInput) => namespacesRequests.grantPermission(client, permission),
    onSuccess: (_granted, permission) => queryClient.invalidateQueries({ queryKey: permissionsKey(permission.namespaceId) }),
  });
}

/** A permission on every namespace (no namespace id) may show in any namespace's permission list. */
function permissionsKey(namespaceId: string | null) {
  return namespaceId ? namespacesKeys.permissions(namespaceId) : namespacesKeys.details();
}
