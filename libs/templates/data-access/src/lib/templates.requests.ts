import type { ApiClient } from '@terrace/api-client';
import { firstItem, toPage, type Page } from '@terrace/session';
import type {
  Blueprint,
  BlueprintInput,
  BlueprintUpdate,
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
 * The calls of the templates domain about the templates and blueprints themselves: plain functions
 * on the one configured client, on the contract's generated paths. Reads take the query's abort
 * `signal`. Each part of the domain has its own module, so that a page loads only the calls it makes.
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
};
