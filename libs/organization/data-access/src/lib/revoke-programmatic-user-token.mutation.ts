import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { organizationRequests } from './organization.requests';
import { organizationKeys } from './organization.keys';

export function useRevokeProgrammaticUserTokenMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ programmaticUserId, tokenId }: { programmaticUserId: string; tokenId: string }) => organizationRequests.revokeProgrammaticUserToken(client, programmaticUserId, tokenId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKeys.programmaticUsers() }),
  });
}
