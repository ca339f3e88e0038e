import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { templatesKeys } from './templates.keys';
import { templatesRequests } from './templates.requests';
import type { TemplateUpdate } from './templates.types';

// onSuccess returns its invalidations, so mutateAsync resolves once the shown lists are fresh.

export function useUpdateTemplateMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ templateId, input }: { templateId: string; input: TemplateUpdate }) => templatesRequests.updateTemplate(client, templateId, input),
    onSuccess: (updated) => {
      queryClient.setQueryData(templatesKeys.detail('template', updated.id), updated);
      return queryClient.invalidateQueries({ queryKey: templatesKeys.lists('template') });
    },
  });
}
