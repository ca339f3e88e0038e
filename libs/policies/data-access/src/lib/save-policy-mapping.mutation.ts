import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { policiesKeys } from './policies.keys';
import { policiesRequests } from './policies.requests';
import type { PolicyMapping, PolicySubject } from './policies.types';

export function subjectOf(mapping: PolicyMapping): PolicySubject {
  return 'controlPolicyGroupId' in mapping ? { kind: 'group', id: mapping.controlPolicyGroupId } : { kind: 'policy', id: mapping.controlPolicyId };
}

/** Creates a mapping, or replaces the one with the same target when `existing` is set. */
export function useSavePolicyMappingMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ mapping, existing }: { mapping: PolicyMapping; existing?: boolean }) =>
      existing ? policiesRequests.updateMapping(client, mapping) : policiesRequests.createMapping(client, mapping),
    onSuccess: (_saved, { mapping }) => queryClient.invalidateQueries({ queryKey: policiesKeys.mappingsOf(subjectOf(mapping)) }),
  });
}
