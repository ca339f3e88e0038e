import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@terrace/api-client';
import { templatesKeys } from './templates.keys';
import { templatesRequests } from './templates.requests';
import { type TemplateListFilters } from './templates.types';

// Templates and blueprints change through this domain's pages, whose mutations invalidate them.
const definitionStaleTime = 60_000;

/** One `queryOptions` per query: the key from the key factory, the request with the query's abort signal. */
export const templatesQueries = {
  templates: (client: ApiClient, filters: TemplateListFilters) =>
    queryOptions({
      queryKey: templatesKeys.list('template', filters),
      queryFn: ({ signal }) => templatesRequests.templates(client, filters, signal),
      staleTime: definitionStaleTime,
      placeholderData: keepPreviousData,
    }),
  template: (client: ApiClient, templateId: string) =>
    queryOptions({
      queryKey: templatesKeys.detail('template', templateId),
      queryFn: ({ signal }) => templatesRequests.template(client, templateId, signal),
      staleTime: definitionStaleTime,
    }),
  blueprints: (client: ApiClient, filters: TemplateListFilters) =>
    queryOptions({
      queryKey: templatesKeys.list('blueprint', filters),
      queryFn: ({ signal }) => templatesRequests.blueprints(client, filters, signal),
      staleTime: definitionStaleTime,
      placeholderData: keepPreviousData,
    }),
  blueprint: (client: ApiClient, blueprintId: string) =>
    queryOptions({
      queryKey: templatesKeys.detail('blueprint', blueprintId),
      queryFn: ({ signal }) => templatesRequests.blueprint(client, blueprintId, signal),
      staleTime: definitionStaleTime,
    }),
};
