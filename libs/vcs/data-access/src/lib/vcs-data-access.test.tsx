import { useQuery } from '@tanstack/react-query';
import { envelope, handle } from '@terrace/api-client/testing';
import { dataAccessHarness, setupMsw } from '@terrace/session/testing';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useCreateVcsProviderMutation, useDeleteVcsProviderMutation, useValidateVcsConnectionMutation } from './vcs-provider.mutations';
import { useSetPrimarySshKeyMutation } from './vcs-key.mutations';
import { vcsKeys } from './vcs.keys';
import { vcsQueries } from './vcs.queries';
import type { SshKey, VcsProvider } from './vcs.types';

const server = setupMsw();

const github: VcsProvider = { id: 'vcsp-1', type: 'github', name: 'Our GitHub', githubMetadata: { orgName: 'acme' } };

describe('vcs providers', () => {
  it('creates a provider and resolves once the shown list includes it', async () => {
    const providers: VcsProvider[] = [];
    const bodies: unknown[] = [];
    server.use(
      handle('get', '/vcs/provider', () => envelope([...providers])),
      handle('post', '/vcs/provider', async ({ request }) => {
        bodies.push(await request.json());
        providers.push(github);
        return envelope([github]);
      }),
    );
    const { client, wrapper } = dataAccessHarness();
    const { result } = renderHook(
      () => ({ list: useQuery(vcsQueries.providers(client)), create: useCreateVcsProviderMutation() }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.list.data).toEqual([]));
    await act(async () => {
      await result.current.create.mutateAsync({ type: 'github', name: 'Our GitHub', githubMetadata: { orgName: 'acme' }, credentials: { token: 't' } });
    });
    expect(bodies).toEqual([{ entity: { type: 'github', name: 'Our GitHub', githubMetadata: { orgName: 'acme' }, credentials: { token: 't' } } }]);
    expect(result.current.list.data).toEqual([github]);
  });

  it('answers the host’s verdict from "Test connection" without storing anything', async () => {
    server.use(
      handle('post', '/vcs/validateConnection', () => envelope([{ isValid: false, message: 'Bad credentials' }])),
    );
    const { wrapper } = dataAccessHarness();
    const { result } = renderHook(() => useValidateVcsConnectionMutation(), { wrapper });
    let verdict: unknown;
    await act(async () => {
      verdict = await result.current.mutateAsync({ type: 'github', name: 'x' });
    });
    expect(verdict).toEqual({ isValid: false, message: 'Bad credentials' });
  });

  it('deleting a provider drops its repositories from the cache', async () => {
    server.use(
      handle('get', '/vcs/provider', () => envelope([])),
      handle('get', '/vcs/repo', () => envelope([{ name: 'infra' }])),
      handle('delete', '/vcs/provider/{providerId}', () => envelope([])),
    );
    const { client, queryClient, wrapper } = dataAccessHarness();
    const { result } = renderHook(() => useDeleteVcsProviderMutation(), { wrapper });
    await queryClient.fetchQuery(vcsQueries.repos(client, 'vcsp-1', {}));
    expect(queryClient.getQueryData(vcsKeys.repos('vcsp-1', {}))).toBeDefined();
    await act(async () => {
      await result.current.mutateAsync('vcsp-1');
    });
    expect(queryClient.getQueryData(vcsKeys.repos('vcsp-1', {}))).toBeUndefined();
  });
});

describe('repositories, branches and trees', () => {
  it('sends the provider, the name filter, the branch and the folder as the contract names them', async () => {
    const seen: string[] = [];
    server.use(
      handle('get', '/vcs/repo', ({ request }) => {
        seen.push(new URL(request.url).search);
        return envelope([{ name: 'infra' }], { paging: { page: 1, pageSize: 20, total: 40 } });
      }),
      handle('get', '/vcs/repo/branch', ({ request }) => {
        seen.push(new URL(request.url).search);
        return envelope([{ name: 'main', commit: 'abc', isDefault: true }]);
      }),
      handle('get', '/vcs/repo/tree', ({ request }) => {
        seen.push(new URL(request.url).search);
        return envelope([{ name: 'prod', path: 'envs/prod', type: 'directory' }]);
      }),
    );
    const { client, queryClient } = dataAccessHarness();
    const repos = await queryClient.fetchQuery(vcsQueries.repos(client, 'vcsp-1', { repoName: 'inf' }));
    const branches = await queryClient.fetchQuery(vcsQueries.branches(client, 'vcsp-1', 'acme/infra'));
    const tree = await queryClient.fetchQuery(vcsQueries.tree(client, 'vcsp-1', { repoName: 'acme/infra', branch: 'main', path: 'envs' }));
    expect(repos).toEqual({ items: [{ name: 'infra' }], total: 40 });
    expect(branches[0]?.isDefault).toBe(true);
    expect(tree[0]?.type).toBe('directory');
    expect(seen).toEqual([
      '?providerId=vcsp-1&repoName=inf',
      '?providerId=vcsp-1&repoName=acme%2Finfra',
      '?providerId=vcsp-1&repoName=acme%2Finfra&branch=main&path=envs',
    ]);
  });
});

describe('SSH keys', () => {
  it('setting a primary key resolves once the list shows the one new primary', async () => {
    let keys: SshKey[] = [
      { id: 'sshk-1', name: 'a', isPrimary: true },
      { id: 'sshk-2', name: 'b', isPrimary: false },
    ];
    server.use(
      handle('get', '/sshKey', () => envelope(keys)),
      handle('put', '/sshKey/{keyId}/setPrimary', ({ params }) => {
        keys = keys.map((key) => ({ ...key, isPrimary: key.id === params['keyId'] }));
        return envelope([]);
      }),
    );
    const { client, queryClient, wrapper } = dataAccessHarness();
    const { result } = renderHook(
      () => ({ list: useQuery(vcsQueries.sshKeys(client)), setPrimary: useSetPrimarySshKeyMutation() }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.list.isSuccess).toBe(true));
    await act(async () => {
      await result.current.setPrimary.mutateAsync('sshk-2');
    });
    const primaries = (list: SshKey[] | undefined) => list?.filter((key) => key.isPrimary).map((key) => key.id);
    // Resolved only once the list was read again: the cache holds the new primary at that moment
    // (the rendered result follows on TanStack Query's next notification, a macrotask later).
    expect(primaries(queryClient.getQueryData(vcsQueries.sshKeys(client).queryKey))).toEqual(['sshk-2']);
    await waitFor(() => expect(primaries(result.current.list.data)).toEqual(['sshk-2']));
  });
});
