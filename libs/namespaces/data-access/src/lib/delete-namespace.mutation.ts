import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { namespacesKeys } from './namespaces.keys';
import { namespacesRequests } from './namespaces.requests';

export function useDeleteNamespaceMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (namespaceId: string) => namespacesRequests.remove(client, namespaceId),
    onSuccess: (_result, namespaceId) => {
      // The page of a deleted namespace must not refetch it (it would answer 404 and toast).
      queryClient.removeQueries({ queryKey: namespacesKeys.detail(namespaceId) });
      return queryClient.invalidateQueries({ queryKey: namespacesKeys.lists() });
    },
  });
}
