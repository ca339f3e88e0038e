import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { organizationRequests } from './organization.requests';
import { organizationKeys } from './organization.keys';
import type { TeamInput } from './organization.types';

export function useUpdateTeamMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ teamId, ...input }: { teamId: string } & Partial<TeamInput>) => organizationRequests.updateTeam(client, teamId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKeys.teams() }),
  });
}
