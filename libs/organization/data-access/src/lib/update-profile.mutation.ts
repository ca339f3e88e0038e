import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionKeys } from '@terrace/session';
import { useOrganizationApi } from './organization-api';
import { organizationKeys } from './organization.keys';
import type { ProfileInput } from './organization.types';

export function useUpdateProfileMutation() {
  const api = useOrganizationApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileInput) => api.updateProfile(input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: organizationKeys.currentUser() });
      // The header's profile menu shows the name from the session's user.
      void queryClient.invalidateQueries({ queryKey: sessionKeys.user() });
    },
  });
}
