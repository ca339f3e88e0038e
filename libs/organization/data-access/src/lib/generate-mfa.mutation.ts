import { useMutation } from '@tanstack/react-query';
import { useOrganizationApi } from './organization-api';

export function useGenerateMfaMutation() {
  const api = useOrganizationApi();
  return useMutation({ mutationFn: () => api.generateMfa() });
}
