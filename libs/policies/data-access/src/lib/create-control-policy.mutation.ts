import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { policiesKeys } from './policies.keys';
import { policiesRequests } from './policies.requests';
import type { ControlPolicyInput } from './policies.types';

export function useCreateControlPolicyMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ControlPolicyInput) => policiesRequests.create(client, input),
    // Awaited, so the caller navigates once the lists are fresh.
    onSuccess: (created) => {
      queryClient.setQueryData(policiesKeys.detail(created.id), created);
      return queryClient.invalidateQueries({ queryKey: policiesKeys.lists() });
    },
  });
}
