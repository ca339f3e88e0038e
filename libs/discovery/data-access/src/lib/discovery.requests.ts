import type { ApiClient } from '@terrace/api-client';
import { firstItem, toPage, type Page } from '@terrace/session';
import type {
  DiscoveryEventFilters,
  DiscoveryListFilters,
  ProposalFilters,
  StackDiscoveryConfiguration,
  StackDiscoveryConfigurationInput,
  StackDiscoveryConfigurationUpdate,
  StackDiscoveryEvent,
  StackDiscoveryProposal,
} from './discovery.types';

/** The calls of the stack discovery domain: plain functions on the one configured client. Reads take the abort `signal`. */
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
  async run(client: ApiClient, id: string): Promise<StackDiscoveryEvent> {
    const { data } = await client.POST('/stackDiscoveryConfiguration/{stackDiscoveryConfigurationId}/run', {
      params: { path: { stackDiscoveryConfigurationId: id } },
      body: { entity: {} },
    });
    return firstItem(data);
  },
  async events(client: ApiClient, id: string, { daysBack, page, pageSize }: DiscoveryEventFilters, signal?: AbortSignal): Promise<Page<StackDiscoveryEvent>> {
    const { data } = await client.GET('/stackDiscoveryConfiguration/event', {
      params: { query: { stackDiscoveryConfigurationId: id, daysBack, page, pageSize } },
      signal,
    });
    return toPage(data);
  },
  async proposals(client: ApiClient, id: string, { status, page, pageSize }: ProposalFilters, signal?: AbortSignal): Promise<Page<StackDiscoveryProposal>> {
    const { data } = await client.GET('/stackDiscoveryConfiguration/proposal', {
      params: { query: { stackDiscoveryConfigurationId: id, ...(status ? { status } : {}), page, pageSize } },
      signal,
    });
    return toPage(data);
  },
  async decideProposal(client: ApiClient, proposalId: string, decision: 'accept' | 'dismiss'): Promise<StackDiscoveryProposal> {
    const params = { params: { path: { proposalId } }, body: { entity: {} } };
    const { data } =
      decision === 'accept'
        ? await client.POST('/stackDiscoveryConfiguration/proposal/{proposalId}/accept', params)
        : await client.POST('/stackDiscoveryConfiguration/proposal/{proposalId}/dismiss', params);
    return firstItem(data);
  },
};
