import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useOrganizationApi } from './organization-api';
import { organizationKeys } from './organization.keys';
import type { IdentityProviderInput } from './organization.types';

export function useUpdateIdentityProviderMutation() {
  const api = useOrganizationApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: IdentityProviderInput) => api.updateIdentityProvider(input),
    onSuccess: (saved) => {
      queryClient.setQueryData(organizationKeys.sso(), saved);
    },
  });
}
