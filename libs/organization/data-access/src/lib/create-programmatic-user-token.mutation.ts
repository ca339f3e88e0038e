import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useOrganizationApi } from './organization-api';
import { organizationKeys } from './organization.keys';
import type { ProgrammaticTokenInput } from './organization.types';

export function useCreateProgrammaticUserTokenMutation() {
  const api = useOrganizationApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ programmaticUserId, ...input }: { programmaticUserId: string } & ProgrammaticTokenInput) => api.createProgrammaticUserToken(programmaticUserId, input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: organizationKeys.programmaticUsers() });
    },
  });
}
