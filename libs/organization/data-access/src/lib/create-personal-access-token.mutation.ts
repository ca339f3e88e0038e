import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useOrganizationApi } from './organization-api';
import { organizationKeys } from './organization.keys';
import type { PersonalAccessTokenInput } from './organization.types';

export function useCreatePersonalAccessTokenMutation() {
  const api = useOrganizationApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PersonalAccessTokenInput) => api.createPersonalAccessToken(input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: organizationKeys.personalAccessTokens() });
    },
  });
}
