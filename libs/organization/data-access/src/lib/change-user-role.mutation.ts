import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useOrganizationApi } from './organization-api';
import { organizationKeys } from './organization.keys';
import type { ChangeUserRoleInput } from './organization.types';

export function useChangeUserRoleMutation() {
  const api = useOrganizationApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, ...input }: { userId: string } & ChangeUserRoleInput) => api.changeUserRole(userId, input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: organizationKeys.users() });
    },
  });
}
