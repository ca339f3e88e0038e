import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { organizationRequests } from './organization.requests';
import { organizationKeys } from './organization.keys';

export function useDeleteAbacConfigurationMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => organizationRequests.deleteAbacConfiguration(client, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKeys.abac() }),
  });
}
