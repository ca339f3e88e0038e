import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { organizationRequests } from './organization.requests';
import { organizationKeys } from './organization.keys';
import type { ProgrammaticTokenInput } from './organization.types';

export function useCreateProgrammaticUserTokenMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ programmaticUserId, ...input }: { programmaticUserId: string } & ProgrammaticTokenInput) => organizationRequests.createProgrammaticUserToken(client, programmaticUserId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKeys.programmaticUsers() }),
  });
}
