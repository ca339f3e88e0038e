import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { organizationRequests } from './organization.requests';

export function useGenerateMfaMutation() {
  const client = useApiClient();
  return useMutation({ mutationFn: () => organizationRequests.generateMfa(client) });
}
