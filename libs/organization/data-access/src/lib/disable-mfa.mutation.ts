import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { organizationRequests } from './organization.requests';
import { organizationKeys } from './organization.keys';

export function useDisableMfaMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mfaCode: string) => organizationRequests.disableMfa(client, mfaCode),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: organizationKeys.currentUser() }),
        queryClient.invalidateQueries({ queryKey: organizationKeys.users() }),
      ]),
  });
}
