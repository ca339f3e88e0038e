import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { namespacesKeys } from './namespaces.keys';
import { namespacesRequests } from './namespaces.requests';
import type { NamespaceCreateInput } from './namespaces.types';

export function useCreateNamespaceMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NamespaceCreateInput) => namespacesRequests.create(client, input),
    // Awaited, so the caller navigates once the lists are fresh.
    onSuccess: (created) => {
      queryClient.setQueryData(namespacesKeys.detail(created.id), created);
      return queryClient.invalidateQueries({ queryKey: namespacesKeys.lists() });
    },
  });
}
