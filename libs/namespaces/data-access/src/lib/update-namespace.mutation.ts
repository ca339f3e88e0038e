import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNamespacesApi } from './namespaces-api';
import { namespacesKeys } from './namespaces.keys';
import type { NamespaceUpdateInput } from './namespaces.types';

export function useUpdateNamespaceMutation() {
  const api = useNamespacesApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ namespaceId, input }: { namespaceId: string; input: NamespaceUpdateInput }) =>
      api.update(namespaceId, input),
    onSuccess: (updated) => {
      queryClient.setQueryData(namespacesKeys.detail(updated.id), updated);
      void queryClient.invalidateQueries({ queryKey: namespacesKeys.lists() });
    },
  });
}
