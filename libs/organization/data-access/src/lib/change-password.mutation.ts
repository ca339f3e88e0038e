import { useMutation } from '@tanstack/react-query';
import { useOrganizationApi } from './organization-api';
import type { PasswordChangeInput } from './organization.types';

export function useChangePasswordMutation() {
  const api = useOrganizationApi();
  return useMutation({ mutationFn: (input: PasswordChangeInput) => api.changePassword(input) });
}
