import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { discoveryKeys } from './discovery.keys';
import { discoveryScansRequests } from './discovery-scans.requests';

// onSuccess returns its invalidations, so mutateAsync resolves once the shown lists are fresh.

/** Scans now; the configuration (its status) and its events are read again. */
export function useRunDiscoveryMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => discoveryScansRequests.run(client, id),
    onSuccess: (_event, id) => Promise.all([queryClient.invalidateQueries({ queryKey: discoveryKeys.detail(id) }), queryClient.invalidateQueries({ queryKey: discoveryKeys.lists() })]),
  });
}
