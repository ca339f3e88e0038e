import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useOrganizationApi } from './organization-api';
import { organizationKeys } from './organization.keys';
import type { ApiTokenInput } from './organization.types';

export function useCreatePersonalAccessTokenMutation() {
  const api = useOrganizationApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiTokenInput) => api.createPersonalAccessToken(input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: organizationKeys.personalAccessTokens() });
    },
  });
}
