import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useOrganizationApi } from './organization-api';
import { organizationKeys } from './organization.keys';
import type { TeamInput } from './organization.types';

export function useUpdateTeamMutation() {
  const api = useOrganizationApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ teamId, ...input }: { teamId: string } & Partial<TeamInput>) => api.updateTeam(teamId, input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: organizationKeys.teams() });
    },
  });
}
