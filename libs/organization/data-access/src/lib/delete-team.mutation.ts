import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { organizationRequests } from './organization.requests';
import { organizationKeys } from './organization.keys';

export function useDeleteTeamMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (teamId: string) => organizationRequests.deleteTeam(client, teamId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKeys.teams() }),
  });
}
