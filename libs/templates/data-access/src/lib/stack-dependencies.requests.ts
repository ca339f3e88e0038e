import type { ApiClient } from '@terrace/api-client';
import { firstItem } from '@terrace/session';
import type {
  DependencyGraphScope,
  StackDependency,
  StackDependencyGraph,
  StackDependencyInput,
} from './templates.types';

/**
 * The calls of the templates domain about the dependencies between stacks and their graph: plain
 * functions on the one configured client, on the contract's generated paths. Reads take the
 * query's abort `signal`. Each part of the domain has its own module, so that a page loads only
 * the calls it makes.
 */
export const stackDependenciesRequests = {
  async dependencies(client: ApiClient, query: { stackId: string } | { dependsOnStackId: string }, signal?: AbortSignal): Promise<StackDependency[]> {
    const { data } = await client.GET('/stack/dependency', { params: { query }, signal });
    return data?.response.items ?? [];
  },
  async createDependency(client: ApiClient, input: StackDependencyInput): Promise<StackDependency> {
    const { data } = await client.POST('/stack/dependency', { body: { entity: input } });
    return firstItem(data);
  },
  async removeDependency(client: ApiClient, dependencyId: string): Promise<void> {
    await client.DELETE('/stack/dependency/{dependencyId}', { params: { path: { dependencyId } } });
  },
  async graph(client: ApiClient, scope: DependencyGraphScope, signal?: AbortSignal): Promise<StackDependencyGraph> {
    const { data } = await client.GET('/stack/dependency/graph', { params: { query: scope }, signal });
    return firstItem(data);
  },
};
