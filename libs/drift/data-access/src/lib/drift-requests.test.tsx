import { useQuery } from '@tanstack/react-query';
import { envelope, handle } from '@terrace/api-client/testing';
import { stacksKeys } from '@terrace/stacks/data-access';
import { dataAccessHarness, setupMsw } from '@terrace/session/testing';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  driftDetailFixture,
  driftDetectionFixture,
  driftRemediationFixture,
  driftReportFixture,
} from './drift.fixtures';
import { driftKeys } from './drift.keys';
import { driftQueries } from './drift.queries';
import { driftRequests } from './drift.requests';
import { useStartDriftDetectionMutation } from './start-drift-detection.mutation';
import { useStartDriftRemediationMutation } from './start-drift-remediation.mutation';
import { useSettleDriftJob } from './use-settle-drift-job';

const server = setupMsw();

describe('drift requests', () => {
  it('asks for a stack’s drifts from the state file, as existing clients always do', async () => {
    const queries: URLSearchParams[] = [];
    server.use(
      handle('get', '/stack/driftDetails', ({ query }) => {
        queries.push(query);
        return envelope([driftDetailFixture()]);
      }),
    );
    const { client } = dataAccessHarness();
    const drifts = await driftRequests.details(client, 'stk-1');
    expect(drifts.map((d) => d.resourceAddress)).toEqual(['aws_security_group.web']);
    expect(Object.fromEntries(queries[0] ?? [])).toEqual({ stackId: 'stk-1', source: 'stateFile' });
  });

  it('sends the report’s period in days and the namespace only when one is chosen', async () => {
    const queries: Record<string, string>[] = [];
    server.use(
      handle('get', '/drift/report', ({ query }) => {
        queries.push(Object.fromEntries(query));
        return envelope(driftReportFixture(3));
      }),
    );
    const { client } = dataAccessHarness();
    expect(await driftRequests.report(client, { daysBack: 60 })).toHaveLength(3);
    await driftRequests.report(client, { daysBack: 30, namespaceId: 'ns-1' });
    expect(queries).toEqual([{ daysBack: '60' }, { daysBack: '30', namespaceId: 'ns-1' }]);
  });
});

describe('drift detection', () => {
  it('starts a detection with the stack in the entity, then polls its status until it has finished', async () => {
    const bodies: unknown[] = [];
    let polls = 0;
    server.use(
      handle('post', '/stack/driftDetection', ({ body }) => {
        bodies.push(body);
        return envelope([driftDetectionFixture({ status: 'queued' })]);
      }),
      handle('get', '/stack/driftDetectionStatus', ({ query }) => {
        polls += 1;
        expect(Object.fromEntries(query)).toEqual({ stackId: 'stk-1', driftDetectionId: 'dd-1' });
        return envelope([
          driftDetectionFixture({
            status: polls < 2 ? 'inProgress' : 'succeeded',
            driftState: 'drifted',
          }),
        ]);
      }),
    );
    const { wrapper, client } = dataAccessHarness();
    const start = renderHook(() => useStartDriftDetectionMutation(), { wrapper });
    let detection: Awaited<ReturnType<typeof start.result.current.mutateAsync>> | undefined;
    await act(async () => {
      detection = await start.result.current.mutateAsync('stk-1');
    });
    expect(bodies).toEqual([{ entity: { stackId: 'stk-1' } }]);
    expect(detection?.status).toBe('queued');

    const poll = renderHook(() => useQuery(driftQueries.detection(client, 'stk-1', 'dd-1')), {
      wrapper,
    });
    await waitFor(() => expect(poll.result.current.data?.status).toBe('succeeded'), {
      timeout: 10_000,
    });
    const settledAt = polls;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(polls, 'no polling once the detection has finished').toBe(settledAt);
  });
});

describe('drift remediation', () => {
  it('sends the mode and the chosen resources, and polls the remediation by its id', async () => {
    const bodies: unknown[] = [];
    server.use(
      handle('post', '/stack/driftRemediation', ({ body }) => {
        bodies.push(body);
        return envelope([driftRemediationFixture({ mode: 'importChangesToCode' })]);
      }),
      handle('get', '/stack/driftRemediationStatus', ({ query }) => {
        expect(query.get('driftRemediationId')).toBe('dr-1');
        return envelope([
          driftRemediationFixture({
            mode: 'importChangesToCode',
            status: 'succeeded',
            pullRequestUrl: 'https://github.com/acme/infra/pull/7',
          }),
        ]);
      }),
    );
    const { wrapper, client } = dataAccessHarness();
    const start = renderHook(() => useStartDriftRemediationMutation(), { wrapper });
    await act(async () => {
      await start.result.current.mutateAsync({
        stackId: 'stk-1',
        mode: 'importChangesToCode',
        resourceAddresses: ['aws_security_group.web'],
      });
    });
    expect(bodies).toEqual([
      {
        entity: {
          stackId: 'stk-1',
          mode: 'importChangesToCode',
          resourceAddresses: ['aws_security_group.web'],
        },
      },
    ]);
    const poll = renderHook(() => useQuery(driftQueries.remediation(client, 'stk-1', 'dr-1')), {
      wrapper,
    });
    await waitFor(
      () =>
        expect(poll.result.current.data?.pullRequestUrl).toBe(
          'https://github.com/acme/infra/pull/7',
        ),
      { timeout: 10_000 },
    );
  });

  it('marks the stack’s lists, its drifts and the report stale once a job has finished', async () => {
    const { wrapper, queryClient } = dataAccessHarness();
    for (const key of [
      stacksKeys.list({ page: 1, pageSize: 20 }),
      stacksKeys.detail('stk-1'),
      driftKeys.details('stk-1'),
      driftKeys.report({ daysBack: 30 }),
      driftKeys.details('stk-2'),
    ]) {
      queryClient.setQueryData(key, []);
    }
    const settle = renderHook(() => useSettleDriftJob(), { wrapper });
    await act(() => settle.result.current('stk-1').then(() => undefined));
    const stale = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect(stale(stacksKeys.list({ page: 1, pageSize: 20 }))).toBe(true);
    expect(stale(stacksKeys.detail('stk-1'))).toBe(true);
    expect(stale(driftKeys.details('stk-1'))).toBe(true);
    expect(stale(driftKeys.report({ daysBack: 30 }))).toBe(true);
    expect(stale(driftKeys.details('stk-2'))).toBe(false);
  });
});
