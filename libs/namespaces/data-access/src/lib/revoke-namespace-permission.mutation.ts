import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNamespacesApi } from './namespaces-api';
import { namespacesKeys } from './namespaces.keys';
import type { NamespacePermission } from './namespaces.types';

export function useRevokeNamespacePermissionMutation() {
  const api = useNamespacesApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (permission: NamespacePermission) => api.revokePermission(permission),
    onSuccess: (_result, permission) => {
      if (permission.namespaceId) void queryClient.invalidateQueries({ queryKey: namespacesKeys.permissions(permission.namespaceId) });
    },
  });
}
