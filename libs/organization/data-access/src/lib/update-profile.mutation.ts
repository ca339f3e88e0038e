import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionKeys, useApiClient } from '@terrace/session';
import { organizationRequests } from './organization.requests';
import { organizationKeys } from './organization.keys';
import type { ProfileInput } from './organization.types';

export function useUpdateProfileMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileInput) => organizationRequests.updateProfile(client, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: organizationKeys.currentUser() }),
        // The header's profile menu shows the name from the session's user.
        queryClient.invalidateQueries({ queryKey: sessionKeys.user() }),
      ]),
  });
}
