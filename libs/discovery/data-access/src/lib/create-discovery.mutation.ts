import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { discoveryKeys } from './discovery.keys';
import { discoveryRequests } from './discovery.requests';
import type { StackDiscoveryConfigurationInput } from './discovery.types';

// onSuccess returns its invalidations, so mutateAsync resolves once the shown lists are fresh.

export function useCreateDiscoveryMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StackDiscoveryConfigurationInput) => discoveryRequests.create(client, input),
    onSuccess: (created) => {
      queryClient.setQueryData(discoveryKeys.detail(created.id), created);
      return queryClient.invalidateQueries({ queryKey: discoveryKeys.lists() });
    },
  });
}
