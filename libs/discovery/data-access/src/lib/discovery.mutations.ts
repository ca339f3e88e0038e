import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { discoveryKeys } from './discovery.keys';
import { discoveryRequests } from './discovery.requests';
import type { StackDiscoveryConfigurationInput, StackDiscoveryConfigurationUpdate } from './discovery.types';

// Every onSuccess returns its invalidations, so mutateAsync resolves once the shown lists are fresh.

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

/** Scans now; the configuration (its status) and its events are read again. */
export function useRunDiscoveryMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => discoveryRequests.run(client, id),
    onSuccess: (_event, id) => Promise.all([queryClient.invalidateQueries({ queryKey: discoveryKeys.detail(id) }), queryClient.invalidateQueries({ queryKey: discoveryKeys.lists() })]),
  });
}

/** Accepts (creates the stack) or dismisses a proposed stack; the configuration's proposals are read again. */
export function useDecideProposalMutation(configurationId: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ proposalId, decision }: { proposalId: string; decision: 'accept' | 'dismiss' }) => discoveryRequests.decideProposal(client, proposalId, decision),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: discoveryKeys.proposalLists(configurationId) }),
  });
}
