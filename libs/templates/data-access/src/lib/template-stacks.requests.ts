import type { ApiClient } from '@terrace/api-client';
import { firstItem, toPage, type Page } from '@terrace/session';
import type {
  CreatedStack,
  EphemeralStackEvent,
  EventFilters,
  StackFromBlueprintInput,
  StackFromTemplateInput,
  StackInitialization,
} from './templates.types';

/**
 * The calls of the templates domain about the stacks made from templates and blueprints (creating
 * them, their events, a blueprint stack's initialisation): plain functions on the one configured
 * client, on the contract's generated paths. Reads take the query's abort `signal`. Each part of
 * the domain has its own module, so that a page loads only the calls it makes.
 */
export const templateStacksRequests = {
  async templateEvents(client: ApiClient, templateId: string, { daysBack, page, pageSize }: EventFilters, signal?: AbortSignal): Promise<Page<EphemeralStackEvent>> {
    const { data } = await client.GET('/template/event', { params: { query: { templateId, daysBack, page, pageSize } }, signal });
    return toPage(data);
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
};
