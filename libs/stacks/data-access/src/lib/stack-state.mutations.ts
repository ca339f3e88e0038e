import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { stackStateKeys } from './stack-state.keys';
import { stackStateRequests } from './stack-state.requests';

// Each onSuccess returns its invalidations, so mutateAsync resolves once the state views are fresh.

export function useRollbackStackStateMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ stackId, stateVersionId }: { stackId: string; stateVersionId: string }) => stackStateRequests.rollback(client, stackId, stateVersionId),
    onSuccess: (_version, { stackId }) => queryClient.invalidateQueries({ queryKey: stackStateKeys.all(stackId) }),
    // Refused while the state is locked: show the locks, the one that refused it among them.
    onError: (_error, { stackId }) => queryClient.invalidateQueries({ queryKey: stackStateKeys.locks(stackId) }),
  });
}

export function useForceUnlockStackStateMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ stackId, lockId }: { stackId: string; lockId: string }) => stackStateRequests.forceUnlock(client, stackId, lockId),
    // Refused when the lock was taken again since: either way the locks shown must be the current ones.
    onSettled: (_result, _error, { stackId }) => queryClient.invalidateQueries({ queryKey: stackStateKeys.locks(stackId) }),
  });
}

/** Reads a version's state file for a download: an audited read, never cached. */
export function useStateVersionContentMutation() {
  const client = useApiClient();
  return useMutation({
    mutationFn: ({ stackId, stateVersionId }: { stackId: string; stateVersionId: string }) => stackStateRequests.content(client, stackId, stateVersionId),
  });
}

/** Reveals a sensitive output's value: an audited read, never cached. */
export function useRevealStackOutputMutation() {
  const client = useApiClient();
  return useMutation({
    mutationFn: ({ stackId, name }: { stackId: string; name: string }) => stackStateRequests.outputValue(client, stackId, name),
  });
}
