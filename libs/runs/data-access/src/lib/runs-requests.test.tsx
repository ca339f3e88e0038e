import { useQuery } from '@tanstack/react-query';
import { envelope, handle } from '@terrace/api-client/testing';
import { dataAccessHarness, setupMsw } from '@terrace/session/testing';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useApproveDeploymentMutation } from './approve-deployment.mutation';
import { useApproveFailedPoliciesMutation } from './approve-failed-policies.mutation';
import { useCancelRunMutation } from './cancel-run.mutation';
import { useCreateCommentMutation } from './create-comment.mutation';
import { useCreateDeploymentMutation } from './create-deployment.mutation';
import { useCreatePlanMutation } from './create-plan.mutation';
import { useCreateTaskMutation } from './create-task.mutation';
import { useForceStartRunMutation } from './force-start-run.mutation';
import { commentFixture, deploymentFixture, planFixture, runFixture, runStateFixture, taskFixture } from './runs.fixtures';
import { runsKeys } from './runs.keys';
import { runsQueries } from './runs.queries';
import { runsRequests } from './runs.requests';

const server = setupMsw();
const ref = (id: string, status: 'queued' | 'approved' | 'canceled' | 'cancelling' | 'approvedFailedControlPolicies' = 'queued') => ({
  id,
  status,
  isActive: status !== 'canceled',
  createdAt: '2026-11-02T10:00:00.000Z',
});

describe('runs requests', () => {
  it('lists runs with the filters as the contract’s query and the server’s total', async () => {
    const queries: URLSearchParams[] = [];
    server.use(
      handle('get', '/stack/run', ({ query }) => {
        queries.push(query);
        return envelope([runFixture()], { paging: { page: 2, pageSize: 20, total: 41 } });
      }),
    );
    const { client } = dataAccessHarness();
    const page = await runsRequests.list(client, { page: 2, pageSize: 20, isActive: false, updatedInTheLastHours: 24, kind: 'plan', status: 'failed', namespaceId: 'ns-1' });
    expect(page.total).toBe(41);
    expect(Object.fromEntries(queries[0] ?? [])).toEqual({
      page: '2',
      pageSize: '20',
      isActive: 'false',
      updatedInTheLastHours: '24',
      kind: 'plan',
      status: 'failed',
      namespaceId: 'ns-1',
    });
  });

  it('reads each kind of run, and its step results, on its own path', async () => {
    const seen: string[] = [];
    server.use(
      handle('get', '/stack/plan/{planId}', ({ params }) => (seen.push(`plan ${params['planId']}`), envelope([planFixture()]))),
      handle('get', '/stack/deployment/{deploymentId}', ({ params }) => (seen.push(`deployment ${params['deploymentId']}`), envelope([deploymentFixture()]))),
      handle('get', '/stack/task/{taskId}', ({ params }) => (seen.push(`task ${params['taskId']}`), envelope([taskFixture()]))),
      handle('get', '/stack/planState/v2', ({ query }) => (seen.push(`planState ${query.get('planId')}`), envelope([runStateFixture()]))),
      handle('get', '/stack/deploymentState/v2', ({ query }) => (seen.push(`deploymentState ${query.get('deploymentId')}`), envelope([runStateFixture()]))),
      handle('get', '/stack/taskState', ({ query }) => (seen.push(`taskState ${query.get('taskId')}`), envelope([runStateFixture()]))),
    );
    const { client } = dataAccessHarness();
    await runsRequests.get(client, 'plan', 'plan-1');
    await runsRequests.get(client, 'deployment', 'dep-1');
    await runsRequests.get(client, 'task', 'task-1');
    await runsRequests.state(client, 'plan', 'plan-1');
    await runsRequests.state(client, 'deployment', 'dep-1');
    const state = await runsRequests.state(client, 'task', 'task-1');
    expect(seen).toEqual(['plan plan-1', 'deployment dep-1', 'task task-1', 'planState plan-1', 'deploymentState dep-1', 'taskState task-1']);
    expect(state.results?.tfSecResult?.failedTfSecChecks).toHaveLength(1);
  });
});

describe('runs mutations', () => {
  it('starting a plan sends the stack and resolves only once the shown runs list is fresh', async () => {
    const sent: unknown[] = [];
    let created = false;
    server.use(
      handle('get', '/stack/run', () => envelope(created ? [runFixture({ id: 'plan-9', kind: 'plan', status: 'queued' })] : [], { paging: { page: 1, pageSize: 20, total: created ? 1 : 0 } })),
      handle('post', '/stack/plan', ({ body }) => {
        sent.push(body?.entity);
        created = true;
        return envelope([ref('plan-9')]);
      }),
    );
    const { client, queryClient, wrapper } = dataAccessHarness();
    const filters = { page: 1, pageSize: 20, stackId: 'stk-1' } as const;
    const { result } = renderHook(() => ({ list: useQuery(runsQueries.list(client, filters)), plan: useCreatePlanMutation() }), { wrapper });
    await waitFor(() => expect(result.current.list.data?.total).toBe(0));
    let whenResolved: unknown;
    await act(async () => {
      await result.current.plan.mutateAsync('stk-1');
      whenResolved = queryClient.getQueryData(runsKeys.list(filters));
    });
    expect(sent).toEqual([{ stackId: 'stk-1' }]);
    expect(whenResolved).toMatchObject({ total: 1, items: [{ id: 'plan-9' }] });
  });

  it('starts a deployment, a destroy and a task with the contract’s bodies', async () => {
    const sent: unknown[] = [];
    server.use(
      handle('post', '/stack/deployment', ({ body }) => (sent.push(body?.entity), envelope([ref('dep-9')]))),
      handle('post', '/stack/task', ({ body }) => (sent.push(body?.entity), envelope([ref('task-9')]))),
    );
    const { wrapper } = dataAccessHarness();
    const { result } = renderHook(() => ({ deploy: useCreateDeploymentMutation(), task: useCreateTaskMutation() }), { wrapper });
    await act(() => result.current.deploy.mutateAsync({ stackId: 'stk-1' }));
    await act(() => result.current.deploy.mutateAsync({ stackId: 'stk-1', isDestroy: true }));
    await act(() => result.current.task.mutateAsync({ stackId: 'stk-1', taskToExecute: { taskType: 'refreshState', mode: 'Apply' } }));
    expect(sent).toEqual([
      { stackId: 'stk-1', isDestroy: false },
      { stackId: 'stk-1', isDestroy: true },
      { stackId: 'stk-1', taskToExecute: { taskType: 'refreshState', mode: 'Apply' } },
    ]);
  });

  it('approving resolves once the deployment has been fetched again, with its new status', async () => {
    let approved = false;
    let reads = 0;
    const approvals: (string | null)[] = [];
    server.use(
      handle('get', '/stack/deployment/{deploymentId}', () => {
        reads += 1;
        return envelope([deploymentFixture({ status: approved ? 'approved' : 'waitingForApproval' })]);
      }),
      handle('put', '/stack/deployment/approve', ({ query }) => {
        approvals.push(query.get('deploymentId'));
        approved = true;
        return envelope([ref('dep-1', 'approved')]);
      }),
    );
    const { client, queryClient, wrapper } = dataAccessHarness();
    const { result } = renderHook(() => ({ run: useQuery(runsQueries.detail(client, 'deployment', 'dep-1')), approve: useApproveDeploymentMutation() }), { wrapper });
    await waitFor(() => expect(result.current.run.data?.status).toBe('waitingForApproval'));
    let whenResolved: { reads: number; status?: string } = { reads: 0 };
    await act(async () => {
      await result.current.approve.mutateAsync('dep-1');
      whenResolved = { reads, status: queryClient.getQueryData<{ status: string }>(runsKeys.detail('deployment', 'dep-1'))?.status };
    });
    expect(approvals).toEqual(['dep-1']);
    expect(whenResolved).toEqual({ reads: 2, status: 'approved' });
  });

  it('cancels each kind on its own path, a forced cancel of a deployment with force', async () => {
    const calls: string[] = [];
    server.use(
      handle('put', '/stack/plan/cancel', ({ query }) => (calls.push(`plan ${query}`), envelope([ref('plan-1', 'canceled')]))),
      handle('put', '/stack/deployment/cancel', ({ query }) => (calls.push(`deployment ${query}`), envelope([ref('dep-1', 'cancelling')]))),
      handle('put', '/stack/task/cancel', ({ query }) => (calls.push(`task ${query}`), envelope([ref('task-1', 'canceled')]))),
    );
    const { queryClient, wrapper } = dataAccessHarness();
    queryClient.setQueryData(runsKeys.detail('deployment', 'dep-1'), deploymentFixture({ status: 'inProgress' }));
    const { result } = renderHook(() => useCancelRunMutation(), { wrapper });
    await act(() => result.current.mutateAsync({ kind: 'plan', id: 'plan-1' }));
    await act(() => result.current.mutateAsync({ kind: 'deployment', id: 'dep-1', force: true }));
    await act(() => result.current.mutateAsync({ kind: 'task', id: 'task-1' }));
    expect(calls).toEqual(['plan planId=plan-1', 'deployment deploymentId=dep-1&force=true', 'task taskId=task-1']);
    // The detail was not on screen (no observer): it keeps the answered status, marked stale.
    expect(queryClient.getQueryData(runsKeys.detail('deployment', 'dep-1'))).toMatchObject({ status: 'cancelling' });
    expect(queryClient.getQueryState(runsKeys.detail('deployment', 'dep-1'))?.isInvalidated).toBe(true);
  });

  it('force-starts a plan, and approves failed policies of a deployment', async () => {
    const calls: string[] = [];
    server.use(
      handle('put', '/stack/plan/forceStart', ({ query }) => (calls.push(`plan ${query}`), envelope([ref('plan-1')]))),
      handle('put', '/stack/deployment/approveFailedPolicies', ({ query }) => (calls.push(`policies ${query}`), envelope([ref('dep-1', 'approvedFailedControlPolicies')]))),
    );
    const { wrapper } = dataAccessHarness();
    const { result } = renderHook(() => ({ start: useForceStartRunMutation(), policies: useApproveFailedPoliciesMutation() }), { wrapper });
    await act(() => result.current.start.mutateAsync({ kind: 'plan', id: 'plan-1' }));
    await act(() => result.current.policies.mutateAsync('dep-1'));
    expect(calls).toEqual(['plan planId=plan-1', 'policies deploymentId=dep-1']);
  });

  it('a comment is sent with its run and the run’s comments are fetched again', async () => {
    const comments = [commentFixture()];
    server.use(
      handle('get', '/comment', ({ query }) => envelope(comments.filter((c) => c.runId === query.get('runId')))),
      handle('post', '/comment', ({ body }) => {
        const comment = commentFixture({ id: 'cmt-2', runId: body?.entity.runId ?? '', text: body?.entity.text ?? '' });
        comments.push(comment);
        return envelope([comment]);
      }),
    );
    const { client, wrapper } = dataAccessHarness();
    const { result } = renderHook(() => ({ list: useQuery(runsQueries.comments(client, 'deployment', 'dep-1')), add: useCreateCommentMutation() }), { wrapper });
    await waitFor(() => expect(result.current.list.data).toHaveLength(1));
    await act(() => result.current.add.mutateAsync({ kind: 'deployment', id: 'dep-1', text: 'Looks right.' }));
    expect(result.current.list.data?.map((c) => c.text)).toEqual([commentFixture().text, 'Looks right.']);
  });
});
