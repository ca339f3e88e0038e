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
    onSuccess: (_granted, permission) => queryClient.invalidateQueries({ queryKey: namespacesKeys.permissionsOf(permission.namespaceId) }),
  });
}

