import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { discoveryKeys } from './discovery.keys';
import { discoveryRequests } from './discovery.requests';
import type { StackDiscoveryConfigurationUpdate } from './discovery.types';

// onSuccess returns its invalidations, so mutateAsync resolves once the shown lists are fresh.

export function useUpdateDiscoveryMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: StackDiscoveryConfigurationUpdate }) => discoveryRequests.update(client, id, input),
    onSuccess: (updated) => {
      queryClient.setQueryData(discoveryKeys.detail(updated.id), updated);
      return queryClient.invalidateQueries({ queryKey: discoveryKeys.lists() });
    },
  });
}
