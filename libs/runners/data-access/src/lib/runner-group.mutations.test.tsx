import { useQuery } from '@tanstack/react-query';
import { envelope, handle } from '@terrace/api-client/testing';
import { dataAccessHarness, setupMsw } from '@terrace/session/testing';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  useCreateRunnerGroupMutation,
  useCreateRunnerGroupTokenMutation,
  useDeleteRunnerGroupMutation,
  useRevokeRunnerGroupTokenMutation,
  useUpdateRunnerGroupMutation,
} from './runner-group.mutations';
import { createdRunnerGroupTokenFixture, runnerGroupFixture, runnerGroupTokenFixture } from './runners.fixtures';
import { runnersKeys } from './runners.keys';
import { runnersQueries } from './runners.queries';

const server = setupMsw();
const firstPage = { page: 1, pageSize: 20 } as const;

describe('runner group mutations', () => {
  it('creating a group sends the entity and resolves only once the shown list has been fetched again', async () => {
    const sent: unknown[] = [];
    let created = false;
    server.use(
      handle('get', '/org/runnerGroup', () => envelope(created ? [runnerGroupFixture()] : [], { paging: { page: 1, pageSize: 20, total: created ? 1 : 0 } })),
      handle('post', '/org/runnerGroup', ({ body }) => {
        sent.push(body?.entity);
        created = true;
        return envelope([runnerGroupFixture()]);
      }),
    );
    const { client, queryClient, wrapper } = dataAccessHarness();
    const { result } = renderHook(() => ({ list: useQuery(runnersQueries.groups(client, firstPage)), create: useCreateRunnerGroupMutation() }), { wrapper });
    await waitFor(() => expect(result.current.list.data?.total).toBe(0));
    let totalWhenResolved: number | undefined;
    await act(async () => {
      await result.current.create.mutateAsync({ name: 'build-farm', maxConcurrency: 4 });
      totalWhenResolved = queryClient.getQueryData(runnersQueries.groups(client, firstPage).queryKey)?.total;
    });
    expect(sent).toEqual([{ name: 'build-farm', maxConcurrency: 4 }]);
    expect(totalWhenResolved).toBe(1);
  });

  it('updating a group puts the change on its path and marks the group lists stale', async () => {
    const sent: unknown[] = [];
    server.use(
      handle('put', '/org/runnerGroup/{groupId}', ({ params, body }) => {
        sent.push([params['groupId'], body?.entity]);
        return envelope([runnerGroupFixture({ maxConcurrency: 8 })]);
      }),
    );
    const { queryClient, wrapper } = dataAccessHarness();
    queryClient.setQueryData(runnersKeys.groupList(firstPage), { items: [runnerGroupFixture()], total: 1 });
    const { result } = renderHook(() => useUpdateRunnerGroupMutation(), { wrapper });
    await act(() => result.current.mutateAsync({ groupId: 'rg-build01', input: { maxConcurrency: 8 } }));
    expect(sent).toEqual([['rg-build01', { maxConcurrency: 8 }]]);
    expect(queryClient.getQueryState(runnersKeys.groupList(firstPage))?.isInvalidated).toBe(true);
  });

  it("deleting a group drops its cached runners and tokens, so nothing asks the server for them again", async () => {
    const deleted: string[] = [];
    server.use(
      handle('delete', '/org/runnerGroup/{groupId}', ({ params }) => {
        deleted.push(params['groupId'] ?? '');
        return envelope([{}]);
      }),
    );
    const { queryClient, wrapper } = dataAccessHarness();
    queryClient.setQueryData(runnersKeys.groupTokens('rg-build01'), [runnerGroupTokenFixture()]);
    queryClient.setQueryData(runnersKeys.groupRunners('rg-build01', firstPage), { items: [], total: 0 });
    const { result } = renderHook(() => useDeleteRunnerGroupMutation(), { wrapper });
    await act(() => result.current.mutateAsync('rg-build01'));
    expect(deleted).toEqual(['rg-build01']);
    expect(queryClient.getQueryData(runnersKeys.groupTokens('rg-build01'))).toBeUndefined();
    expect(queryClient.getQueryData(runnersKeys.groupRunners('rg-build01', firstPage))).toBeUndefined();
  });

  it("creating and revoking a token refresh only that group's tokens, and the secret comes back once", async () => {
    const revoked: string[] = [];
    server.use(
      handle('post', '/org/runnerGroup/{groupId}/token', ({ body }) => envelope([createdRunnerGroupTokenFixture({ name: body?.entity.name ?? '' })])),
      handle('delete', '/org/runnerGroup/{groupId}/token/{tokenId}', ({ params }) => {
        revoked.push(`${params['groupId']}/${params['tokenId']}`);
        return envelope([{}]);
      }),
    );
    const { queryClient, wrapper } = dataAccessHarness();
    queryClient.setQueryData(runnersKeys.groupTokens('rg-build01'), []);
    queryClient.setQueryData(runnersKeys.groupTokens('rg-other01'), []);
    const { result } = renderHook(() => ({ create: useCreateRunnerGroupTokenMutation(), revoke: useRevokeRunnerGroupTokenMutation() }), { wrapper });
    let secret = '';
    await act(async () => {
      secret = (await result.current.create.mutateAsync({ groupId: 'rg-build01', name: 'ci-pool' })).token;
    });
    expect(secret).toBe('trg_s3cr3tV4lu3ShownOnce');
    expect(queryClient.getQueryState(runnersKeys.groupTokens('rg-build01'))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(runnersKeys.groupTokens('rg-other01'))?.isInvalidated).toBe(false);
    await act(() => result.current.revoke.mutateAsync({ groupId: 'rg-build01', tokenId: 'rgt-01' }));
    expect(revoked).toEqual(['rg-build01/rgt-01']);
  });
});
