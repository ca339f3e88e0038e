import { useQuery } from '@tanstack/react-query';
import { dataAccessHarness, setupMsw } from '@terrace/session/testing';
import { envelope, handle } from '@terrace/api-client/testing';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useCreateNamespaceMutation } from './create-namespace.mutation';
import { useDeleteNamespaceMutation } from './delete-namespace.mutation';
import { useGrantNamespacePermissionMutation } from './grant-namespace-permission.mutation';
import { namespaceFixture } from './namespaces.fixtures';
import { namespacesKeys } from './namespaces.keys';
import { namespacesQueries } from './namespaces.queries';

const server = setupMsw();

describe('namespace mutations', () => {
  it('creating a namespace sends the entity, seeds its detail and marks every list stale', async () => {
    const sent: unknown[] = [];
    server.use(
      handle('post', '/namespace', ({ body }) => {
        sent.push(body?.entity);
        return envelope([namespaceFixture({ id: 'ns-new0001', name: 'new' })]);
      }),
    );
    const { queryClient, wrapper } = dataAccessHarness();
    queryClient.setQueryData(namespacesKeys.list({ page: 1, pageSize: 20 }), { items: [], total: 0 });
    const { result } = renderHook(() => useCreateNamespaceMutation(), { wrapper });
    await act(() => result.current.mutateAsync({ name: 'new' }));
    expect(sent).toEqual([{ name: 'new' }]);
    expect(queryClient.getQueryData(namespacesKeys.detail('ns-new0001'))).toMatchObject({ name: 'new' });
    expect(queryClient.getQueryState(namespacesKeys.list({ page: 1, pageSize: 20 }))?.isInvalidated).toBe(true);
  });

  it('deleting a namespace drops its cached detail and permissions', async () => {
    server.use(handle('delete', '/namespace/{namespaceId}', () => envelope([namespaceFixture()])));
    const { queryClient, wrapper } = dataAccessHarness();
    queryClient.setQueryData(namespacesKeys.detail('ns-platform01'), namespaceFixture());
    queryClient.setQueryData(namespacesKeys.permissions('ns-platform01'), []);
    const { result } = renderHook(() => useDeleteNamespaceMutation(), { wrapper });
    await act(() => result.current.mutateAsync('ns-platform01'));
    expect(queryClient.getQueryData(namespacesKeys.detail('ns-platform01'))).toBeUndefined();
    expect(queryClient.getQueryData(namespacesKeys.permissions('ns-platform01'))).toBeUndefined();
  });

  it('granting a permission refreshes only that namespace’s permission list', async () => {
    server.use(
      handle('post', '/iam/org/namespacePermission', ({ body }) =>
        envelope([{ namespaceId: 'ns-a0001', stackId: null, teamId: body?.entity.teamId ?? '', role: 'admin', customRoleId: null }]),
      ),
    );
    const { queryClient, wrapper } = dataAccessHarness();
    queryClient.setQueryData(namespacesKeys.permissions('ns-a0001'), []);
    queryClient.setQueryData(namespacesKeys.permissions('ns-b0001'), []);
    const { result } = renderHook(() => useGrantNamespacePermissionMutation(), { wrapper });
    await act(() =>
      result.current.mutateAsync({ namespaceId: 'ns-a0001', teamId: 'team-1', role: 'admin', customRoleId: null }),
    );
    expect(queryClient.getQueryState(namespacesKeys.permissions('ns-a0001'))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(namespacesKeys.permissions('ns-b0001'))?.isInvalidated).toBe(false);
  });

  it('resolves a create only once the shown list has been fetched again, so the next page sees the new namespace', async () => {
    let created = false;
    server.use(
      handle('get', '/namespace', () =>
        envelope(created ? [namespaceFixture({ id: 'ns-new0001', name: 'new' })] : [], { paging: { page: 1, pageSize: 20, total: created ? 1 : 0 } }),
      ),
      handle('post', '/namespace', () => {
        created = true;
        return envelope([namespaceFixture({ id: 'ns-new0001', name: 'new' })]);
      }),
    );
    const { client, queryClient, wrapper } = dataAccessHarness();
    const filters = { page: 1, pageSize: 20 } as const;
    const { result } = renderHook(
      () => ({ list: useQuery(namespacesQueries.list(client, filters)), create: useCreateNamespaceMutation() }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.list.data?.total).toBe(0));
    let listWhenResolved: unknown;
    await act(async () => {
      await result.current.create.mutateAsync({ name: 'new' });
      listWhenResolved = queryClient.getQueryData(namespacesKeys.list(filters));
    });
    expect(listWhenResolved).toMatchObject({ total: 1, items: [{ name: 'new' }] });
  });
});
