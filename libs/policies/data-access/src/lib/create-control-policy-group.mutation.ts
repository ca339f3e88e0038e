import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { policiesKeys } from './policies.keys';
import { policiesRequests } from './policies.requests';
import type { ControlPolicyGroupInput } from './policies.types';

export function useCreateControlPolicyGroupMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ControlPolicyGroupInput) => policiesRequests.createGroup(client, input),
    onSuccess: (created) => {
      queryClient.setQueryData(policiesKeys.group(created.id), created);
      return queryClient.invalidateQueries({ queryKey: [...policiesKeys.groups(), 'list'] });
    },
  });
}
