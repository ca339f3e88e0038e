import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@terrace/api-client';
import { templatesKeys } from './templates.keys';
import { templateNamespacesRequests } from './template-namespaces.requests';

// Templates and blueprints change through this domain's pages, whose mutations invalidate them.
const definitionStaleTime = 60_000;

/** One `queryOptions` per query: the key from the key factory, the request with the query's abort signal. */
export const templateNamespacesQueries = {
  templateMappings: (client: ApiClient, templateId: string) =>
    queryOptions({
      queryKey: templatesKeys.mappings('template', templateId),
      queryFn: ({ signal }) => templateNamespacesRequests.templateMappings(client, templateId, signal),
      staleTime: definitionStaleTime,
    }),
  blueprintMappings: (client: ApiClient, blueprintId: string) =>
    queryOptions({
      queryKey: templatesKeys.mappings('blueprint', blueprintId),
      queryFn: ({ signal }) => templateNamespacesRequests.blueprintMappings(client, blueprintId, signal),
      staleTime: definitionStaleTime,
    }),
};
