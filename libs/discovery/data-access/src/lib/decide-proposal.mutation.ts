import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { discoveryKeys } from './discovery.keys';
import { discoveryScansRequests } from './discovery-scans.requests';

// onSuccess returns its invalidations, so mutateAsync resolves once the shown lists are fresh.

/** Accepts (creates the stack) or dismisses a proposed stack; the configuration's proposals are read again. */
export function useDecideProposalMutation(configurationId: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ proposalId, decision }: { proposalId: string; decision: 'accept' | 'dismiss' }) => discoveryScansRequests.decideProposal(client, proposalId, decision),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: discoveryKeys.proposalLists(configurationId) }),
  });
}
