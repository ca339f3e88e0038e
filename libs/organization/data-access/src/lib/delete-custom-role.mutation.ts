import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { organizationRequests } from './organization.requests';
import { organizationKeys } from './organization.keys';

export function useDeleteCustomRoleMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (customRoleId: string) => organizationRequests.deleteCustomRole(client, customRoleId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: organizationKeys.customRoles() }),
        queryClient.invalidateQueries({ queryKey: organizationKeys.users() }),
      ]),
  });
}
