import { envelope, errorResponse, handle } from '@terrace/api-client/testing';
import { runFixture } from '@terrace/runs/data-access/testing';
import { signedInAs } from '@terrace/session/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, setupMsw } from '../testing/render-page';
import { StackRunActions } from './stack-run-actions';
import { StackRunsTab } from './stack-runs-tab';

const server = setupMsw();
const created = (id: string) => envelope([{ id, status: 'queued' as const, isActive: true, createdAt: '2026-11-02T10:00:00.000Z' }]);

/** A run button once the session says the user may use it (disabled, in another wrapper, while permissions load). */
async function enabled(name: string) {
  await waitFor(() => expect(screen.getByRole('button', { name })).toBeEnabled());
  return screen.getByRole('button', { name });
}

function open() {
  return renderPage({
    path: 'stack/:stackId',
    element: <StackRunActions stack={{ id: 'stk-1', name: 'network', namespaceId: 'ns-1' }} />,
    url: '/app/stack/stk-1',
    otherPaths: ['plan/:planId', 'deployment/:deploymentId', 'task/:taskId'],
  });
}

describe('StackRunActions', () => {
  it('plans at once and opens the new plan', async () => {
    const sent: unknown[] = [];
    server.use(...signedInAs('member'), handle('post', '/stack/plan', ({ body }) => (sent.push(body?.entity), created('plan-9'))));
    const { user, router } = open();
    await user.click(await enabled('Plan'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/plan/plan-9'));
    expect(sent).toEqual([{ stackId: 'stk-1' }]);
  });

  it('destroys only after the phrase is typed, then opens the destroy', async () => {
    const sent: unknown[] = [];
    server.use(...signedInAs('admin'), handle('post', '/stack/deployment', ({ body }) => (sent.push(body?.entity), created('dep-9'))));
    const { user, router } = open();
    await user.click(await enabled('Destroy'));
    const dialog = await screen.findByRole('alertdialog', { name: 'Destroy every resource of network?' });
    const confirm = within(dialog).getByRole('button', { name: 'Destroy resources' });
    await user.type(within(dialog).getByRole('textbox'), 'delete me');
    expect(confirm).toBeDisabled();
    await user.clear(within(dialog).getByRole('textbox'));
    await user.type(within(dialog).getByRole('textbox'), 'delete resources');
    await user.click(confirm);
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/deployment/dep-9'));
    expect(sent).toEqual([{ stackId: 'stk-1', isDestroy: true }]);
  });

  it('deploys after a confirmation', async () => {
    const sent: unknown[] = [];
    server.use(...signedInAs('admin'), handle('post', '/stack/deployment', ({ body }) => (sent.push(body?.entity), created('dep-10'))));
    const { user, router } = open();
    await user.click(await enabled('Deploy'));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Deploy network?' })).getByRole('button', { name: 'Deploy' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/deployment/dep-10'));
    expect(sent).toEqual([{ stackId: 'stk-1', isDestroy: false }]);
  });

  it('keeps every run button disabled with the reason for a viewer', async () => {
    server.use(...signedInAs('viewer'));
    open();
    for (const name of ['Plan', 'Deploy', 'Run task', 'Destroy']) {
      const button = await screen.findByRole('button', { name });
      expect(button).toBeDisabled();
      await waitFor(() => expect(button.closest('[data-slot="disabled-reason"]')).toHaveAccessibleDescription('Your role does not allow this. Ask an organization admin.'));
    }
  });

  it('runs a task: checks the addresses, shows the server’s refusal on its field, then opens the task', async () => {
    const sent: unknown[] = [];
    let refuse = true;
    server.use(
      ...signedInAs('admin'),
      handle('post', '/stack/task', ({ body }) => {
        sent.push(body?.entity);
        if (refuse) {
          refuse = false;
          return errorResponse(400, 'validation_error', 'No resource aws_instance.gone in the state', { field: 'entity.taskToExecute.resourcesAddresses' });
        }
        return created('task-9');
      }),
    );
    const { user, router } = open();
    await user.click(await enabled('Run task'));
    const dialog = await screen.findByRole('dialog', { name: 'Run a task on network' });
    await user.click(within(dialog).getByRole('combobox', { name: /Task/ }));
    await user.click(await screen.findByRole('option', { name: 'Taint resources' }));
    const addresses = within(dialog).getByRole('textbox', { name: /Resource addresses/ });
    await user.click(within(dialog).getByRole('button', { name: 'Run task' }));
    expect(await within(dialog).findByText('Enter at least one resource address.')).toBeInTheDocument();
    await user.type(addresses, 'aws_instance');
    await user.click(within(dialog).getByRole('button', { name: 'Run task' }));
    expect(await within(dialog).findByText(/Enter a resource address such as aws_instance.web/)).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.clear(addresses);
    await user.type(addresses, 'aws_instance.gone');
    await user.click(within(dialog).getByRole('button', { name: 'Run task' }));
    expect(await within(dialog).findByText('No resource aws_instance.gone in the state')).toBeInTheDocument();
    await user.clear(addresses);
    // '[[' types one '[' (user-event's key syntax).
    await user.type(addresses, 'aws_instance.web{enter}module.app.aws_s3_bucket.logs[[0]');
    await user.click(within(dialog).getByRole('button', { name: 'Run task' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/task/task-9'));
    expect(sent.at(-1)).toEqual({ stackId: 'stk-1', taskToExecute: { taskType: 'taintResources', resourcesAddresses: ['aws_instance.web', 'module.app.aws_s3_bucket.logs[0]'] } });
  });

  it('imports resources, each with its cloud id', async () => {
    const sent: unknown[] = [];
    server.use(...signedInAs('admin'), handle('post', '/stack/task', ({ body }) => (sent.push(body?.entity), created('task-10'))));
    const { user, router } = open();
    await user.click(await enabled('Run task'));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox', { name: /Task/ }));
    await user.click(await screen.findByRole('option', { name: 'Import resources' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Address 1/ }), 'aws_s3_bucket.logs');
    await user.click(within(dialog).getByRole('button', { name: 'Run task' }));
    expect(await within(dialog).findByText('Enter a value.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Cloud id 1/ }), 'acme-logs');
    await user.click(within(dialog).getByRole('button', { name: 'Add a resource' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Address 2/ }), 'aws_s3_bucket.assets');
    await user.type(within(dialog).getByRole('textbox', { name: /Cloud id 2/ }), 'acme-assets');
    await user.click(within(dialog).getByRole('button', { name: 'Run task' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/task/task-10'));
    expect(sent).toEqual([
      {
        stackId: 'stk-1',
        taskToExecute: {
          taskType: 'importResources',
          resources: [
            { resourceAddress: 'aws_s3_bucket.logs', importId: 'acme-logs' },
            { resourceAddress: 'aws_s3_bucket.assets', importId: 'acme-assets' },
          ],
        },
      },
    ]);
  });
});

describe('StackRunsTab', () => {
  it('lists the stack’s runs, newest first from the server, without a stack column', async () => {
    const asked: Record<string, string>[] = [];
    server.use(
      handle('get', '/stack/run', ({ query }) => {
        asked.push(Object.fromEntries(query));
        return envelope([runFixture({ id: 'task-4', kind: 'task', config: { taskToExecute: { taskType: 'refreshState', mode: 'Plan' } } })], { paging: { page: 1, pageSize: 20, total: 1 } });
      }),
    );
    renderPage({ path: 'stack/:stackId', element: <StackRunsTab stack={{ id: 'stk-1' }} />, url: '/app/stack/stk-1?tab=runs', otherPaths: ['task/:taskId'] });
    const table = await screen.findByRole('table', { name: 'Runs of this stack' });
    expect(await within(table).findByRole('link', { name: 'Task · Refresh state' })).toHaveAttribute('href', '/app/task/task-4');
    expect(within(table).queryByRole('columnheader', { name: 'Stack' })).not.toBeInTheDocument();
    expect(asked).toEqual([{ page: '1', pageSize: '20', stackId: 'stk-1' }]);
  });
});
