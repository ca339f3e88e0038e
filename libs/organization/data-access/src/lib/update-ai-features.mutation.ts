import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { organizationRequests } from './organization.requests';
import { organizationKeys } from './organization.keys';
import type { AiFeaturesConfiguration } from './organization.types';

export function useUpdateAiFeaturesMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AiFeaturesConfiguration) => organizationRequests.updateConfiguration(client, { aiFeaturesConfiguration: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKeys.configuration() }),
  });
}
