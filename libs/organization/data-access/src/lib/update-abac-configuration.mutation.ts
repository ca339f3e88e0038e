import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useOrganizationApi } from './organization-api';
import { organizationKeys } from './organization.keys';
import type { AbacConfigurationInput } from './organization.types';

export function useUpdateAbacConfigurationMutation() {
  const api = useOrganizationApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: { id: string } & AbacConfigurationInput) => api.updateAbacConfiguration(id, input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: organizationKeys.abac() });
    },
  });
}
