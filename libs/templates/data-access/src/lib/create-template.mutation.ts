import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { templatesKeys } from './templates.keys';
import { templatesRequests } from './templates.requests';
import type { TemplateInput } from './templates.types';

// onSuccess returns its invalidations, so mutateAsync resolves once the shown lists are fresh.

export function useCreateTemplateMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TemplateInput) => templatesRequests.createTemplate(client, input),
    onSuccess: (created) => {
      queryClient.setQueryData(templatesKeys.detail('template', created.id), created);
      return queryClient.invalidateQueries({ queryKey: templatesKeys.lists('template') });
    },
  });
}
