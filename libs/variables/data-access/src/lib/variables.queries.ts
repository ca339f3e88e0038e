import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@terrace/api-client';
import { variablesKeys } from './variables.keys';
import { variablesRequests } from './variables.requests';
import type { VariablePlace, VariableScanInput } from './variables.types';

// Variables change through these pages (whose mutations invalidate them), and at broader scopes
// by other people: a stack's inherited values are worth refreshing when a tab opens again.
const variablesStaleTime = 30_000;

/** One `queryOptions` per query: the key from the key factory, the request with the query's abort signal. */
export const variablesQueries = {
  list: (client: ApiClient, place: VariablePlace) =>
    queryOptions({
      queryKey: variablesKeys.list(place),
      queryFn: ({ signal }) => variablesRequests.list(client, place, signal),
      staleTime: variablesStaleTime,
    }),
  effective: (client: ApiClient, stackId: string) =>
    queryOptions({
      queryKey: variablesKeys.effective(stackId),
      queryFn: ({ signal }) => variablesRequests.effective(client, stackId, signal),
      staleTime: variablesStaleTime,
    }),
  /**
   * The variables a stack's code declares. The server clones the repository for it, so the
   * answer is kept while the dialog is open and dropped soon after (the code moves on).
   */
  scanForStack: (client: ApiClient, stackId: string, input: Omit<VariableScanInput, 'scope' | 'scopeId'>) =>
    queryOptions({
      queryKey: variablesKeys.scan(stackId, {
        providerId: input.vcsInfo.providerId,
        repoName: input.vcsInfo.repoName,
        branch: input.vcsInfo.branch,
        path: input.vcsInfo.path,
      }),
      queryFn: ({ signal }) => variablesRequests.scan(client, { ...input, scope: 'stack', scopeId: stackId }, signal),
      staleTime: 0,
      gcTime: 60_000,
    }),
};
