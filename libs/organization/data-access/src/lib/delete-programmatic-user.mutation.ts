import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { organizationRequests } from './organization.requests';
import { organizationKeys } from './organization.keys';

export function useDeleteProgrammaticUserMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (programmaticUserId: string) => organizationRequests.deleteProgrammaticUser(client, programmaticUserId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKeys.programmaticUsers() }),
  });
}
