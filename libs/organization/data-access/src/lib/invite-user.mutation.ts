import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useOrganizationApi } from './organization-api';
import { organizationKeys } from './organization.keys';
import type { InviteUserInput } from './organization.types';

export function useInviteUserMutation() {
  const api = useOrganizationApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteUserInput) => api.inviteUser(input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: organizationKeys.users() });
    },
  });
}
