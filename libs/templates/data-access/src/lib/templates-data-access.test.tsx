import { useQuery } from '@tanstack/react-query';
import { envelope, handle } from '@terrace/api-client/testing';
import { dataAccessHarness, setupMsw } from '@terrace/session/testing';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dependencyFixture, templateFixture } from './templates.fixtures';
import { templatesKeys } from './templates.keys';
import { useCreateDependencyMutation } from './create-dependency.mutation';
import { useDeleteTemplateMutation } from './delete-template.mutation';
import { useNamespaceMappingMutation } from './namespace-mapping.mutation';
import { templateStacksQueries } from './template-stacks.queries';
import { templatesQueries } from './templates.queries';

const server = setupMsw();

describe('templates data access', () => {
  it('filters templates by part of the name and pages them on the server', async () => {
    const names: (string | null)[] = [];
    server.use(
      handle('get', '/template', ({ request }) => {
        const query = new URL(request.url).searchParams;
        names.push(`${query.get('search')} ${query.get('page')} ${query.get('pageSize')}`);
        return envelope([templateFixture()]);
      }),
    );
    const { client, wrapper } = dataAccessHarness();
    const { result } = renderHook(() => useQuery(templatesQueries.templates(client, { name: 'prev', page: 2, pageSize: 50 })), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(names).toEqual(['prev 2 50']);
    expect(result.current.data?.items[0]?.id).toBe('tmpl-preview01');
  });

  it('deleting a blueprint drops its detail and refreshes only the blueprint lists', async () => {
    const deleted: string[] = [];
    server.use(
      handle('delete', '/blueprint/{blueprintId}', ({ params }) => {
        deleted.push(params['blueprintId'] ?? '');
        return envelope([]);
      }),
    );
    const { queryClient, wrapper } = dataAccessHarness();
    queryClient.setQueryData(templatesKeys.detail('blueprint', 'blp-x1'), { id: 'blp-x1' });
    queryClient.setQueryData(templatesKeys.list('blueprint', {}), { items: [], total: 0 });
    queryClient.setQueryData(templatesKeys.list('template', {}), { items: [], total: 0 });
    const { result } = renderHook(() => useDeleteTemplateMutation(), { wrapper });
    await act(() => result.current.mutateAsync({ kind: 'blueprint', id: 'blp-x1' }));
    expect(deleted).toEqual(['blp-x1']);
    expect(queryClient.getQueryData(templatesKeys.detail('blueprint', 'blp-x1'))).toBeUndefined();
    expect(queryClient.getQueryState(templatesKeys.list('blueprint', {}))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(templatesKeys.list('template', {}))?.isInvalidated).toBe(false);
  });

  it('a namespace mapping is removed by the tuple in the body', async () => {
    const bodies: unknown[] = [];
    server.use(
      handle('delete', '/template/templateNamespaceMapping', ({ body }) => {
        bodies.push(body?.entity);
        return envelope([]);
      }),
    );
    const { wrapper } = dataAccessHarness();
    const { result } = renderHook(() => useNamespaceMappingMutation(), { wrapper });
    await act(() => result.current.mutateAsync({ kind: 'template', id: 'tmpl-a1', namespaceId: 'ns-b1', mapped: false }));
    expect(bodies).toEqual([{ templateId: 'tmpl-a1', namespaceId: 'ns-b1' }]);
  });

  it('adding a dependency marks the stack’s dependencies and every graph stale', async () => {
    server.use(handle('post', '/stack/dependency', ({ body }) => envelope([dependencyFixture({ stackId: body?.entity.stackId ?? '' })])));
    const { queryClient, wrapper } = dataAccessHarness();
    queryClient.setQueryData(templatesKeys.stackDependencies('stk-app01'), []);
    queryClient.setQueryData(templatesKeys.graph({ namespaceId: 'ns-1' }), { nodes: [], edges: [] });
    const { result } = renderHook(() => useCreateDependencyMutation(), { wrapper });
    await act(() => result.current.mutateAsync({ stackId: 'stk-app01', dependsOnStackId: 'stk-network01', triggerOption: 'always' }));
    expect(queryClient.getQueryState(templatesKeys.stackDependencies('stk-app01'))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(templatesKeys.graph({ namespaceId: 'ns-1' }))?.isInvalidated).toBe(true);
  });

  it('polls a blueprint stack’s initialisation until it is final', async () => {
    const statuses = ['waitingForPrApproval', 'merged', 'succeeded'] as const;
    let calls = 0;
    server.use(
      handle('get', '/stack/blueprintStackInitializationStatus', () => {
        const status = statuses[Math.min(calls, statuses.length - 1)] ?? 'succeeded';
        calls += 1;
        return envelope([{ stackId: 'stk-new01', status, pullRequestUrl: 'https://git.example/pr/1' }]);
      }),
    );
    const { client, wrapper } = dataAccessHarness();
    const options = templateStacksQueries.blueprintInit(client, 'stk-new01');
    const { result } = renderHook(() => useQuery({ ...options, refetchInterval: (q) => (q.state.data?.status === 'succeeded' ? false : 10) }), { wrapper });
    await waitFor(() => expect(result.current.data?.status).toBe('succeeded'));
    expect(calls).toBe(3);
    expect(typeof options.refetchInterval).toBe('function');
  });
});
