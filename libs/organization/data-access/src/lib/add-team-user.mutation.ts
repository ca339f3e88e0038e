import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { organizationRequests } from './organization.requests';
import { organizationKeys } from './organization.keys';

export function useAddTeamUserMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ teamId, userEmail }: { teamId: string; userEmail: string }) => organizationRequests.addTeamUser(client, teamId, userEmail),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKeys.teams() }),
  });
}
