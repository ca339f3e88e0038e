import { useQuery } from '@tanstack/react-query';
import { envelope, errorResponse, handle } from '@terrace/api-client/testing';
import { dataAccessHarness, setupMsw } from '@terrace/session/testing';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { discoveredVariableFixture, effectiveVariableFixture, variableFixture } from './variables.fixtures';
import { variablesKeys } from './variables.keys';
import {
  useAddVariablesMutation,
  useCreateVariableMutation,
  useDeleteVariableMutation,
  useRevealVariableMutation,
} from './variables.mutations';
import { variablesQueries } from './variables.queries';
import type { Variable } from './variables.types';

const server = setupMsw();

describe('variables requests and queries', () => {
  it('lists each place with the filter the contract names it by', async () => {
    const queries: Record<string, string>[] = [];
    server.use(
      handle('get', '/variable', ({ query }) => {
        queries.push(Object.fromEntries(query));
        return envelope([variableFixture()]);
      }),
    );
    const { client, wrapper } = dataAccessHarness();
    const { result } = renderHook(
      () => [
        useQuery(variablesQueries.list(client, { scope: 'organization' })),
        useQuery(variablesQueries.list(client, { scope: 'namespace', scopeId: 'ns-1' })),
        useQuery(variablesQueries.list(client, { scope: 'stack', scopeId: 'stk-1' })),
        useQuery(variablesQueries.list(client, { scope: 'template', scopeId: 'tmpl-1' })),
      ],
      { wrapper },
    );
    await waitFor(() => expect(result.current.every((q) => q.isSuccess)).toBe(true));
    expect(queries).toEqual(expect.arrayContaining([{ orgOnly: 'true' }, { namespaceId: 'ns-1' }, { stackId: 'stk-1' }, { templateId: 'tmpl-1' }]));
    expect(queries).toHaveLength(4);
    expect(result.current[0]?.data).toEqual([variableFixture()]);
  });

  it('reads a stack’s effective variables by path', async () => {
    const asked: string[] = [];
    server.use(
      handle('get', '/variable/effective/{stackId}', ({ params }) => {
        asked.push(params['stackId'] ?? '');
        return envelope([effectiveVariableFixture({ scope: 'namespace', scopeId: 'ns-1' })]);
      }),
    );
    const { client, wrapper } = dataAccessHarness();
    const { result } = renderHook(() => useQuery(variablesQueries.effective(client, 'stk-1')), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(asked).toEqual(['stk-1']);
    expect(result.current.data?.[0]).toMatchObject({ key: 'region', scope: 'namespace' });
  });

  it('scans a stack’s code for its own scope, sending the repository place', async () => {
    const bodies: unknown[] = [];
    server.use(
      handle('post', '/variable/scanFromCode/v2', ({ body }) => {
        bodies.push(body);
        return envelope([discoveredVariableFixture()]);
      }),
    );
    const { client, wrapper } = dataAccessHarness();
    const vcsInfo = { providerId: 'vcsp-1', repoName: 'infra', branch: 'main', path: 'network' };
    const { result } = renderHook(() => useQuery(variablesQueries.scanForStack(client, 'stk-1', { vcsInfo, iacType: 'terraform' })), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(bodies).toEqual([{ entity: { vcsInfo, iacType: 'terraform', scope: 'stack', scopeId: 'stk-1' } }]);
  });
});

describe('variables mutations', () => {
  it('creating resolves once every place shown, which may inherit it, has been fetched again', async () => {
    const created: unknown[] = [];
    const listed: Record<string, number> = {};
    let effectiveReads = 0;
    server.use(
      handle('get', '/variable', ({ query }) => {
        const key = [...query.keys()].join();
        listed[key] = (listed[key] ?? 0) + 1;
        return envelope<Variable>([]);
      }),
      handle('get', '/variable/effective/{stackId}', () => {
        effectiveReads += 1;
        return envelope([]);
      }),
      handle('post', '/variable', ({ body }) => {
        created.push(body);
        return envelope([variableFixture({ id: 'var-new00001', key: 'size' })]);
      }),
    );
    const { client, wrapper } = dataAccessHarness();
    const { result } = renderHook(
      () => ({
        org: useQuery(variablesQueries.list(client, { scope: 'organization' })),
        stack: useQuery(variablesQueries.list(client, { scope: 'stack', scopeId: 'stk-1' })),
        effective: useQuery(variablesQueries.effective(client, 'stk-1')),
        create: useCreateVariableMutation(),
      }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.effective.isSuccess && result.current.stack.isSuccess && result.current.org.isSuccess).toBe(true));
    const input = { scope: 'organization', key: 'size', type: 'tfVar', value: 'small', isSensitive: false, isOverridable: true, isRequired: false, isHcl: false } as const;
    let seen: [number, number, number] = [0, 0, 0];
    await act(async () => {
      await result.current.create.mutateAsync({ ...input });
      seen = [listed['orgOnly'] ?? 0, listed['stackId'] ?? 0, effectiveReads];
    });
    expect(created).toEqual([{ entity: input }]);
    expect(seen).toEqual([2, 2, 2]);
  });

  it('adds several variables of one place in one call', async () => {
    const bodies: unknown[] = [];
    server.use(
      handle('put', '/variable', ({ body }) => {
        bodies.push(body);
        return envelope([variableFixture({ scope: 'stack', scopeId: 'stk-1' })]);
      }),
    );
    const { wrapper } = dataAccessHarness();
    const { result } = renderHook(() => useAddVariablesMutation(), { wrapper });
    const batch = { scope: 'stack' as const, scopeId: 'stk-1', variables: [{ key: 'region', type: 'tfVar' as const, value: 'eu-west-1' }] };
    await act(() => result.current.mutateAsync(batch));
    expect(bodies).toEqual([{ entity: batch }]);
  });

  it('deleting refreshes the effective view that showed the variable', async () => {
    const deleted: string[] = [];
    let effectiveReads = 0;
    server.use(
      handle('get', '/variable/effective/{stackId}', () => {
        effectiveReads += 1;
        return envelope([]);
      }),
      handle('delete', '/variable/{variableId}', ({ params }) => {
        deleted.push(params['variableId'] ?? '');
        return envelope([{}]);
      }),
    );
    const { client, wrapper } = dataAccessHarness();
    const { result } = renderHook(() => ({ effective: useQuery(variablesQueries.effective(client, 'stk-1')), remove: useDeleteVariableMutation() }), { wrapper });
    await waitFor(() => expect(result.current.effective.isSuccess).toBe(true));
    await act(() => result.current.remove.mutateAsync('var-region01'));
    expect(deleted).toEqual(['var-region01']);
    expect(effectiveReads).toBe(2);
  });

  it('reveals a secret with one audited call per reveal and keeps no copy in the cache', async () => {
    let reads = 0;
    server.use(
      handle('get', '/variable/secretValue/{variableId}', ({ params }) => {
        reads += 1;
        return envelope([{ id: params['variableId'] ?? '', value: 'hunter2' }]);
      }),
    );
    const { queryClient, wrapper } = dataAccessHarness();
    const { result } = renderHook(() => useRevealVariableMutation(), { wrapper });
    let first = '';
    let second = '';
    await act(async () => {
      first = await result.current.mutateAsync('var-secret01');
      second = await result.current.mutateAsync('var-secret01');
    });
    expect([first, second, reads]).toEqual(['hunter2', 'hunter2', 2]);
    expect(JSON.stringify(queryClient.getQueryCache().getAll().map((q) => q.state.data))).not.toContain('hunter2');
    expect(queryClient.getQueriesData({ queryKey: variablesKeys.all })).toEqual([]);
  });

  it('a refused reveal rejects with the server’s reason and shows it', async () => {
    server.use(handle('get', '/variable/secretValue/{variableId}', () => errorResponse(403, 'forbidden', 'User is not authorized to perform this action')));
    const { wrapper, notices } = dataAccessHarness();
    const { result } = renderHook(() => useRevealVariableMutation(), { wrapper });
    await act(async () => {
      await expect(result.current.mutateAsync('var-secret01')).rejects.toMatchObject({ status: 403 });
    });
    expect(notices).toHaveLength(1);
  });
});
