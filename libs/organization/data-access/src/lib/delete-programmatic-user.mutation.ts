import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useOrganizationApi } from './organization-api';
import { organizationKeys } from './organization.keys';

export function useDeleteProgrammaticUserMutation() {
  const api = useOrganizationApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (programmaticUserId: string) => api.deleteProgrammaticUser(programmaticUserId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: organizationKeys.programmaticUsers() });
    },
  });
}
