import { useQuery } from '@tanstack/react-query';
import { envelope, handle } from '@terrace/api-client/testing';
import { dataAccessHarness, setupMsw } from '@terrace/session/testing';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stackFixture } from './stacks.fixtures';
import { stacksKeys } from './stacks.keys';
import { useCreateStackMutation } from './create-stack.mutation';
import { useDeleteStackMutation, useExtendStackTtlMutation, useMoveStacksMutation } from './stacks.mutations';
import { stacksQueries } from './stacks.queries';

const server = setupMsw();

const filters = { page: 1, pageSize: 20 } as const;

describe('stacks requests and mutations', () => {
  it('lists with the filters as the contract names them', async () => {
    const queries: string[] = [];
    server.use(
      handle('get', '/stack', ({ request }) => {
        queries.push(new URL(request.url).search);
        return envelope([stackFixture()]);
      }),
    );
    const { client, wrapper } = dataAccessHarness();
    const { result } = renderHook(
      () => useQuery(stacksQueries.list(client, { page: 2, pageSize: 10, name: 'net', namespaceId: 'ns-1', iacType: 'opentofu' })),
      { wrapper },
    );
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    const params = new URLSearchParams(queries[0]);
    expect(Object.fromEntries(params)).toEqual({ page: '2', pageSize: '10', search: 'net', namespaceId: 'ns-1', iacType: 'opentofu' });
    expect(result.current.data?.items[0]?.name).toBe('network');
  });

  it('creates with the body wrapped twice and resolves once the shown list is fresh', async () => {
    const sent: unknown[] = [];
    let lists = 0;
    server.use(
      handle('get', '/stack', () => {
        lists += 1;
        return envelope([]);
      }),
      handle('post', '/stack', ({ body }) => {
        sent.push(body);
        return envelope([stackFixture({ id: 'stk-new', name: 'new' })]);
      }),
    );
    const { client, queryClient, wrapper } = dataAccessHarness();
    const { result } = renderHook(() => ({ list: useQuery(stacksQueries.list(client, filters)), create: useCreateStackMutation() }), { wrapper });
    await waitFor(() => expect(result.current.list.isSuccess).toBe(true));
    let listsWhenResolved = 0;
    await act(async () => {
      await result.current.create.mutateAsync({ name: 'new', namespaceId: 'ns-1', iacType: 'terraform' });
      listsWhenResolved = lists;
    });
    expect(sent).toEqual([{ entity: { stack: { name: 'new', namespaceId: 'ns-1', iacType: 'terraform' } } }]);
    expect(listsWhenResolved).toBe(2);
    expect(queryClient.getQueryData(stacksKeys.detail('stk-new'))).toMatchObject({ name: 'new' });
  });

  it('moves every chosen stack and extends a time to live on their contract paths', async () => {
    const moved: Array<[string, unknown]> = [];
    const extended: unknown[] = [];
    server.use(
      handle('put', '/stack/{stackId}/move', ({ params, body }) => {
        moved.push([params['stackId'] ?? '', body?.entity]);
        return envelope([stackFixture({ id: params['stackId'] ?? '', namespaceId: 'ns-2' })]);
      }),
      handle('put', '/stack/{stackId}/extendTtl', ({ body }) => {
        extended.push(body?.entity);
        return envelope([stackFixture({ stackType: 'ephemeral' })]);
      }),
    );
    const { wrapper } = dataAccessHarness();
    const { result } = renderHook(() => ({ move: useMoveStacksMutation(), extend: useExtendStackTtlMutation() }), { wrapper });
    await act(() => result.current.move.mutateAsync({ stackIds: ['stk-1', 'stk-2'], namespaceId: 'ns-2' }));
    await act(() => result.current.extend.mutateAsync({ stackId: 'stk-1', ttl: { type: 'days', value: 3 } }));
    expect(moved.sort()).toEqual([
      ['stk-1', { namespaceId: 'ns-2' }],
      ['stk-2', { namespaceId: 'ns-2' }],
    ]);
    expect(extended).toEqual([{ ttl: { type: 'days', value: 3 } }]);
  });

  it('deleting forgets the stack and refreshes the lists', async () => {
    const deleted: string[] = [];
    server.use(
      handle('get', '/stack', () => envelope([])),
      handle('delete', '/stack/{stackId}', ({ params }) => {
        deleted.push(params['stackId'] ?? '');
        return envelope([]);
      }),
    );
    const { client, queryClient, wrapper } = dataAccessHarness();
    queryClient.setQueryData(stacksKeys.detail('stk-1'), stackFixture());
    const { result } = renderHook(() => ({ list: useQuery(stacksQueries.list(client, filters)), remove: useDeleteStackMutation() }), { wrapper });
    await waitFor(() => expect(result.current.list.isSuccess).toBe(true));
    await act(() => result.current.remove.mutateAsync('stk-1'));
    expect(deleted).toEqual(['stk-1']);
    expect(queryClient.getQueryData(stacksKeys.detail('stk-1'))).toBeUndefined();
    expect(queryClient.getQueryState(stacksKeys.list(filters))?.isInvalidated).toBe(false);
  });
});
