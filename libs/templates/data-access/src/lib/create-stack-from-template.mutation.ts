import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { stacksKeys } from '@terrace/stacks/data-access';
import { templateStacksRequests } from './template-stacks.requests';
import type { StackFromTemplateInput } from './templates.types';

// onSuccess returns its invalidations, so mutateAsync resolves once the shown lists are fresh.

/** Creates an ephemeral stack from a template; the stacks lists show it after. */
export function useCreateStackFromTemplateMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StackFromTemplateInput) => templateStacksRequests.stackFromTemplate(client, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stacksKeys.lists() }),
  });
}
