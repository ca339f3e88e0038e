import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@terrace/api-client';
import { templatesKeys } from './templates.keys';
import { stackDependenciesRequests } from './stack-dependencies.requests';
import { type DependencyGraphScope } from './templates.types';

// Templates and blueprints change through this domain's pages, whose mutations invalidate them.
const definitionStaleTime = 60_000;
// Events and the graph's run statuses change on their own (runs, TTL destroys): keep them briefly.
const liveStaleTime = 10_000;

/** One `queryOptions` per query: the key from the key factory, the request with the query's abort signal. */
export const stackDependenciesQueries = {
  stackDependencies: (client: ApiClient, stackId: string) =>
    queryOptions({
      queryKey: templatesKeys.stackDependencies(stackId),
      queryFn: ({ signal }) => stackDependenciesRequests.dependencies(client, { stackId }, signal),
      staleTime: definitionStaleTime,
    }),
  stackDependents: (client: ApiClient, stackId: string) =>
    queryOptions({
      queryKey: templatesKeys.stackDependents(stackId),
      queryFn: ({ signal }) => stackDependenciesRequests.dependencies(client, { dependsOnStackId: stackId }, signal),
      staleTime: definitionStaleTime,
    }),
  graph: (client: ApiClient, scope: DependencyGraphScope) =>
    queryOptions({
      queryKey: templatesKeys.graph(scope),
      queryFn: ({ signal }) => stackDependenciesRequests.graph(client, scope, signal),
      staleTime: liveStaleTime,
    }),
};
