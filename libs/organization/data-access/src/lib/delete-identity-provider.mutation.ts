import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useOrganizationApi } from './organization-api';
import { organizationKeys } from './organization.keys';

export function useDeleteIdentityProviderMutation() {
  const api = useOrganizationApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.deleteIdentityProvider(),
    onSuccess: () => {
      queryClient.setQueryData(organizationKeys.sso(), null);
    },
  });
}
