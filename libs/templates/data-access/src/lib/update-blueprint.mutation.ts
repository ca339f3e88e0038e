import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { templatesKeys } from './templates.keys';
import { templatesRequests } from './templates.requests';
import type { BlueprintUpdate } from './templates.types';

// onSuccess returns its invalidations, so mutateAsync resolves once the shown lists are fresh.

export function useUpdateBlueprintMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ blueprintId, input }: { blueprintId: string; input: BlueprintUpdate }) => templatesRequests.updateBlueprint(client, blueprintId, input),
    onSuccess: (updated) => {
      queryClient.setQueryData(templatesKeys.detail('blueprint', updated.id), updated);
      return queryClient.invalidateQueries({ queryKey: templatesKeys.lists('blueprint') });
    },
  });
}
