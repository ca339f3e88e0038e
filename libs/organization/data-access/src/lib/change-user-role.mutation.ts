import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { organizationRequests } from './organization.requests';
import { organizationKeys } from './organization.keys';

export function useChangeUserRoleMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: string }) => organizationRequests.changeUserRole(client, userId, role),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKeys.users() }),
  });
}
