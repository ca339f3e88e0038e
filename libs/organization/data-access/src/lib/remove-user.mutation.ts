import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useOrganizationApi } from './organization-api';
import { organizationKeys } from './organization.keys';

export function useRemoveUserMutation() {
  const api = useOrganizationApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api.removeUser(userId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: organizationKeys.users() });
      void queryClient.invalidateQueries({ queryKey: organizationKeys.teams() });
    },
  });
}
