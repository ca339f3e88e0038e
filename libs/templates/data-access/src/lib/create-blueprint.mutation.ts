import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { templatesKeys } from './templates.keys';
import { templatesRequests } from './templates.requests';
import type { BlueprintInput } from './templates.types';

// onSuccess returns its invalidations, so mutateAsync resolves once the shown lists are fresh.

export function useCreateBlueprintMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BlueprintInput) => templatesRequests.createBlueprint(client, input),
    onSuccess: (created) => {
      queryClient.setQueryData(templatesKeys.detail('blueprint', created.id), created);
      return queryClient.invalidateQueries({ queryKey: templatesKeys.lists('blueprint') });
    },
  });
}
