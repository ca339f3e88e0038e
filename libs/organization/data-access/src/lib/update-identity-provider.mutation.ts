import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { organizationRequests } from './organization.requests';
import { organizationKeys } from './organization.keys';
import type { IdentityProviderInput } from './organization.types';

export function useUpdateIdentityProviderMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: IdentityProviderInput) => organizationRequests.updateIdentityProvider(client, input),
    onSuccess: (saved) => {
      queryClient.setQueryData(organizationKeys.sso(), saved);
    },
  });
}
