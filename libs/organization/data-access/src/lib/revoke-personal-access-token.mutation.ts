import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useOrganizationApi } from './organization-api';
import { organizationKeys } from './organization.keys';

export function useRevokePersonalAccessTokenMutation() {
  const api = useOrganizationApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: string) => api.revokePersonalAccessToken(tokenId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: organizationKeys.personalAccessTokens() });
    },
  });
}
