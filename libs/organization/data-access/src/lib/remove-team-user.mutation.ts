import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useOrganizationApi } from './organization-api';
import { organizationKeys } from './organization.keys';

export function useRemoveTeamUserMutation() {
  const api = useOrganizationApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ teamId, userEmail }: { teamId: string; userEmail: string }) => api.removeTeamUser(teamId, userEmail),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: organizationKeys.teams() });
    },
  });
}
