import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { variablesKeys } from './variables.keys';
import { variablesRequests } from './variables.requests';
import type { VariableBatch, VariableInput, VariableUpdate } from './variables.types';

// A variable set at one place is inherited by every narrower one, so each change refreshes every
// list and effective view. A scan's "already set" marks are only marked stale: the next scan reads
// the code again, the open one does not clone the repository twice. Each onSuccess returns its
// invalidations, so mutateAsync resolves once what is shown is fresh.
function useSettle() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: variablesKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: variablesKeys.effectives() }),
      queryClient.invalidateQueries({ queryKey: variablesKeys.scans(), refetchType: 'none' }),
    ]);
}

export function useCreateVariableMutation() {
  const client = useApiClient();
  const settle = useSettle();
  return useMutation({ mutationFn: (input: VariableInput) => variablesRequests.create(client, input), onSuccess: settle });
}

export function useUpdateVariableMutation() {
  const client = useApiClient();
  const settle = useSettle();
  return useMutation({
    mutationFn: ({ variableId, input }: { variableId: string; input: VariableUpdate }) => variablesRequests.update(client, variableId, input),
    onSuccess: settle,
  });
}

/** Several variables of one place in one call (the proposals of a scan). */
export function useAddVariablesMutation() {
  const client = useApiClient();
  const settle = useSettle();
  return useMutation({ mutationFn: (batch: VariableBatch) => variablesRequests.upsertMany(client, batch), onSuccess: settle });
}

export function useDeleteVariableMutation() {
  const client = useApiClient();
  const settle = useSettle();
  return useMutation({ mutationFn: (variableId: string) => variablesRequests.remove(client, variableId), onSuccess: settle });
}

/**
 * Reads a sensitive value on the user's request. A mutation, not a query: the value is never kept
 * in the cache, and each reveal is a call the server records in the audit log.
 */
export function useRevealVariableMutation() {
  const client = useApiClient();
  return useMutation({ mutationFn: (variableId: string) => variablesRequests.secretValue(client, variableId), gcTime: 0 });
}
