import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNamespacesApi } from './namespaces-api';
import { namespacesKeys } from './namespaces.keys';
import type { NamespacePermission } from './namespaces.types';

export function useGrantNamespacePermissionMutation() {
  const api = useNamespacesApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (permission: NamespacePermission) => api.grantPermission(permission),
    onSuccess: (_result, permission) => {
      void queryClient.invalidateQueries({ queryKey: namespacesKeys.permissions(permission.namespaceId) });
    },
  });
}
