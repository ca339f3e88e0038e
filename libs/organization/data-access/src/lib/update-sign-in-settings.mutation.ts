import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useOrganizationApi } from './organization-api';
import { organizationKeys } from './organization.keys';
import type { SignInSettings } from './organization.types';

export function useUpdateSignInSettingsMutation() {
  const api = useOrganizationApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Partial<SignInSettings>) => api.updateSignInSettings(input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: organizationKeys.signInSettings() });
    },
  });
}
