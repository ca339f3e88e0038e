import type { ApiClient } from '@terrace/api-client';
import { firstItem, toPage, type Page } from '@terrace/session';
import type {
  DiscoveryListFilters,
  StackDiscoveryConfiguration,
  StackDiscoveryConfigurationInput,
  StackDiscoveryConfigurationUpdate,
} from './discovery.types';

/**
 * The calls of the stack discovery domain about its configurations: plain functions on the one
 * configured client. Reads take the abort `signal`. The scans' calls are in
 * discovery-scans.requests.ts, so that the list and the wizard load only these.
 */
export const discoveryRequests = {
  async list(client: ApiClient, { namespaceId, search, page, pageSize }: DiscoveryListFilters, signal?: AbortSignal): Promise<Page<StackDiscoveryConfiguration>> {
    const query = { ...(namespaceId ? { namespaceId } : {}), ...(search ? { search } : {}), ...(page !== undefined ? { page } : {}), ...(pageSize !== undefined ? { pageSize } : {}) };
    const { data } = await client.GET('/stackDiscoveryConfiguration', { params: { query }, signal });
    return toPage(data);
  },
  async get(client: ApiClient, id: string, signal?: AbortSignal): Promise<StackDiscoveryConfiguration> {
    const { data } = await client.GET('/stackDiscoveryConfiguration/{stackDiscoveryConfigurationId}', {
      params: { path: { stackDiscoveryConfigurationId: id } },
      signal,
    });
    return firstItem(data);
  },
  async create(client: ApiClient, input: StackDiscoveryConfigurationInput): Promise<StackDiscoveryConfiguration> {
    const { data } = await client.POST('/stackDiscoveryConfiguration', { body: { entity: input } });
    return firstItem(data);
  },
  async update(client: ApiClient, id: string, input: StackDiscoveryConfigurationUpdate): Promise<StackDiscoveryConfiguration> {
    const { data } = await client.PUT('/stackDiscoveryConfiguration/{stackDiscoveryConfigurationId}', {
      params: { path: { stackDiscoveryConfigurationId: id } },
      body: { entity: input },
    });
    return firstItem(data);
  },
  async remove(client: ApiClient, id: string): Promise<void> {
    await client.DELETE('/stackDiscoveryConfiguration/{stackDiscoveryConfigurationId}', { params: { path: { stackDiscoveryConfigurationId: id } } });
  },
};
