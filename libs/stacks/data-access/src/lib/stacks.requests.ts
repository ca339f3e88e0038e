import type { ApiClient } from '@terrace/api-client';
import { firstItem, toPage } from '@terrace/session';
import type { AuditEvent, IacType, Stack, StackListFilters, StackPage } from './stacks.types';

/**
 * The reads of the stacks domain: plain functions on the one configured client, on the
 * contract's generated paths, taking the query's abort `signal`. What changes a stack is in
 * stacks.commands.ts: a page that only lists stacks loads none of it.
 */
export const stacksRequests = {
  async list(client: ApiClient, filters: StackListFilters, signal?: AbortSignal): Promise<StackPage> {
    const { page, pageSize, name, namespaceId, iacType, driftState, sortBy, sortOrder } = filters;
    const { data } = await client.GET('/stack', {
      params: {
        query: {
          page,
          pageSize,
          // The search box matches part of the name, in any case (stackName would be the exact name).
          ...(name ? { search: name } : {}),
          ...(namespaceId ? { namespaceId } : {}),
          ...(iacType ? { iacType } : {}),
          ...(driftState ? { driftState } : {}),
          ...(sortBy ? { sortBy, sortOrder: sortOrder ?? 'asc' } : {}),
        },
      },
      signal,
    });
    return toPage(data);
  },
  async get(client: ApiClient, stackId: string, signal?: AbortSignal): Promise<Stack> {
    const { data } = await client.GET('/stack/{stackId}', { params: { path: { stackId } }, signal });
    return firstItem(data);
  },
  /**
   * The stack's activity: the audit log of stacks (the contract filters by entity type), kept to
   * this stack's events (an entity id is the stack id, or starts with it and a slash).
   */
  async activity(client: ApiClient, stackId: string, signal?: AbortSignal): Promise<AuditEvent[]> {
    const { data } = await client.GET('/audit/event', { params: { query: { entityType: 'stack', daysBack: 30 } }, signal });
    return (data?.response.items ?? []).filter((e) => e.entityId === stackId || e.entityId.startsWith(`${stackId}/`));
  },
  /** The versions an engine offers; each list fills its own member of items[0]. */
  async versions(client: ApiClient, iacType: IacType, signal?: AbortSignal): Promise<string[]> {
    if (iacType === 'terragrunt') {
      const { data } = await client.GET('/common/terragruntVersions', { signal });
      return data?.response.items[0]?.terragruntVersions ?? [];
    }
    if (iacType === 'opentofu') {
      const { data } = await client.GET('/common/opentofuVersions', { signal });
      return data?.response.items[0]?.opentofuVersions ?? [];
    }
    const { data } = await client.GET('/common/terraformVersions', { signal });
    return data?.response.items[0]?.terraformVersions ?? [];
  },
};
