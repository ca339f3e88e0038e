import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useOrganizationApi } from './organization-api';
import { organizationKeys } from './organization.keys';
import type { TeamInput } from './organization.types';

export function useCreateTeamMutation() {
  const api = useOrganizationApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TeamInput) => api.createTeam(input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: organizationKeys.teams() });
    },
  });
}
