import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  commentFixture,
  deploymentFixture,
  eventStreamResponse,
  planFixture,
  remoteRunFixture,
  runFixture,
  runStateFixture,
  taskFixture,
  type StreamEvent,
} from '@terrace/runs/data-access/testing';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { signedInStoryRoutes, StoryApp, type StoryRoutes } from '../testing/story-app';
import { ActiveRunsPage } from './active-runs-page';
import { RemoteRunPage } from './remote-run-page';
import { DeploymentRoute, PlanRoute, TaskRoute } from './run-page';
import { StackRunActions } from './stack-run-actions';

const E = '\u001b';
const log: StreamEvent[] = [
  `${E}[1m▶ git clone${E}[0m`,
  "Cloning into 'infra'...",
  `${E}[1m▶ terraform init${E}[0m`,
  `${E}[32mTerraform has been successfully initialized!${E}[0m`,
  `${E}[1m▶ terraform plan${E}[0m`,
  `  ${E}[32m+${E}[0m aws_subnet.private[2]`,
  `  ${E}[33m~${E}[0m aws_vpc.main`,
  `${E}[31m-/+${E}[0m aws_nat_gateway.main`,
  `${E}[1mPlan:${E}[0m 2 to add, 1 to change, 1 to destroy.`,
].map((text, index) => ({ event: 'log', data: { seq: index + 1, text } }));

const routes: StoryRoutes = {
  ...signedInStoryRoutes('admin'),
  'GET /stack/deployment/{deploymentId}': () => [deploymentFixture()],
  'GET /stack/deploymentState/v2': () => [runStateFixture()],
  'GET /stack/plan/{planId}': () => [planFixture()],
  'GET /stack/planState/v2': () => [runStateFixture({ runId: 'plan-1', status: 'succeeded', isActive: false, steps: planFixture().planSteps ?? [] })],
  'GET /stack/task/{taskId}': () => [taskFixture({ status: 'notStarted', isActive: true, blockedBy: { kind: 'stackMutex', runId: 'dep-1' }, positionInQueue: 2 })],
  'GET /stack/taskState': () => [runStateFixture({ runId: 'task-1', status: 'notStarted', steps: [], results: {} })],
  'GET /stack/run/{runId}/logs': () => eventStreamResponse([log, [{ event: 'end' }]]),
  'GET /comment': () => [commentFixture()],
  'GET /stack/run': (url) =>
    url.searchParams.get('isActive') === 'true'
      ? [
          runFixture({ id: 'dep-7', status: 'inProgress', isActive: true, durationInMs: undefined }),
          runFixture({ id: 'plan-8', kind: 'plan', status: 'queued', isActive: true, stackName: 'dns', durationInMs: undefined }),
          runFixture({ id: 'dep-9', kind: 'destroy', status: 'waitingForApproval', isActive: true, stackName: 'preview-42' }),
        ]
      : [runFixture(), runFixture({ id: 'task-3', kind: 'task', status: 'failed', config: { taskToExecute: { taskType: 'refreshState', mode: 'Plan' } } })],
  'GET /stack/remoteRun/details': () => [remoteRunFixture()],
};

const meta = {
  title: 'Runs/Pages',
  component: StoryApp,
  args: { path: 'deployment/:deploymentId', url: '/app/deployment/dep-1', element: <DeploymentRoute />, routes },
} satisfies Meta<typeof StoryApp>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Waiting for the second of two approvals, with its plan, steps and log. */
export const DeploymentWaitingForApproval: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('1 of 2 approvals received')).toBeVisible();
    await expect(await canvas.findByText('The log is complete.')).toBeVisible();
  },
};
/** The control policy results tab, worst first, with the override while failed policies block the deployment. */
export const DeploymentPolicyResults: Story = {
  args: {
    url: '/app/deployment/dep-1?tab=policies',
    routes: { ...routes, 'GET /stack/deployment/{deploymentId}': () => [deploymentFixture({ status: 'waitingForFailedControlPoliciesApproval', approvals: [] })] },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('table', { name: 'Control policy results, worst first' })).toBeVisible();
  },
};
export const DeploymentErrorBeforeSteps: Story = {
  args: {
    routes: {
      ...routes,
      'GET /stack/deployment/{deploymentId}': () => [
        deploymentFixture({
          status: 'error',
          isActive: false,
          approvals: [],
          deploymentSteps: [{ name: 'gitClone', status: 'notStarted' }],
          errorSummary: 'This error occurred before individual steps could be executed: git clone: authentication required',
        }),
      ],
      'GET /stack/deploymentState/v2': () => [runStateFixture({ status: 'error', isActive: false, steps: [{ name: 'gitClone', status: 'notStarted' }], results: {} })],
    },
  },
};
export const PlanChanges: Story = {
  args: { path: 'plan/:planId', url: '/app/plan/plan-1?tab=changes', element: <PlanRoute /> },
};
/** A task waiting for the deployment that holds the stack, second in the queue. */
export const TaskWaiting: Story = {
  args: { path: 'task/:taskId', url: '/app/task/task-1', element: <TaskRoute /> },
};
export const ActiveRuns: Story = {
  args: { path: 'activeRuns', url: '/app/activeRuns', element: <ActiveRunsPage /> },
};
export const ActiveRunsEmpty: Story = {
  args: { path: 'activeRuns', url: '/app/activeRuns', element: <ActiveRunsPage />, routes: { ...routes, 'GET /stack/run': () => [] } },
};
export const RemoteRun: Story = {
  args: { path: 'remoteRun/:runId', url: '/app/remoteRun/rr-1', element: <RemoteRunPage /> },
};
/** The stack page's run buttons, with the run-task form open on an import. */
export const StackRunTask: Story = {
  args: { path: 'stack/:stackId', url: '/app/stack/stk-1', element: <StackRunActions stack={{ id: 'stk-1', name: 'network', namespaceId: 'ns-1' }} /> },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    // The buttons are disabled until the session says what the user may do.
    await waitFor(() => expect(body.getByRole('button', { name: 'Run task' })).toBeEnabled());
    await userEvent.click(body.getByRole('button', { name: 'Run task' }));
    // The dialog's code loads when it first opens (lazyDialog).
    await expect(await body.findByRole('dialog', { name: 'Run a task on network' }, { timeout: 15_000 })).toBeVisible();
  },
};
