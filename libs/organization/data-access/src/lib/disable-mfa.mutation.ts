import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useOrganizationApi } from './organization-api';
import { organizationKeys } from './organization.keys';

export function useDisableMfaMutation() {
  const api = useOrganizationApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mfaCode: string) => api.disableMfa(mfaCode),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: organizationKeys.currentUser() });
      void queryClient.invalidateQueries({ queryKey: organizationKeys.users() });
    },
  });
}
