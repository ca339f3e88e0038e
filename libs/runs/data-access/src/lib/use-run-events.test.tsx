import { useQuery } from '@tanstack/react-query';
import { envelope, errorResponse, handle } from '@terrace/api-client/testing';
import { dataAccessHarness, setupMsw } from '@terrace/session/testing';
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { eventStreamResponse } from './event-stream-response';
import { deploymentFixture, runStateFixture } from './runs.fixtures';
import { runsQueries } from './runs.queries';
import { runsKeys } from './runs.keys';
import type { Deployment, RunStateV2, RunStep } from './runs.types';
import { applyStatusEvent, splitLines, useRunEvents } from './use-run-events';

const server = setupMsw();

function openRun() {
  const { client, wrapper } = dataAccessHarness();
  return renderHook(
    () => ({
      run: useQuery(runsQueries.detail(client, 'deployment', 'dep-1')),
      state: useQuery(runsQueries.state(client, 'deployment', 'dep-1')),
      events: useRunEvents('deployment', 'dep-1', { retryDelaysMs: [1] }),
    }),
    { wrapper },
  );
}

describe('useRunEvents', () => {
  it('shows the lines as they come, and fetches the run once when its stream ends', async () => {
    let reads = 0;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      handle('get', '/stack/deployment/{deploymentId}', () => {
        reads += 1;
        return envelope([deploymentFixture({ status: reads === 1 ? 'approved' : 'succeeded', isActive: reads === 1 })]);
      }),
      handle('get', '/stack/deploymentState/v2', () => envelope([runStateFixture({ status: reads === 1 ? 'approved' : 'succeeded' })])),
      handle('get', '/stack/run/{runId}/logs', async () => {
        // The stream opens before the run is read; its events wait for the page's first data.
        await gate;
        return eventStreamResponse([
          [
            { event: 'log', data: { seq: 1, text: '\u001b[1m▶ terraform apply\u001b[0m\n' } },
            { event: 'status', data: { runId: 'dep-1', status: 'inProgress', isActive: true, step: 'terraformApply', stepStatus: 'inProgress' } },
          ],
          [
            { event: 'log', data: { seq: 2, text: 'Apply complete!\r\nResources: 2 added.' } },
            { event: 'status', data: { runId: 'dep-1', status: 'succeeded', isActive: false, step: 'terraformApply', stepStatus: 'succeeded' } },
            { event: 'end' },
          ],
        ]);
      }),
    );
    const { result } = openRun();
    await waitFor(() => expect(result.current.run.data?.status).toBe('approved'));
    await waitFor(() => expect(result.current.state.data).toBeDefined());
    release();
    await waitFor(() => expect(result.current.events.status).toBe('ended'));
    expect(result.current.events.lines).toEqual(['\u001b[1m▶ terraform apply\u001b[0m', 'Apply complete!', 'Resources: 2 added.']);
    // One read more after the end, and the answer of that read on screen.
    await waitFor(() => expect(result.current.run.data?.isActive).toBe(false));
    expect(reads).toBe(2);
  });

  it('reads the run again when it comes to wait for people (its policy results and plan), while its stream stays open', async () => {
    let stateReads = 0;
    const hold = new AbortController();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      handle('get', '/stack/deployment/{deploymentId}', () => envelope([deploymentFixture({ status: 'inProgress', isActive: true })])),
      handle('get', '/stack/deploymentState/v2', () => {
        stateReads += 1;
        return envelope([runStateFixture({ status: stateReads === 1 ? 'inProgress' : 'waitingForFailedControlPoliciesApproval' })]);
      }),
      handle('get', '/stack/run/{runId}/logs', async () => {
        await gate;
        return eventStreamResponse(
          [
            [{ event: 'status', data: { runId: 'dep-1', status: 'inProgress', isActive: true, step: 'terraformPlan', stepStatus: 'succeeded' } }],
            [{ event: 'status', data: { runId: 'dep-1', status: 'waitingForFailedControlPoliciesApproval', isActive: true, step: 'controlPolicies', stepStatus: 'waitingForFailedControlPoliciesApproval' } }],
          ],
          { hold: hold.signal },
        );
      }),
    );
    const { result, unmount } = openRun();
    await waitFor(() => expect(result.current.state.data).toBeDefined());
    release();
    await waitFor(() => expect(stateReads).toBe(2));
    expect(result.current.events.status, 'the stream is still open').toBe('live');
    unmount();
    hold.abort();
  });

  it('falls back to fetching the run once when its stream is not available', async () => {
    let reads = 0;
    let streams = 0;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      handle('get', '/stack/deployment/{deploymentId}', () => {
        reads += 1;
        return envelope([deploymentFixture()]);
      }),
      handle('get', '/stack/deploymentState/v2', () => envelope([runStateFixture()])),
      handle('get', '/stack/run/{runId}/logs', async () => {
        streams += 1;
        await gate;
        return errorResponse(404, 'not_found', 'Not Found');
      }),
    );
    const { result } = openRun();
    await waitFor(() => expect(result.current.run.data).toBeDefined());
    release();
    await waitFor(() => expect(result.current.events.status).toBe('unavailable'));
    await waitFor(() => expect(reads).toBe(2));
    // No loop: the page stays as fetched until the user reloads.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect({ reads, streams }).toEqual({ reads: 2, streams: 1 });
  });
});

describe('applyStatusEvent', () => {
  it('sets the run’s status and its step’s in the run and in its step results, adding a step not listed yet', () => {
    const { queryClient } = dataAccessHarness();
    queryClient.setQueryData(runsKeys.detail('deployment', 'dep-1'), deploymentFixture({ status: 'approved' }));
    queryClient.setQueryData(runsKeys.state('deployment', 'dep-1'), runStateFixture({ status: 'approved' }));
    applyStatusEvent(queryClient, 'deployment', 'dep-1', { runId: 'dep-1', status: 'inProgress', isActive: true, step: 'terraformApply', stepStatus: 'inProgress' });
    applyStatusEvent(queryClient, 'deployment', 'dep-1', { runId: 'dep-1', status: 'inProgress', isActive: true, step: 'outputs', stepStatus: 'inProgress' });
    const run = queryClient.getQueryData<Deployment>(runsKeys.detail('deployment', 'dep-1'));
    const state = queryClient.getQueryData<RunStateV2>(runsKeys.state('deployment', 'dep-1'));
    const statusOf = (steps: RunStep[] | undefined, name: string) => steps?.find((s) => s.name === name)?.status;
    expect(run?.status).toBe('inProgress');
    expect(statusOf(run?.deploymentSteps, 'terraformApply')).toBe('inProgress');
    expect(statusOf(state?.steps, 'terraformApply')).toBe('inProgress');
    expect(state?.steps.at(-1)).toEqual({ name: 'outputs', status: 'inProgress' });
    expect(statusOf(run?.deploymentSteps, 'gitClone')).toBe('succeeded');
  });

  it('leaves a run that is not loaded alone', () => {
    const { queryClient } = dataAccessHarness();
    applyStatusEvent(queryClient, 'plan', 'plan-1', { runId: 'plan-1', status: 'succeeded', isActive: false });
    expect(queryClient.getQueryData(runsKeys.detail('plan', 'plan-1'))).toBeUndefined();
  });
});

describe('splitLines', () => {
  it('splits on line breaks and drops the break that ends the text', () => {
    expect(splitLines('a\nb\n')).toEqual(['a', 'b']);
    expect(splitLines('a\r\n\r\nb')).toEqual(['a', '', 'b']);
    expect(splitLines('')).toEqual(['']);
  });
});
