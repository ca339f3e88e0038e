import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useOrganizationApi } from './organization-api';
import { organizationKeys } from './organization.keys';
import type { ApiTokenInput } from './organization.types';

export function useCreateProgrammaticUserTokenMutation() {
  const api = useOrganizationApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ programmaticUserId, ...input }: { programmaticUserId: string } & ApiTokenInput) => api.createProgrammaticUserToken(programmaticUserId, input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: organizationKeys.programmaticUsers() });
    },
  });
}
