import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useOrganizationApi } from './organization-api';
import { organizationKeys } from './organization.keys';
import type { SsoConfigurationInput } from './organization.types';

export function useUpdateSsoConfigurationMutation() {
  const api = useOrganizationApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SsoConfigurationInput) => api.updateSsoConfiguration(input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: organizationKeys.sso() });
    },
  });
}
