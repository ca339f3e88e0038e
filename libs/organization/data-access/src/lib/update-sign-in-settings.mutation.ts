import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { organizationRequests } from './organization.requests';
import { organizationKeys } from './organization.keys';
import type { SignInSettings } from './organization.types';

export function useUpdateSignInSettingsMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Partial<SignInSettings>) => organizationRequests.updateSignInSettings(client, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKeys.signInSettings() }),
  });
}
