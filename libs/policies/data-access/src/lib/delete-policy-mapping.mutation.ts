import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { policiesKeys } from './policies.keys';
import { policiesRequests } from './policies.requests';
import type { PolicyMapping } from './policies.types';
import { subjectOf } from './save-policy-mapping.mutation';

export function useDeletePolicyMappingMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mapping: PolicyMapping) => policiesRequests.removeMapping(client, mapping),
    onSuccess: (_result, mapping) => queryClient.invalidateQueries({ queryKey: policiesKeys.mappingsOf(subjectOf(mapping)) }),
  });
}
