import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { organizationRequests } from './organization.requests';
import { organizationKeys } from './organization.keys';
import type { CustomRoleUpdateInput } from './organization.types';

export function useUpdateCustomRoleMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ customRoleId, ...input }: { customRoleId: string } & CustomRoleUpdateInput) => organizationRequests.updateCustomRole(client, customRoleId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKeys.customRoles() }),
  });
}
