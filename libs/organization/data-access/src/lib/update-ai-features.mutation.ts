import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useOrganizationApi } from './organization-api';
import { organizationKeys } from './organization.keys';
import type { AiFeaturesConfiguration } from './organization.types';

export function useUpdateAiFeaturesMutation() {
  const api = useOrganizationApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AiFeaturesConfiguration) => api.updateConfiguration({ aiFeaturesConfiguration: input }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: organizationKeys.configuration() });
    },
  });
}
