import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { organizationRequests } from './organization.requests';
import { organizationKeys } from './organization.keys';
import type { AbacConfigurationInput } from './organization.types';

export function useUpdateAbacConfigurationMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: { id: string } & AbacConfigurationInput) => organizationRequests.updateAbacConfiguration(client, id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKeys.abac() }),
  });
}
