import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useOrganizationApi } from './organization-api';
import { organizationKeys } from './organization.keys';
import type { AbacConfigurationInput } from './organization.types';

export function useCreateAbacConfigurationMutation() {
  const api = useOrganizationApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AbacConfigurationInput) => api.createAbacConfiguration(input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: organizationKeys.abac() });
    },
  });
}
