import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useOrganizationApi } from './organization-api';
import { organizationKeys } from './organization.keys';

export function useChangeUserRoleMutation() {
  const api = useOrganizationApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: string }) => api.changeUserRole(userId, role),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: organizationKeys.users() });
    },
  });
}
