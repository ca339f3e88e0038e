import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useOrganizationApi } from './organization-api';
import { organizationKeys } from './organization.keys';

export function useDeleteCustomRoleMutation() {
  const api = useOrganizationApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (customRoleId: string) => api.deleteCustomRole(customRoleId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: organizationKeys.customRoles() });
      void queryClient.invalidateQueries({ queryKey: organizationKeys.users() });
    },
  });
}
