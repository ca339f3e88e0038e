import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { templatesKeys } from './templates.keys';
import { templateNamespacesRequests } from './template-namespaces.requests';
import type { TemplateKind } from './templates.types';

// onSuccess returns its invalidations, so mutateAsync resolves once the shown lists are fresh.

/** Makes a template or blueprint available in a namespace, or takes it away. */
export function useNamespaceMappingMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id, namespaceId, mapped }: { kind: TemplateKind; id: string; namespaceId: string; mapped: boolean }) => {
      if (kind === 'blueprint') {
        return mapped ? templateNamespacesRequests.mapBlueprint(client, id, namespaceId) : templateNamespacesRequests.unmapBlueprint(client, id, namespaceId);
      }
      return mapped ? templateNamespacesRequests.mapTemplate(client, id, namespaceId) : templateNamespacesRequests.unmapTemplate(client, id, namespaceId);
    },
    onSuccess: (_result, { kind, id }) => queryClient.invalidateQueries({ queryKey: templatesKeys.mappings(kind, id) }),
  });
}
