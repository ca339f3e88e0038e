import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { organizationRequests } from './organization.requests';
import type { PasswordChangeInput } from './organization.types';

export function useChangePasswordMutation() {
  const client = useApiClient();
  return useMutation({ mutationFn: (input: PasswordChangeInput) => organizationRequests.changePassword(client, input) });
}
