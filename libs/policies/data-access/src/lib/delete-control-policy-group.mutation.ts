import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { policiesKeys } from './policies.keys';
import { policiesRequests } from './policies.requests';

export function useDeleteControlPolicyGroupMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (controlPolicyGroupId: string) => policiesRequests.removeGroup(client, controlPolicyGroupId),
    onSuccess: (_result, controlPolicyGroupId) => {
      queryClient.removeQueries({ queryKey: policiesKeys.group(controlPolicyGroupId) });
      queryClient.removeQueries({ queryKey: policiesKeys.mappingsOf({ kind: 'group', id: controlPolicyGroupId }) });
      return queryClient.invalidateQueries({ queryKey: [...policiesKeys.groups(), 'list'] });
    },
  });
}
