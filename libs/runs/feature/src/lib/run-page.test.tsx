import { envelope, handle } from '@terrace/api-client/testing';
import { deploymentFixture, eventStreamResponse, runStateFixture, taskFixture, commentFixture, type StreamEvent } from '@terrace/runs/data-access/testing';
import { signedInAs } from '@terrace/session/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, setupMsw } from '../testing/render-page';
import { DeploymentRoute, TaskRoute } from './run-page';

const server = setupMsw();

/** The calls a deployment's page makes, answered from `deployment`; the stream replays `events` and ends. */
function deploymentHandlers(deployment = deploymentFixture(), events: StreamEvent[][] = [[{ event: 'end' }]]) {
  return [
    handle('get', '/stack/deployment/{deploymentId}', () => envelope([deployment])),
    handle('get', '/stack/deploymentState/v2', () => envelope([runStateFixture({ runId: deployment.id, status: deployment.status, isActive: deployment.isActive })])),
    handle('get', '/stack/run/{runId}/logs', () => eventStreamResponse(events)),
    handle('get', '/comment', () => envelope([commentFixture()])),
  ];
}

function openDeployment(url = '/app/deployment/dep-1') {
  return renderPage({ path: 'deployment/:deploymentId', element: <DeploymentRoute />, url, otherPaths: ['stack/:stackId', 'deployment/:deploymentId'] });
}

describe('a deployment’s page', () => {
  it('shows the header, who started it from which commit, the plan, the approvals received of those required', async () => {
    server.use(...signedInAs('admin'), ...deploymentHandlers());
    openDeployment();
    expect(await screen.findByRole('heading', { level: 1, name: 'Deployment' })).toBeInTheDocument();
    expect(screen.getAllByText('Waiting for approval')[0]).toBeInTheDocument();
    const about = screen.getByRole('region', { name: 'About this run' });
    expect(within(about).getByRole('link', { name: 'network' })).toHaveAttribute('href', '/app/stack/stk-1?tab=runs');
    expect(within(about).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(about).getByText('acme/infra · main @ 3f9c2d1')).toBeInTheDocument();
    expect(within(about).getByText('Widen the subnets')).toBeInTheDocument();
    expect(within(about).getByText('Terraform 1.5.7')).toBeInTheDocument();
    expect(screen.getByText('1 of 2 approvals received')).toBeInTheDocument();
    expect(screen.getByText(/Approved by Grace Hopper/)).toBeInTheDocument();
    const plan = screen.getByRole('region', { name: 'Plan' });
    expect(within(plan).getByText('to create').closest('[data-action]')).toHaveTextContent('2 to create');
    expect(within(plan).getByText('to replace').closest('[data-action]')).toHaveTextContent('1 to replace');
  });

  it('approves after confirming, and shows the status the server answered', async () => {
    let approved = false;
    const approvals: (string | null)[] = [];
    server.use(
      ...signedInAs('member'),
      handle('put', '/stack/deployment/approve', ({ query }) => {
        approvals.push(query.get('deploymentId'));
        approved = true;
        return envelope([{ id: 'dep-1', status: 'approved', isActive: true, createdAt: '2026-11-02T10:00:00.000Z' }]);
      }),
      handle('get', '/stack/deployment/{deploymentId}', () =>
        envelope([deploymentFixture(approved ? { status: 'approved', approvals: [...(deploymentFixture().approvals ?? []), { userName: 'Ada Lovelace', approvedAt: '2026-11-02T10:05:00.000Z' }] } : {})]),
      ),
      ...deploymentHandlers(),
    );
    const { user } = openDeployment();
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Approve this deployment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Your approval is recorded.')).toBeInTheDocument();
    expect(approvals).toEqual(['dep-1']);
    expect(await screen.findByText('2 of 2 approvals received')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it('keeps the actions a viewer may not use visible, disabled, with the reason', async () => {
    server.use(...signedInAs('viewer'), ...deploymentHandlers());
    openDeployment();
    const approve = await screen.findByRole('button', { name: 'Approve' });
    expect(approve).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    const reason = 'Your role does not allow this. Ask an organization admin.';
    expect(approve.closest('[data-slot="disabled-reason"]')).toHaveAccessibleDescription(reason);
    // The AI analysis waits for the AI assistant, whoever asks.
    expect(screen.getByRole('button', { name: 'Analyze with AI' })).toBeDisabled();
  });

  it('offers the override of failed policies while they block the deployment', async () => {
    const calls: string[] = [];
    server.use(
      ...signedInAs('admin'),
      handle('put', '/stack/deployment/approveFailedPolicies', ({ query }) => {
        calls.push(String(query));
        return envelope([{ id: 'dep-1', status: 'approvedFailedControlPolicies', isActive: true, createdAt: '2026-11-02T10:00:00.000Z' }]);
      }),
      ...deploymentHandlers(deploymentFixture({ status: 'waitingForFailedControlPoliciesApproval', approvals: [] })),
    );
    const { user } = openDeployment();
    await user.click(await screen.findByRole('button', { name: 'Approve failed policies' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Override and continue' }));
    await waitFor(() => expect(calls).toEqual(['deploymentId=dep-1']));
  });

  it('shows the control policy results worst first in their tab, with the override when the run waits for it', async () => {
    const calls: string[] = [];
    const waiting = deploymentFixture({ status: 'waitingForFailedControlPoliciesApproval', approvals: [] });
    server.use(
      ...signedInAs('admin'),
      handle('put', '/stack/deployment/approveFailedPolicies', ({ query }) => {
        calls.push(String(query));
        return envelope([{ id: 'dep-1', status: 'approvedFailedControlPolicies', isActive: true, createdAt: '2026-11-02T10:00:00.000Z' }]);
      }),
      ...deploymentHandlers(waiting),
    );
    const { user } = openDeployment('/app/deployment/dep-1?tab=policies');
    const table = await screen.findByRole('table', { name: 'Control policy results, worst first' });
    const names = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[0]?.textContent);
    // A failed warning (score 5) outranks a passed hard-mandatory policy (3).
    expect(names).toEqual(['Tag every resource', 'No public buckets']);
    expect(within(table).getByRole('link', { name: 'Tag every resource' })).toHaveAttribute('href', '/app/editControlPolicyWizard/pol-1');
    const panel = table.closest('[data-slot="policy-results"]') as HTMLElement;
    await user.click(within(panel).getByRole('button', { name: 'Approve failed policies' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Override and continue' }));
    await waitFor(() => expect(calls).toEqual(['deploymentId=dep-1']));
  });

  it('says why a queued run waits, links the run holding the stack, and gives its place in the queue', async () => {
    server.use(
      ...signedInAs('admin'),
      ...deploymentHandlers(deploymentFixture({ status: 'notStarted', approvals: [], blockedBy: { kind: 'stackMutex', runId: 'dep-0' }, positionInQueue: 2 })),
    );
    openDeployment();
    expect(await screen.findByText(/to finish: it holds this stack\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'dep-0' })).toHaveAttribute('href', '/app/deployment/dep-0');
    expect(screen.getByText('Number 2 in the queue.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Force start' })).toBeEnabled();
  });

  it('says an error came before any step ran, with its cause', async () => {
    server.use(
      ...signedInAs('admin'),
      ...deploymentHandlers(
        deploymentFixture({
          status: 'error',
          isActive: false,
          approvals: [],
          deploymentSteps: [{ name: 'gitClone', status: 'notStarted' }],
          errorSummary: 'This error occurred before individual steps could be executed: git clone: authentication required for https://git.example.com/acme/infra',
        }),
      ),
    );
    openDeployment();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This error occurred before individual steps could be executed');
    expect(alert).toHaveTextContent('git clone: authentication required for https://git.example.com/acme/infra');
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
  });

  it('shows the log from the run’s events, and the run as it ended once its stream ends', async () => {
    let reads = 0;
    server.use(
      ...signedInAs('admin'),
      handle('get', '/stack/deployment/{deploymentId}', () => {
        reads += 1;
        return envelope([deploymentFixture({ status: reads === 1 ? 'queued' : 'succeeded', isActive: reads === 1, approvals: [] })]);
      }),
      ...deploymentHandlers(deploymentFixture({ status: 'queued' }), [
        [{ event: 'log', data: { seq: 1, text: '\u001b[1m▶ terraform apply\u001b[0m' } }],
        [{ event: 'status', data: { runId: 'dep-1', status: 'inProgress', isActive: true, step: 'terraformApply', stepStatus: 'inProgress' } }],
        [{ event: 'log', data: { seq: 2, text: 'Apply complete! Resources: 2 added, 1 changed, 1 destroyed.' } }, { event: 'end' }],
      ]),
    );
    openDeployment();
    expect(await screen.findByText('The log is complete.')).toBeInTheDocument();
    expect(screen.getByRole('log', { name: 'Log of Deployment' })).toBeInTheDocument();
    expect(screen.getByText('Log of Deployment · 2 lines')).toBeInTheDocument();
    // The run was read once more when its stream ended.
    await waitFor(() => expect(reads).toBe(2));
    expect(await screen.findByRole('heading', { level: 1, name: 'Deployment' })).toBeInTheDocument();
    await waitFor(() => expect(document.querySelector('[data-slot="page-header"] [data-slot="status-badge"]')).toHaveAttribute('data-status', 'succeeded'));
  });

  it('opens a step to show its result: the security findings of tfsec', async () => {
    server.use(...signedInAs('admin'), ...deploymentHandlers());
    const { user } = openDeployment();
    await user.click(await screen.findByRole('button', { name: /Security scan \(tfsec\)/ }));
    const findings = await screen.findByRole('list', { name: 'Security findings' });
    expect(within(findings).getByText('High')).toBeInTheDocument();
    expect(within(findings).getByText('Subnet associates public IP address.')).toBeInTheDocument();
    expect(within(findings).getByText('Resolution: Set map_public_ip_on_launch to false.')).toBeInTheDocument();
  });

  it('lists the comments and adds one', async () => {
    const sent: unknown[] = [];
    server.use(
      ...signedInAs('member'),
      handle('post', '/comment', ({ body }) => {
        sent.push(body?.entity);
        return envelope([commentFixture({ id: 'cmt-2', text: body?.entity.text ?? '' })]);
      }),
      ...deploymentHandlers(),
    );
    const { user } = openDeployment('/app/deployment/dep-1?tab=comments');
    expect(await screen.findByText(commentFixture().text)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Comment' }));
    // The box's check loads at the first press (lazySchema): the first submit waits for it.
    expect(await screen.findByText('Enter a value.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Comment/ }), '  Approved after the change review.  ');
    await user.click(screen.getByRole('button', { name: 'Comment' }));
    await waitFor(() => expect(sent).toEqual([{ runId: 'dep-1', text: 'Approved after the change review.' }]));
  });
});

describe('a task’s page', () => {
  it('names the task, shows its arguments, and offers only cancel while it waits', async () => {
    const cancels: string[] = [];
    server.use(
      ...signedInAs('admin'),
      handle('get', '/stack/task/{taskId}', () => envelope([taskFixture({ status: 'queued', isActive: true })])),
      handle('get', '/stack/taskState', () => envelope([runStateFixture({ runId: 'task-1', status: 'queued', steps: [], results: {} })])),
      handle('get', '/stack/run/{runId}/logs', () => eventStreamResponse([[{ event: 'end' }]])),
      handle('put', '/stack/task/cancel', ({ query }) => {
        cancels.push(String(query));
        return envelope([{ id: 'task-1', status: 'canceled', isActive: false, createdAt: '2026-11-02T10:00:00.000Z' }]);
      }),
    );
    const { user } = renderPage({ path: 'task/:taskId', element: <TaskRoute />, url: '/app/task/task-1', otherPaths: ['stack/:stackId'] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Task · Taint resources' })).toBeInTheDocument();
    expect(screen.getByText('aws_instance.web')).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Resource changes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Force start' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel run' }));
    await waitFor(() => expect(cancels).toEqual(['taskId=task-1']));
  });
});
