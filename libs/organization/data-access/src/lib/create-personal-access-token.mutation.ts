import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { organizationRequests } from './organization.requests';
import { organizationKeys } from './organization.keys';
import type { PersonalAccessTokenInput } from './organization.types';

export function useCreatePersonalAccessTokenMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PersonalAccessTokenInput) => organizationRequests.createPersonalAccessToken(client, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKeys.personalAccessTokens() }),
  });
}
