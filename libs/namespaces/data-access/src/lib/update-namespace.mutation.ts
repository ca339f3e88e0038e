import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { namespacesKeys } from './namespaces.keys';
import { namespacesRequests } from './namespaces.requests';
import type { NamespaceUpdateInput } from './namespaces.types';

export function useUpdateNamespaceMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ namespaceId, input }: { namespaceId: string; input: NamespaceUpdateInput }) =>
      namespacesRequests.update(client, namespaceId, input),
    onSuccess: (updated) => {
      queryClient.setQueryData(namespacesKeys.detail(updated.id), updated);
      return queryClient.invalidateQueries({ queryKey: namespacesKeys.lists() });
    },
  });
}
