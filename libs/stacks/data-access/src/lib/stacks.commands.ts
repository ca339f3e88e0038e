import type { ApiClient } from '@terrace/api-client';
import { firstItem } from '@terrace/session';
import type { Stack, StackUpdate, Ttl } from './stacks.types';

/** What changes a stack, on the contract's generated paths: update, delete, move, extend its time to live (creating one is create-stack.mutation.ts). */
export const stacksCommands = {
  async update(client: ApiClient, stackId: string, input: StackUpdate): Promise<Stack> {
    const { data } = await client.PUT('/stack/{stackId}', { params: { path: { stackId } }, body: { entity: input } });
    return firstItem(data);
  },
  /** Deletes the stack; a blueprint stack's deletion may open the pull request removing its code (spec: 'delete stack and open cleanup PR'). */
  async remove(client: ApiClient, stackId: string, options: { openCleanupPullRequest?: boolean } = {}): Promise<void> {
    await client.DELETE('/stack/{stackId}', { params: { path: { stackId }, ...(options.openCleanupPullRequest ? { query: { openCleanupPullRequest: true } } : {}) } });
  },
  async move(client: ApiClient, stackId: string, namespaceId: string): Promise<Stack> {
    const { data } = await client.PUT('/stack/{stackId}/move', { params: { path: { stackId } }, body: { entity: { namespaceId } } });
    return firstItem(data);
  },
  async extendTtl(client: ApiClient, stackId: string, ttl: Ttl): Promise<Stack> {
    const { data } = await client.PUT('/stack/{stackId}/extendTtl', { params: { path: { stackId } }, body: { entity: { ttl } } });
    return firstItem(data);
  },
};
