import type { ApiClient } from '@terrace/api-client';
import { firstItem, toPage, type Page } from '@terrace/session';
import type {
  CreatedRunnerGroupToken,
  PageFilters,
  Runner,
  RunnerGroup,
  RunnerGroupInput,
  RunnerGroupToken,
  RunnerGroupUpdate,
} from './runners.types';

/**
 * The calls of the runners domain: plain functions on the one configured client, on the
 * contract's generated paths. Reads take the query's abort `signal`.
 */
export const runnersRequests = {
  async groups(client: ApiClient, { page, pageSize }: PageFilters, signal?: AbortSignal): Promise<Page<RunnerGroup>> {
    const { data } = await client.GET('/org/runnerGroup', { params: { query: { page, pageSize } }, signal });
    return toPage(data);
  },
  async createGroup(client: ApiClient, input: RunnerGroupInput): Promise<RunnerGroup> {
    const { data } = await client.POST('/org/runnerGroup', { body: { entity: input } });
    return firstItem(data);
  },
  async updateGroup(client: ApiClient, groupId: string, input: RunnerGroupUpdate): Promise<RunnerGroup> {
    const { data } = await client.PUT('/org/runnerGroup/{groupId}', { params: { path: { groupId } }, body: { entity: input } });
    return firstItem(data);
  },
  async removeGroup(client: ApiClient, groupId: string): Promise<void> {
    await client.DELETE('/org/runnerGroup/{groupId}', { params: { path: { groupId } } });
  },
  async runners(client: ApiClient, groupId: string, { page, pageSize }: PageFilters, signal?: AbortSignal): Promise<Page<Runner>> {
    const { data } = await client.GET('/org/runnerGroup/{groupId}/runner', { params: { path: { groupId }, query: { page, pageSize } }, signal });
    return toPage(data);
  },
  async tokens(client: ApiClient, groupId: string, signal?: AbortSignal): Promise<RunnerGroupToken[]> {
    const { data } = await client.GET('/org/runnerGroup/{groupId}/token', { params: { path: { groupId } }, signal });
    return data?.response.items ?? [];
  },
  async createToken(client: ApiClient, groupId: string, name: string): Promise<CreatedRunnerGroupToken> {
    const { data } = await client.POST('/org/runnerGroup/{groupId}/token', { params: { path: { groupId } }, body: { entity: { name } } });
    return firstItem(data);
  },
  async revokeToken(client: ApiClient, groupId: string, tokenId: string): Promise<void> {
    await client.DELETE('/org/runnerGroup/{groupId}/token/{tokenId}', { params: { path: { groupId, tokenId } } });
  },
};
