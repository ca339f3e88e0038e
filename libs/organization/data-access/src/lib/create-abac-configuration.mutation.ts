import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { organizationRequests } from './organization.requests';
import { organizationKeys } from './organization.keys';
import type { AbacConfigurationInput } from './organization.types';

export function useCreateAbacConfigurationMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AbacConfigurationInput) => organizationRequests.createAbacConfiguration(client, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKeys.abac() }),
  });
}
