import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useOrganizationApi } from './organization-api';
import { organizationKeys } from './organization.keys';

export function useDeleteAbacConfigurationMutation() {
  const api = useOrganizationApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.deleteAbacConfiguration(id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: organizationKeys.abac() });
    },
  });
}
