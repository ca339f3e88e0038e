import type { ApiClient } from '@terrace/api-client';
import { firstItem, toPage, type Page } from '@terrace/session';
import type {
  DiscoveryEventFilters,
  ProposalFilters,
  StackDiscoveryEvent,
  StackDiscoveryProposal,
} from './discovery.types';

/**
 * The calls of the stack discovery domain about scans: running one, its events, the stacks it
 * proposes and the decisions on them. Plain functions on the one configured client; reads take the
 * abort `signal`.
 */
export const discoveryScansRequests = {
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
