import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { organizationRequests } from './organization.requests';
import { organizationKeys } from './organization.keys';
import type { ProgrammaticUserInput } from './organization.types';

export function useCreateProgrammaticUserMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProgrammaticUserInput) => organizationRequests.createProgrammaticUser(client, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKeys.programmaticUsers() }),
  });
}
