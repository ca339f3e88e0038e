import type { ApiClient } from '@terrace/api-client';
import { firstItem, toPage } from '@terrace/session';
import type {
  StackOutput,
  StackResourceFilters,
  StackResourcePage,
  StackStateLock,
  StackStateUnit,
  StackStateVersion,
  StackStateVersionContent,
  StackStateVersionPage,
  StateVersionFilters,
} from './stack-state.types';

/** The calls of a stack's state and outputs, on the contract's generated paths. Reads take the query's abort signal. */
export const stackStateRequests = {
  async versions(client: ApiClient, stackId: string, filters: StateVersionFilters, signal?: AbortSignal): Promise<StackStateVersionPage> {
    const { data } = await client.GET('/stack/stateVersion', {
      params: {
        query: {
          stackId,
          page: filters.page,
          pageSize: filters.pageSize,
          ...(filters.status ? { status: filters.status } : {}),
          ...(filters.unit ? { unit: filters.unit } : {}),
        },
      },
      signal,
    });
    return toPage(data);
  },
  /** A version's state file (the current one without an id); the server audits the read. */
  async content(client: ApiClient, stackId: string, stateVersionId?: string): Promise<StackStateVersionContent> {
    const { data } = await client.GET('/stack/stateVersion/content', {
      params: { query: { stackId, ...(stateVersionId ? { stateVersionId } : {}) } },
    });
    return firstItem(data);
  },
  async rollback(client: ApiClient, stackId: string, stateVersionId: string): Promise<StackStateVersion> {
    const { data } = await client.POST('/stack/stateVersion/rollback', { body: { entity: { stackId, stateVersionId } } });
    return firstItem(data);
  },
  /** The locks held on the stack's states: its own state's and its terragrunt units' (none when nothing is locked). */
  async locks(client: ApiClient, stackId: string, signal?: AbortSignal): Promise<StackStateLock[]> {
    const { data } = await client.GET('/stack/stateLock', { params: { query: { stackId } }, signal });
    return data?.response.items ?? [];
  },
  /** The terragrunt units that have a state of their own (none for a stack of one state). */
  async units(client: ApiClient, stackId: string, signal?: AbortSignal): Promise<StackStateUnit[]> {
    const { data } = await client.GET('/stack/stateUnit', { params: { query: { stackId } }, signal });
    return data?.response.items ?? [];
  },
  async forceUnlock(client: ApiClient, stackId: string, lockId: string): Promise<void> {
    await client.POST('/stack/stateLock/forceUnlock', { body: { entity: { stackId, lockId } } });
  },
  async outputs(client: ApiClient, stackId: string, signal?: AbortSignal): Promise<StackOutput[]> {
    const { data } = await client.GET('/stack/output', { params: { query: { stackId } }, signal });
    return data?.response.items ?? [];
  },
  /** A page of the current state's resource instances; with `extendedOutput` their attributes too (audited). */
  async resources(client: ApiClient, stackId: string, filters: StackResourceFilters, signal?: AbortSignal): Promise<StackResourcePage> {
    const { data } = await client.GET('/stack/resource', {
      params: { query: { stackId, page: filters.page, pageSize: filters.pageSize, ...(filters.extendedOutput ? { extendedOutput: true } : {}) } },
      signal,
    });
    return toPage(data);
  },
  /** A sensitive output's value; the server audits the read. */
  async outputValue(client: ApiClient, stackId: string, name: string): Promise<unknown> {
    const { data } = await client.POST('/stack/outputSecretValue', { body: { entity: { stackId, name } } });
    return firstItem(data).value;
  },
};
