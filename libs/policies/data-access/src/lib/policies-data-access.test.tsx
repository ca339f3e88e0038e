import { envelope, handle } from '@terrace/api-client/testing';
import { dataAccessHarness, setupMsw } from '@terrace/session/testing';
import { act, renderHook, waitFor } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { useCreateControlPolicyMutation } from './create-control-policy.mutation';
import { useDeleteControlPolicyGroupMutation } from './delete-control-policy-group.mutation';
import { useDeletePolicyMappingMutation } from './delete-policy-mapping.mutation';
import { controlPolicyFixture, controlPolicyGroupFixture, groupMappingFixture, policyMappingFixture, policyViolationFixture } from './policies.fixtures';
import { policiesKeys } from './policies.keys';
import { policiesQueries } from './policies.queries';
import { useSavePolicyMappingMutation } from './save-policy-mapping.mutation';

const server = setupMsw();

describe('policies data access', () => {
  it('reads every policy for the pickers as the largest page, with the filters the contract names', async () => {
    const queries: string[] = [];
    server.use(handle('get', '/controlPolicy', ({ query }) => (queries.push(String(query)), envelope([controlPolicyFixture()]))));
    const { client, wrapper } = dataAccessHarness();
    const { result } = renderHook(() => useQuery(policiesQueries.list(client, { type: 'aws_required_tags', includeManaged: true })), { wrapper });
    await waitFor(() => expect(result.current.data).toHaveLength(1));
    expect(queries).toEqual(['type=aws_required_tags&includeManaged=true&page=1&pageSize=1000']);
  });

  it('reads a page of the policy list with its search, severity and paging, and the server’s total', async () => {
    const queries: string[] = [];
    server.use(
      handle('get', '/controlPolicy', ({ query }) => (queries.push(String(query)), envelope([controlPolicyFixture()], { paging: { page: 2, pageSize: 20, total: 21 } }))),
    );
    const { client, wrapper } = dataAccessHarness();
    const filters = { search: 'tags', severity: 'high', includeManaged: true, page: 2, pageSize: 20 } as const;
    const { result } = renderHook(() => useQuery(policiesQueries.page(client, filters)), { wrapper });
    await waitFor(() => expect(result.current.data?.total).toBe(21));
    expect(result.current.data?.items).toHaveLength(1);
    expect(queries).toEqual(['search=tags&severity=high&includeManaged=true&page=2&pageSize=20']);
    expect(policiesKeys.page(filters).slice(0, 2)).toEqual(policiesKeys.lists());
  });

  it('creating a policy sends the entity, seeds its detail and marks the lists stale', async () => {
    const sent: unknown[] = [];
    server.use(handle('post', '/controlPolicy', ({ body }) => (sent.push(body?.entity), envelope([controlPolicyFixture({ id: 'pol-new00001' })]))));
    const { queryClient, wrapper } = dataAccessHarness();
    queryClient.setQueryData(policiesKeys.list({}), []);
    const { result } = renderHook(() => useCreateControlPolicyMutation(), { wrapper });
    const input = { name: 'Regions', type: 'aws_allowed_regions' as const, parameters: { regions: ['eu-west-1'] } };
    await act(() => result.current.mutateAsync(input));
    expect(sent).toEqual([input]);
    expect(queryClient.getQueryData(policiesKeys.detail('pol-new00001'))).toMatchObject({ id: 'pol-new00001' });
    expect(queryClient.getQueryState(policiesKeys.list({}))?.isInvalidated).toBe(true);
  });

  it('a group mapping goes to the group endpoint, a policy mapping to the policy one, and only that subject’s mappings refresh', async () => {
    const calls: string[] = [];
    server.use(
      handle('post', '/controlPolicyGroup/controlPolicyGroupMapping', ({ body }) => (calls.push(`group ${body?.entity.controlPolicyGroupId}`), envelope([groupMappingFixture()]))),
      handle('put', '/controlPolicy/controlPolicyMapping', ({ body }) => (calls.push(`policy put ${body?.entity.enforcementLevel}`), envelope([policyMappingFixture()]))),
      handle('delete', '/controlPolicy/controlPolicyMapping', ({ body }) => (calls.push(`policy delete ${JSON.stringify(body?.entity)}`), envelope([]))),
    );
    const { queryClient, wrapper } = dataAccessHarness();
    queryClient.setQueryData(policiesKeys.mappingsOf({ kind: 'group', id: 'polg-core0001' }), []);
    queryClient.setQueryData(policiesKeys.mappingsOf({ kind: 'policy', id: 'pol-tags0001' }), []);
    const save = renderHook(() => useSavePolicyMappingMutation(), { wrapper });
    await act(() => save.result.current.mutateAsync({ mapping: groupMappingFixture() }));
    expect(queryClient.getQueryState(policiesKeys.mappingsOf({ kind: 'group', id: 'polg-core0001' }))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(policiesKeys.mappingsOf({ kind: 'policy', id: 'pol-tags0001' }))?.isInvalidated).toBe(false);
    await act(() => save.result.current.mutateAsync({ mapping: policyMappingFixture({ enforcementLevel: 'warning' }), existing: true }));
    const remove = renderHook(() => useDeletePolicyMappingMutation(), { wrapper });
    await act(() => remove.result.current.mutateAsync(policyMappingFixture()));
    expect(calls).toEqual([
      'group polg-core0001',
      'policy put warning',
      // The key only: the tuple without the enforcement level.
      'policy delete {"controlPolicyId":"pol-tags0001","targetId":"ns-platform01","targetType":"namespace"}',
    ]);
  });

  it('deleting a group drops its cached detail', async () => {
    server.use(handle('delete', '/controlPolicyGroup/{controlPolicyGroupId}', () => envelope([])));
    const { queryClient, wrapper } = dataAccessHarness();
    queryClient.setQueryData(policiesKeys.group('polg-core0001'), controlPolicyGroupFixture());
    const { result } = renderHook(() => useDeleteControlPolicyGroupMutation(), { wrapper });
    await act(() => result.current.mutateAsync('polg-core0001'));
    expect(queryClient.getQueryData(policiesKeys.group('polg-core0001'))).toBeUndefined();
  });

  it('pages violations with only the filters that are set', async () => {
    const queries: string[] = [];
    server.use(
      handle('get', '/controlPolicy/violation', ({ query }) => {
        queries.push(String(query));
        return envelope([policyViolationFixture()], { paging: { page: 2, pageSize: 10, total: 11 } });
      }),
    );
    const { client, wrapper } = dataAccessHarness();
    const { result } = renderHook(() => useQuery(policiesQueries.violations(client, { page: 2, pageSize: 10, status: 'failed', enforcementLevel: undefined })), { wrapper });
    await waitFor(() => expect(result.current.data?.total).toBe(11));
    expect(queries).toEqual(['page=2&pageSize=10&status=failed']);
  });
});
