import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@terrace/api-client';
import { templatesKeys } from './templates.keys';
import { templatesRequests } from './templates.requests';
import { finalInitStatuses, type DependencyGraphScope, type EventFilters, type TemplateListFilters } from './templates.types';

// Templates and blueprints change through this domain's pages, whose mutations invalidate them.
const definitionStaleTime = 60_000;
// Events and the graph's run statuses change on their own (runs, TTL destroys): keep them briefly.
const liveStaleTime = 10_000;
// A blueprint stack waits on a pull request someone merges elsewhere: poll while it is open.
const initPollMs = 5_000;

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
  templateMappings: (client: ApiClient, templateId: string) =>
    queryOptions({
      queryKey: templatesKeys.mappings('template', templateId),
      queryFn: ({ signal }) => templatesRequests.templateMappings(client, templateId, signal),
      staleTime: definitionStaleTime,
    }),
  blueprintMappings: (client: ApiClient, blueprintId: string) =>
    queryOptions({
      queryKey: templatesKeys.mappings('blueprint', blueprintId),
      queryFn: ({ signal }) => templatesRequests.blueprintMappings(client, blueprintId, signal),
      staleTime: definitionStaleTime,
    }),
  templateEvents: (client: ApiClient, templateId: string, filters: EventFilters) =>
    queryOptions({
      queryKey: templatesKeys.events('template', templateId, filters),
      queryFn: ({ signal }) => templatesRequests.templateEvents(client, templateId, filters, signal),
      staleTime: liveStaleTime,
      placeholderData: keepPreviousData,
    }),
  blueprintEvents: (client: ApiClient, blueprintId: string, filters: EventFilters) =>
    queryOptions({
      queryKey: templatesKeys.events('blueprint', blueprintId, filters),
      queryFn: ({ signal }) => templatesRequests.blueprintEvents(client, blueprintId, filters, signal),
      staleTime: liveStaleTime,
      placeholderData: keepPreviousData,
    }),
  blueprintInit: (client: ApiClient, stackId: string) =>
    queryOptions({
      queryKey: templatesKeys.blueprintInit(stackId),
      queryFn: ({ signal }) => templatesRequests.blueprintInit(client, stackId, signal),
      staleTime: 0,
      refetchInterval: (query) => (query.state.data && finalInitStatuses.includes(query.state.data.status) ? false : initPollMs),
    }),
  stackDependencies: (client: ApiClient, stackId: string) =>
    queryOptions({
      queryKey: templatesKeys.stackDependencies(stackId),
      queryFn: ({ signal }) => templatesRequests.dependencies(client, { stackId }, signal),
      staleTime: definitionStaleTime,
    }),
  stackDependents: (client: ApiClient, stackId: string) =>
    queryOptions({
      queryKey: templatesKeys.stackDependents(stackId),
      queryFn: ({ signal }) => templatesRequests.dependencies(client, { dependsOnStackId: stackId }, signal),
      staleTime: definitionStaleTime,
    }),
  graph: (client: ApiClient, scope: DependencyGraphScope) =>
    queryOptions({
      queryKey: templatesKeys.graph(scope),
      queryFn: ({ signal }) => templatesRequests.graph(client, scope, signal),
      staleTime: liveStaleTime,
    }),
};
