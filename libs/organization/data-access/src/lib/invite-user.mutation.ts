import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { organizationRequests } from './organization.requests';
import { organizationKeys } from './organization.keys';
import type { InviteUserInput } from './organization.types';

export function useInviteUserMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteUserInput) => organizationRequests.inviteUser(client, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKeys.users() }),
  });
}
