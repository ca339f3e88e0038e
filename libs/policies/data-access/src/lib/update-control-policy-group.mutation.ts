import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { policiesKeys } from './policies.keys';
import { policiesRequests } from './policies.requests';
import type { ControlPolicyGroupUpdate } from './policies.types';

export function useUpdateControlPolicyGroupMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ controlPolicyGroupId, input }: { controlPolicyGroupId: string; input: ControlPolicyGroupUpdate }) =>
      policiesRequests.updateGroup(client, controlPolicyGroupId, input),
    onSuccess: (updated) => {
      queryClient.setQueryData(policiesKeys.group(updated.id), updated);
      return queryClient.invalidateQueries({ queryKey: [...policiesKeys.groups(), 'list'] });
    },
  });
}
