import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { organizationRequests } from './organization.requests';
import { organizationKeys } from './organization.keys';

export function useRevokePersonalAccessTokenMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: string) => organizationRequests.revokePersonalAccessToken(client, tokenId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKeys.personalAccessTokens() }),
  });
}
