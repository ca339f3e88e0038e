import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { organizationRequests } from './organization.requests';
import { organizationKeys } from './organization.keys';
import type { CustomRoleInput } from './organization.types';

export function useCreateCustomRoleMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CustomRoleInput) => organizationRequests.createCustomRole(client, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKeys.customRoles() }),
  });
}
