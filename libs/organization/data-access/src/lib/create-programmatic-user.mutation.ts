import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useOrganizationApi } from './organization-api';
import { organizationKeys } from './organization.keys';
import type { ProgrammaticUserInput } from './organization.types';

export function useCreateProgrammaticUserMutation() {
  const api = useOrganizationApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProgrammaticUserInput) => api.createProgrammaticUser(input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: organizationKeys.programmaticUsers() });
    },
  });
}
