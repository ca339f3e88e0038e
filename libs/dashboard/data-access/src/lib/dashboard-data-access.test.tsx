import { useQuery } from '@tanstack/react-query';
import { envelope, errorResponse, handle } from '@terrace/api-client/testing';
import { dataAccessHarness, setupMsw } from '@terrace/session/testing';
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dashboardFixtures } from './dashboard.fixtures';
import { dashboardKeys } from './dashboard.keys';
import { dashboardQueries } from './dashboard.queries';

const server = setupMsw();

describe('dashboard queries', () => {
  it('reads the whole overview in one call, under the domain key', async () => {
    let calls = 0;
    server.use(
      handle('get', '/dashboard/automationOverview', () => {
        calls += 1;
        return envelope([dashboardFixtures.started()]);
      }),
    );
    const { client, wrapper } = dataAccessHarness();
    const { result } = renderHook(() => useQuery(dashboardQueries.overview(client)), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(calls).toBe(1);
    expect(result.current.data?.gettingStarted).toEqual({ vcsProviderConnected: true, namespaceCreated: true, stackCreated: false, planRun: false });
    expect(dashboardKeys.overview().slice(0, 1)).toEqual(dashboardKeys.all);
  });

  it('fails the query when the server refuses', async () => {
    server.use(handle('get', '/dashboard/automationOverview', () => errorResponse(403, 'forbidden', 'Not allowed')));
    const { client, wrapper } = dataAccessHarness();
    const { result } = renderHook(() => useQuery({ ...dashboardQueries.overview(client), retry: false }), { wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
  });
});
