import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { templatesKeys } from './templates.keys';
import { templatesRequests } from './templates.requests';
import type { TemplateKind } from './templates.types';

// onSuccess returns its invalidations, so mutateAsync resolves once the shown lists are fresh.

/** Deletes a template or a blueprint (by its kind) and drops its cached detail so its page does not refetch a 404. */
export function useDeleteTemplateMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id }: { kind: TemplateKind; id: string }) =>
      kind === 'blueprint' ? templatesRequests.removeBlueprint(client, id) : templatesRequests.removeTemplate(client, id),
    onSuccess: (_result, { kind, id }) => {
      queryClient.removeQueries({ queryKey: templatesKeys.detail(kind, id) });
      return queryClient.invalidateQueries({ queryKey: templatesKeys.lists(kind) });
    },
  });
}
