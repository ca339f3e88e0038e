import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { namespacesKeys } from './namespaces.keys';
import { namespacesRequests } from './namespaces.requests';
import type { NamespacePermission } from './namespaces.types';

export function useRevokeNamespacePermissionMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (permission: NamespacePermission) => namespacesRequests.revokePermission(client, permission),
    onSuccess: (_result, permission) => queryClient.invalidateQueries({ queryKey: namespacesKeys.permissionsOf(permission.namespaceId) }),
  });
}

