import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { discoveryKeys } from './discovery.keys';
import { discoveryRequests } from './discovery.requests';

// onSuccess returns its invalidations, so mutateAsync resolves once the shown lists are fresh.

export function useDeleteDiscoveryMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => discoveryRequests.remove(client, id),
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: discoveryKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: discoveryKeys.lists() });
    },
  });
}
