import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNamespacesApi } from './namespaces-api';
import { namespacesKeys } from './namespaces.keys';

export function useDeleteNamespaceMutation() {
  const api = useNamespacesApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (namespaceId: string) => api.remove(namespaceId),
    onSuccess: (_result, namespaceId) => {
      // The page of a deleted namespace must not refetch it (it would answer 404 and toast).
      queryClient.removeQueries({ queryKey: namespacesKeys.detail(namespaceId) });
      void queryClient.invalidateQueries({ queryKey: namespacesKeys.lists() });
    },
  });
}
