import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useOrganizationApi } from './organization-api';
import { organizationKeys } from './organization.keys';
import type { CustomRoleUpdateInput } from './organization.types';

export function useUpdateCustomRoleMutation() {
  const api = useOrganizationApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ customRoleId, ...input }: { customRoleId: string } & CustomRoleUpdateInput) => api.updateCustomRole(customRoleId, input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: organizationKeys.customRoles() });
    },
  });
}
