import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { organizationKeys } from './organization.keys';
import { organizationRequests } from './organization.requests';
import type { TerraformLoginAuthorization } from './organization.types';

/** Approves `terraform login`: answers the CLI's redirect address (the token is made when the CLI exchanges the code). */
export function useAuthorizeTerraformLoginMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TerraformLoginAuthorization) => organizationRequests.authorizeTerraformLogin(client, input),
    // The token appears in the list once the CLI has exchanged the code: refresh it when the page is seen again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKeys.personalAccessTokens() }),
  });
}
