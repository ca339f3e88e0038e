import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNamespacesApi } from './namespaces-api';
import { namespacesKeys } from './namespaces.keys';
import type { NamespaceCreateInput } from './namespaces.types';

export function useCreateNamespaceMutation() {
  const api = useNamespacesApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NamespaceCreateInput) => api.create(input),
    onSuccess: (created) => {
      queryClient.setQueryData(namespacesKeys.detail(created.id), created);
      void queryClient.invalidateQueries({ queryKey: namespacesKeys.lists() });
    },
  });
}
