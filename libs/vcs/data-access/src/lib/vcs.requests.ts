import type { ApiClient } from '@terrace/api-client';
import { firstItem, toPage, type Page } from '@terrace/session';
import type {
  ConnectionValidation,
  GitSigningKey,
  GitSigningKeyInput,
  SshKey,
  SshKeyInput,
  VcsBranch,
  VcsProvider,
  VcsProviderInput,
  VcsProviderUpdate,
  VcsRepo,
  VcsRepoFilters,
  VcsTreeEntry,
  VcsTreeLocation,
  VcsWebhookDetails,
  VcsWebhookKind,
} from './vcs.types';

/**
 * The calls of the vcs domain: plain functions on the one configured client, on the contract's
 * generated paths. Reads take the query's abort `signal`.
 */
export const vcsRequests = {
  async providers(client: ApiClient, signal?: AbortSignal): Promise<VcsProvider[]> {
    const { data } = await client.GET('/vcs/provider', { signal });
    return data?.response.items ?? [];
  },
  async createProvider(client: ApiClient, input: VcsProviderInput): Promise<VcsProvider> {
    const { data } = await client.POST('/vcs/provider', { body: { entity: input } });
    return firstItem(data);
  },
  async updateProvider(client: ApiClient, providerId: string, input: VcsProviderUpdate): Promise<VcsProvider> {
    const { data } = await client.PUT('/vcs/provider/{providerId}', {
      params: { path: { providerId } },
      body: { entity: input },
    });
    return firstItem(data);
  },
  async deleteProvider(client: ApiClient, providerId: string): Promise<void> {
    await client.DELETE('/vcs/provider/{providerId}', { params: { path: { providerId } } });
  },
  /** Asks the host with these settings; a refused connection is an answer (`isValid: false`, the host's message), not an error. */
  async validateConnection(client: ApiClient, input: VcsProviderInput): Promise<ConnectionValidation> {
    const { data } = await client.POST('/vcs/validateConnection', { body: { entity: input } });
    return firstItem(data);
  },
  async repos(client: ApiClient, providerId: string, filters: VcsRepoFilters, signal?: AbortSignal): Promise<Page<VcsRepo>> {
    const { data } = await client.GET('/vcs/repo', {
      params: {
        query: {
          providerId,
          ...(filters.repoName ? { repoName: filters.repoName } : {}),
          ...(filters.page ? { page: filters.page } : {}),
          ...(filters.pageSize ? { pageSize: filters.pageSize } : {}),
        },
      },
      signal,
    });
    return toPage(data);
  },
  async branches(client: ApiClient, providerId: string, repoName: string, signal?: AbortSignal): Promise<VcsBranch[]> {
    const { data } = await client.GET('/vcs/repo/branch', { params: { query: { providerId, repoName } }, signal });
    return data?.response.items ?? [];
  },
  async tree(client: ApiClient, providerId: string, location: VcsTreeLocation, signal?: AbortSignal): Promise<VcsTreeEntry[]> {
    const { data } = await client.GET('/vcs/repo/tree', {
      params: {
        query: {
          providerId,
          repoName: location.repoName,
          branch: location.branch,
          ...(location.path ? { path: location.path } : {}),
        },
      },
      signal,
    });
    return data?.response.items ?? [];
  },
  /** The webhook URL and secret (or properties) to paste into the host, read only when asked. */
  async webhook(client: ApiClient, providerId: string, kind: VcsWebhookKind, signal?: AbortSignal): Promise<VcsWebhookDetails> {
    const init = { params: { query: { providerId } }, signal };
    switch (kind) {
      case 'gitlab':
        return { kind, value: firstItem((await client.GET('/vcs/webhookSecret/gitlab', init)).data) };
      case 'bitbucket':
        return { kind, value: firstItem((await client.GET('/vcs/webhookSecret/bitbucket', init)).data) };
      case 'bitbucketDataCenter':
        return { kind, value: firstItem((await client.GET('/vcs/webhookSecret/bitbucketDataCenter', init)).data) };
      case 'azureDevops':
        return { kind, value: firstItem((await client.GET('/vcs/webhookProperties/azureDevops', init)).data) };
      case 'githubEnterpriseApp':
        return { kind, value: firstItem((await client.GET('/vcs/webhookProperties/githubEnterpriseApp', init)).data) };
    }
  },
  async sshKeys(client: ApiClient, signal?: AbortSignal): Promise<SshKey[]> {
    const { data } = await client.GET('/sshKey', { signal });
    return data?.response.items ?? [];
  },
  async createSshKey(client: ApiClient, input: SshKeyInput): Promise<SshKey> {
    const { data } = await client.POST('/sshKey', { body: { entity: input } });
    return firstItem(data);
  },
  async deleteSshKey(client: ApiClient, keyId: string): Promise<void> {
    await client.DELETE('/sshKey/{keyId}', { params: { path: { keyId } } });
  },
  async setPrimarySshKey(client: ApiClient, keyId: string): Promise<void> {
    await client.PUT('/sshKey/{keyId}/setPrimary', { params: { path: { keyId } } });
  },
  async gitSigningKeys(client: ApiClient, signal?: AbortSignal): Promise<GitSigningKey[]> {
    const { data } = await client.GET('/gitSigningKey', { signal });
    return data?.response.items ?? [];
  },
  async createGitSigningKey(client: ApiClient, input: GitSigningKeyInput): Promise<GitSigningKey> {
    const { data } = await client.POST('/gitSigningKey', { body: { entity: input } });
    return firstItem(data);
  },
  async deleteGitSigningKey(client: ApiClient, keyId: string): Promise<void> {
    await client.DELETE('/gitSigningKey/{keyId}', { params: { path: { keyId } } });
  },
  async setPrimaryGitSigningKey(client: ApiClient, keyId: string): Promise<void> {
    await client.PUT('/gitSigningKey/{keyId}/setPrimary', { params: { path: { keyId } } });
  },
};
