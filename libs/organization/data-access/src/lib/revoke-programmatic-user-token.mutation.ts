import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useOrganizationApi } from './organization-api';
import { organizationKeys } from './organization.keys';

export function useRevokeProgrammaticUserTokenMutation() {
  const api = useOrganizationApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ programmaticUserId, tokenId }: { programmaticUserId: string; tokenId: string }) => api.revokeProgrammaticUserToken(programmaticUserId, tokenId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: organizationKeys.programmaticUsers() });
    },
  });
}
