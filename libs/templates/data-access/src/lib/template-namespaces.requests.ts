import type { ApiClient } from '@terrace/api-client';
import type {
} from './templates.types';

/**
 * The calls of the templates domain about the namespaces a template or blueprint is available in:
 * plain functions on the one configured client, on the contract's generated paths. Reads take the
 * query's abort `signal`. Each part of the domain has its own module, so that a page loads only
 * the calls it makes.
 */
export const templateNamespacesRequests = {
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
};
