import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { organizationRequests } from './organization.requests';
import { organizationKeys } from './organization.keys';

export function useDeleteIdentityProviderMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => organizationRequests.deleteIdentityProvider(client),
    onSuccess: () => {
      queryClient.setQueryData(organizationKeys.sso(), null);
    },
  });
}
