import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useOrganizationApi } from './organization-api';
import { organizationKeys } from './organization.keys';
import type { CustomRoleInput } from './organization.types';

export function useCreateCustomRoleMutation() {
  const api = useOrganizationApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CustomRoleInput) => api.createCustomRole(input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: organizationKeys.customRoles() });
    },
  });
}
