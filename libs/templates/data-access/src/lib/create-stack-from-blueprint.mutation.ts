import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { stacksKeys } from '@terrace/stacks/data-access';
import { templateStacksRequests } from './template-stacks.requests';
import type { StackFromBlueprintInput } from './templates.types';

// onSuccess returns its invalidations, so mutateAsync resolves once the shown lists are fresh.

/** Creates a persistent stack from a blueprint: the server opens a pull request, whose status the page then polls. */
export function useCreateStackFromBlueprintMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StackFromBlueprintInput) => templateStacksRequests.stackFromBlueprint(client, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stacksKeys.lists() }),
  });
}
