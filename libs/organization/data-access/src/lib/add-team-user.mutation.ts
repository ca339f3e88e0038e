import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useOrganizationApi } from './organization-api';
import { organizationKeys } from './organization.keys';

export function useAddTeamUserMutation() {
  const api = useOrganizationApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ teamId, userEmail }: { teamId: string; userEmail: string }) => api.addTeamUser(teamId, userEmail),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: organizationKeys.teams() });
    },
  });
}
