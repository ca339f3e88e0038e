import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { policiesKeys } from './policies.keys';
import { policiesRequests } from './policies.requests';
import type { ControlPolicyUpdate } from './policies.types';

export function useUpdateControlPolicyMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ controlPolicyId, input }: { controlPolicyId: string; input: ControlPolicyUpdate }) =>
      policiesRequests.update(client, controlPolicyId, input),
    onSuccess: (updated) => {
      queryClient.setQueryData(policiesKeys.detail(updated.id), updated);
      return queryClient.invalidateQueries({ queryKey: policiesKeys.lists() });
    },
  });
}
