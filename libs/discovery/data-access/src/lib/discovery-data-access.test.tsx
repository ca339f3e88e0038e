import { useQuery } from '@tanstack/react-query';
import { envelope, handle } from '@terrace/api-client/testing';
import { dataAccessHarness, setupMsw } from '@terrace/session/testing';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { discoveryFixture } from './discovery.fixtures';
import { discoveryKeys } from './discovery.keys';
import { useRunDiscoveryMutation } from './run-discovery.mutation';
import { discoveryQueries } from './discovery.queries';

const server = setupMsw();

describe('discovery data access', () => {
  it('polls a configuration while its scan runs and stops when it finishes', async () => {
    const statuses = ['inProgress', 'finished'] as const;
    let calls = 0;
    server.use(
      handle('get', '/stackDiscoveryConfiguration/{stackDiscoveryConfigurationId}', () => {
        const status = statuses[Math.min(calls, 1)] ?? 'finished';
        calls += 1;
        return envelope([discoveryFixture({ status })]);
      }),
    );
    const { client, wrapper } = dataAccessHarness();
    const options = discoveryQueries.detail(client, 'sdc-monorepo01');
    expect(typeof options.refetchInterval).toBe('function');
    const { result } = renderHook(() => useQuery({ ...options, refetchInterval: (q) => (q.state.data?.status === 'inProgress' ? 10 : false) }), { wrapper });
    await waitFor(() => expect(result.current.data?.status).toBe('finished'));
    expect(calls).toBe(2);
  });

  it('running a scan posts to the run operation and refreshes the configuration', async () => {
    const ran: string[] = [];
    server.use(
      handle('post', '/stackDiscoveryConfiguration/{stackDiscoveryConfigurationId}/run', ({ params }) => {
        ran.push(params['stackDiscoveryConfigurationId'] ?? '');
        return envelope([{ id: 'sde-2', stackDiscoveryConfigurationId: 'sdc-monorepo01', status: 'init', createdAt: '2026-11-24T10:00:00.000Z' }]);
      }),
    );
    const { queryClient, wrapper } = dataAccessHarness();
    queryClient.setQueryData(discoveryKeys.detail('sdc-monorepo01'), discoveryFixture());
    const { result } = renderHook(() => useRunDiscoveryMutation(), { wrapper });
    await act(() => result.current.mutateAsync('sdc-monorepo01'));
    expect(ran).toEqual(['sdc-monorepo01']);
    expect(queryClient.getQueryState(discoveryKeys.detail('sdc-monorepo01'))?.isInvalidated).toBe(true);
  });
});
