import type { ApiClient } from '@terrace/api-client';
import { firstItem, toPage, type Page } from '@terrace/session';
import type {
  Blueprint,
  BlueprintInput,
  BlueprintUpdate,
  CreatedStack,
  DependencyGraphScope,
  EphemeralStackEvent,
  EventFilters,
  StackDependency,
  StackDependencyGraph,
  StackDependencyInput,
  StackFromBlueprintInput,
  StackFromTemplateInput,
  StackInitialization,
  Template,
  TemplateInput,
  TemplateListFilters,
  TemplateUpdate,
} from './templates.types';

/** A list's filters as the server takes them: part of the name (`search`) and the page. */
function listQuery({ name, page, pageSize }: TemplateListFilters) {
  return { ...(name ? { search: name } : {}), ...(page !== undefined ? { page } : {}), ...(pageSize !== undefined ? { pageSize } : {}) };
}

/**
 * The calls of the templates domain: plain functions on the one configured client, on the
 * contract's generated paths. Reads take the query's abort `signal`.
 */
export const templatesRequests = {
  async templates(client: ApiClient, filters: TemplateListFilters, signal?: AbortSignal): Promise<Page<Template>> {
    const { data } = await client.GET('/template', { params: { query: listQuery(filters) }, signal });
    return toPage(data);
  },
  async template(client: ApiClient, templateId: string, signal?: AbortSignal): Promise<Template> {
    const { data } = await client.GET('/template/{templateId}', { params: { path: { templateId } }, signal });
    return firstItem(data);
  },
  async createTemplate(client: ApiClient, input: TemplateInput): Promise<Template> {
    const { data } = await client.POST('/template', { body: { entity: input } });
    return firstItem(data);
  },
  async updateTemplate(client: ApiClient, templateId: string, input: TemplateUpdate): Promise<Template> {
    const { data } = await client.PUT('/template/{templateId}', { params: { path: { templateId } }, body: { entity: input } });
    return firstItem(data);
  },
  async removeTemplate(client: ApiClient, templateId: string): Promise<void> {
    await client.DELETE('/template/{templateId}', { params: { path: { templateId } } });
  },
  async templateMappings(client: ApiClient, templateId: string, signal?: AbortSignal): Promise<string[]> {
    const { data } = await client.GET('/template/templateNamespaceMapping', { params: { query: { templateId } }, signal });
    return (data?.response.items ?? []).map((mapping) => mapping.namespaceId);
  },
  async mapTemplate(client: ApiClient, templateId: string, namespaceId: string): Promise<void> {
    await client.POST('/template/templateNamespaceMapping', { body: { entity: { templateId, namespaceId } } });
  },
  async unmapTemplate(client: ApiClient, templateId: string, namespaceId: string): Promise<void> {
    await client.DELETE('/template/templateNamespaceMapping', { body: { entity: { templateId, namespaceId } } });
  },
  async templateEvents(client: ApiClient, templateId: string, { daysBack, page, pageSize }: EventFilters, signal?: AbortSignal): Promise<Page<EphemeralStackEvent>> {
    const { data } = await client.GET('/template/event', { params: { query: { templateId, daysBack, page, pageSize } }, signal });
    return toPage(data);
  },

  async blueprints(client: ApiClient, filters: TemplateListFilters, signal?: AbortSignal): Promise<Page<Blueprint>> {
    const { data } = await client.GET('/blueprint', { params: { query: listQuery(filters) }, signal });
    return toPage(data);
  },
  async blueprint(client: ApiClient, blueprintId: string, signal?: AbortSignal): Promise<Blueprint> {
    const { data } = await client.GET('/blueprint/{blueprintId}', { params: { path: { blueprintId } }, signal });
    return firstItem(data);
  },
  async createBlueprint(client: ApiClient, input: BlueprintInput): Promise<Blueprint> {
    const { data } = await client.POST('/blueprint', { body: { entity: input } });
    return firstItem(data);
  },
  async updateBlueprint(client: ApiClient, blueprintId: string, input: BlueprintUpdate): Promise<Blueprint> {
    const { data } = await client.PUT('/blueprint/{blueprintId}', { params: { path: { blueprintId } }, body: { entity: input } });
    return firstItem(data);
  },
  async removeBlueprint(client: ApiClient, blueprintId: string): Promise<void> {
    await client.DELETE('/blueprint/{blueprintId}', { params: { path: { blueprintId } } });
  },
  async blueprintMappings(client: ApiClient, blueprintId: string, signal?: AbortSignal): Promise<string[]> {
    const { data } = await client.GET('/blueprint/blueprintNamespaceMapping', { params: { query: { blueprintId } }, signal });
    return (data?.response.items ?? []).map((mapping) => mapping.namespaceId);
  },
  async mapBlueprint(client: ApiClient, blueprintId: string, namespaceId: string): Promise<void> {
    await client.POST('/blueprint/blueprintNamespaceMapping', { body: { entity: { blueprintId, namespaceId } } });
  },
  async unmapBlueprint(client: ApiClient, blueprintId: string, namespaceId: string): Promise<void> {
    await client.DELETE('/blueprint/blueprintNamespaceMapping', { body: { entity: { blueprintId, namespaceId } } });
  },
  async blueprintEvents(client: ApiClient, blueprintId: string, { daysBack, page, pageSize }: EventFilters, signal?: AbortSignal): Promise<Page<EphemeralStackEvent>> {
    const { data } = await client.GET('/blueprint/event', { params: { query: { blueprintId, daysBack, page, pageSize } }, signal });
    return toPage(data);
  },

  async stackFromTemplate(client: ApiClient, input: StackFromTemplateInput): Promise<CreatedStack> {
    const { data } = await client.POST('/stack/fromTemplate', { body: { entity: input } });
    return firstItem(data);
  },
  async stackFromBlueprint(client: ApiClient, input: StackFromBlueprintInput): Promise<CreatedStack> {
    const { data } = await client.POST('/stack/fromBlueprint', { body: { entity: input } });
    return firstItem(data);
  },
  async blueprintInit(client: ApiClient, stackId: string, signal?: AbortSignal): Promise<StackInitialization> {
    const { data } = await client.GET('/stack/blueprintStackInitializationStatus', { params: { query: { stackId } }, signal });
    return firstItem(data);
  },

  async dependencies(client: ApiClient, query: { stackId: string } | { dependsOnStackId: string }, signal?: AbortSignal): Promise<StackDependency[]> {
    const { data } = await client.GET('/stack/dependency', { params: { query }, signal });
    return data?.response.items ?? [];
  },
  async createDependency(client: ApiClient, input: StackDependencyInput): Promise<StackDependency> {
    const { data } = await client.POST('/stack/dependency', { body: { entity: input } });
    return firstItem(data);
  },
  async removeDependency(client: ApiClient, dependencyId: string): Promise<void> {
    await client.DELETE('/stack/dependency/{dependencyId}', { params: { path: { dependencyId } } });
  },
  async graph(client: ApiClient, scope: DependencyGraphScope, signal?: AbortSignal): Promise<StackDependencyGraph> {
    const { data } = await client.GET('/stack/dependency/graph', { params: { query: scope }, signal });
    return firstItem(data);
  },
};
