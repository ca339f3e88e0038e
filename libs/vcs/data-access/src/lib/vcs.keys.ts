import type { VcsRepoFilters, VcsTreeLocation, VcsWebhookKind } from './vcs.types';

/**
 * Query keys of the vcs domain: components never build keys themselves. A provider's
 * repositories, branches, trees and webhook secrets nest under the provider, so removing or
 * changing a provider reaches all of them with one invalidation.
 */
export const vcsKeys = {
  all: ['vcs'] as const,
  providers: () => [...vcsKeys.all, 'provider'] as const,
  providerList: () => [...vcsKeys.providers(), 'list'] as const,
  provider: (providerId: string) => [...vcsKeys.providers(), 'detail', providerId] as const,
  repos: (providerId: string, filters: VcsRepoFilters) => [...vcsKeys.provider(providerId), 'repos', filters] as const,
  branches: (providerId: string, repoName: string) => [...vcsKeys.provider(providerId), 'branches', repoName] as const,
  tree: (providerId: string, location: VcsTreeLocation) => [...vcsKeys.provider(providerId), 'tree', location] as const,
  webhook: (providerId: string, kind: VcsWebhookKind) => [...vcsKeys.provider(providerId), 'webhook', kind] as const,
  sshKeys: () => [...vcsKeys.all, 'sshKey'] as const,
  gitSigningKeys: () => [...vcsKeys.all, 'gitSigningKey'] as const,
};
