import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { policiesKeys } from './policies.keys';
import { policiesRequests } from './policies.requests';

export function useDeleteControlPolicyMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (controlPolicyId: string) => policiesRequests.remove(client, controlPolicyId),
    onSuccess: (_result, controlPolicyId) => {
      // A deleted policy's pages must not refetch it (a 404 would toast).
      queryClient.removeQueries({ queryKey: policiesKeys.detail(controlPolicyId) });
      queryClient.removeQueries({ queryKey: policiesKeys.mappingsOf({ kind: 'policy', id: controlPolicyId }) });
      // Groups list the policy too.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: policiesKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: policiesKeys.groups() }),
      ]);
    },
  });
}
