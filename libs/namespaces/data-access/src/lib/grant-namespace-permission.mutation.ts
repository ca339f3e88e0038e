import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNamespacesApi } from './namespaces-api';
import { namespacesKeys } from './namespaces.keys';
import type { NamespacePermissionInput } from './namespaces.types';

export function useGrantNamespacePermissionMutation() {
  const api = useNamespacesApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (permission: NamespacePermissionInput) => api.grantPermission(permission),
    onSuccess: (_result, permission) => {
      if (permission.namespaceId) void queryClient.invalidateQueries({ queryKey: namespacesKeys.permissions(permission.namespaceId) });
    },
  });
}
