import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@terrace/api-client';
import { vcsKeys } from './vcs.keys';
import { vcsRequests } from './vcs.requests';
import type { VcsRepoFilters, VcsTreeLocation, VcsWebhookKind } from './vcs.types';

// Providers and keys change through the settings sections (whose mutations invalidate them).
const settingsStaleTime = 60_000;
// Repositories, branches and folders live on the host and change there without telling us; each
// read is a call to the host, so keep it briefly for the wizard's back-and-forth.
const hostStaleTime = 30_000;

/** One `queryOptions` per query: the key from the key factory, the request with the query's abort signal. */
export const vcsQueries = {
  providers: (client: ApiClient) =>
    queryOptions({
      queryKey: vcsKeys.providerList(),
      queryFn: ({ signal }) => vcsRequests.providers(client, signal),
      staleTime: settingsStaleTime,
    }),
  repos: (client: ApiClient, providerId: string, filters: VcsRepoFilters = {}) =>
    queryOptions({
      queryKey: vcsKeys.repos(providerId, filters),
      queryFn: ({ signal }) => vcsRequests.repos(client, providerId, filters, signal),
      staleTime: hostStaleTime,
      // Typing a filter keeps the current repositories on screen until the next answer.
      placeholderData: keepPreviousData,
      enabled: providerId !== '',
    }),
  branches: (client: ApiClient, providerId: string, repoName: string) =>
    queryOptions({
      queryKey: vcsKeys.branches(providerId, repoName),
      queryFn: ({ signal }) => vcsRequests.branches(client, providerId, repoName, signal),
      staleTime: hostStaleTime,
      enabled: providerId !== '' && repoName !== '',
    }),
  tree: (client: ApiClient, providerId: string, location: VcsTreeLocation) =>
    queryOptions({
      queryKey: vcsKeys.tree(providerId, location),
      queryFn: ({ signal }) => vcsRequests.tree(client, providerId, location, signal),
      staleTime: hostStaleTime,
      enabled: providerId !== '' && location.repoName !== '' && location.branch !== '',
    }),
  /** Read only when the user asks to see it (a secret); never kept after the view closes. */
  webhook: (client: ApiClient, providerId: string, kind: VcsWebhookKind) =>
    queryOptions({
      queryKey: vcsKeys.webhook(providerId, kind),
      queryFn: ({ signal }) => vcsRequests.webhook(client, providerId, kind, signal),
      staleTime: 0,
      gcTime: 0,
    }),
  sshKeys: (client: ApiClient) =>
    queryOptions({
      queryKey: vcsKeys.sshKeys(),
      queryFn: ({ signal }) => vcsRequests.sshKeys(client, signal),
      staleTime: settingsStaleTime,
    }),
  gitSigningKeys: (client: ApiClient) =>
    queryOptions({
      queryKey: vcsKeys.gitSigningKeys(),
      queryFn: ({ signal }) => vcsRequests.gitSigningKeys(client, signal),
      staleTime: settingsStaleTime,
    }),
};
