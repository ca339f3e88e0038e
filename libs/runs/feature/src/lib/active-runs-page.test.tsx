import { envelope, handle } from '@terrace/api-client/testing';
import { runStatuses } from '@terrace/domain';
import { runFixture } from '@terrace/runs/data-access/testing';
import { signedInAs } from '@terrace/session/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, setupMsw } from '../testing/render-page';
import { ActiveRunsPage } from './active-runs-page';

const server = setupMsw();

function open(url = '/app/activeRuns') {
  return renderPage({ path: 'activeRuns', element: <ActiveRunsPage />, url, otherPaths: ['deployment/:deploymentId', 'plan/:planId', 'stack/:stackId'] });
}

// Every run status of the contract, with the label the console shows for it (spec automation §4).
const statusLabels = {
  notStarted: 'Not started',
  queued: 'Queued',
  inProgress: 'In progress',
  waitingForApproval: 'Waiting for approval',
  approved: 'Approved',
  approvalTimeout: 'Approval timed out',
  succeeded: 'Succeeded',
  failed: 'Failed',
  error: 'Error',
  finishedError: 'Finished with errors',
  applyFailure: 'Apply failed',
  skipped: 'Skipped',
  canceled: 'Canceled',
  cancelling: 'Cancelling',
  finished: 'Finished',
  canceledByDependency: 'Canceled by dependency',
  canceledByFailedStackInitialization: 'Canceled: stack initialization failed',
  waitingForFailedControlPoliciesApproval: 'Waiting for approval of failed policies',
  waitingForErrorControlPoliciesApproval: 'Waiting for approval of policy errors',
  approvedFailedControlPolicies: 'Failed policies approved',
} as const;

describe('ActiveRunsPage', () => {
  it('asks the server for active runs, then for those finished in the last 24 hours, each tab paged on its own', async () => {
    const asked: Record<string, string>[] = [];
    server.use(
      ...signedInAs('admin'),
      handle('get', '/stack/run', ({ query }) => {
        asked.push(Object.fromEntries(query));
        const active = query.get('isActive') === 'true';
        return envelope([runFixture({ id: active ? 'dep-7' : 'plan-3', kind: active ? 'deployment' : 'plan', status: active ? 'inProgress' : 'succeeded', isActive: active })], {
          paging: { page: 1, pageSize: 20, total: active ? 1 : 45 },
        });
      }),
    );
    const { user, router } = open();
    const active = await screen.findByRole('table', { name: 'Active runs' });
    expect(await within(active).findByRole('link', { name: 'Deployment' })).toHaveAttribute('href', '/app/deployment/dep-7');
    expect(within(active).getByRole('link', { name: 'network' })).toHaveAttribute('href', '/app/stack/stk-1');
    expect(asked[0]).toEqual({ page: '1', pageSize: '20', isActive: 'true' });

    await user.click(screen.getByRole('tab', { name: 'Finished (last 24 hours)' }));
    const finished = await screen.findByRole('table', { name: 'Runs finished in the last 24 hours' });
    expect(await within(finished).findByRole('link', { name: 'Plan' })).toHaveAttribute('href', '/app/plan/plan-3');
    expect(asked.at(-1)).toEqual({ page: '1', pageSize: '20', isActive: 'false', updatedInTheLastHours: '24' });
    await waitFor(() => expect(router.state.location.search).toBe('?tab=finished'));

    await user.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ page: '2', isActive: 'false' }));
    expect(router.state.location.search).toContain('finishedPage=2');
  });

  it('filters by kind and status on the server and offers to clear the filters when nothing matches', async () => {
    const kinds: (string | null)[] = [];
    const statuses: (string | null)[] = [];
    server.use(
      ...signedInAs('admin'),
      handle('get', '/stack/run', ({ query }) => {
        kinds.push(query.get('kind'));
        statuses.push(query.get('status'));
        return envelope(query.get('kind') ? [] : [runFixture({ status: 'queued', isActive: true })], { paging: { page: 1, pageSize: 20, total: query.get('kind') ? 0 : 1 } });
      }),
    );
    const { user, router } = open();
    await screen.findByRole('link', { name: 'Deployment' });
    await user.click(screen.getByRole('combobox', { name: 'Kind of run' }));
    await user.click(await screen.findByRole('option', { name: 'Task' }));
    expect(await screen.findByText('No run matches these filters')).toBeInTheDocument();
    expect(kinds).toEqual([null, 'task']);
    expect(router.state.location.search).toBe('?activeKind=task');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    // The Active tab offers the active statuses only.
    expect(screen.queryByRole('option', { name: 'Succeeded' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'Waiting for approval' }));
    await waitFor(() => expect(statuses.at(-1)).toBe('waitingForApproval'));
    expect(kinds.at(-1)).toBe('task');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    // The unfiltered page is still fresh in the cache: shown again without asking.
    expect(await screen.findByRole('link', { name: 'Deployment' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('says so when no run is active', async () => {
    server.use(...signedInAs('admin'), handle('get', '/stack/run', () => envelope([], { paging: { page: 1, pageSize: 20, total: 0 } })));
    open();
    expect(await screen.findByText('No run is active')).toBeInTheDocument();
  });

  it('labels every run status of the specification', async () => {
    const statuses = Object.keys(statusLabels) as (keyof typeof statusLabels)[];
    // The console's labels cover the shared list of statuses, and the contract's extra 'finishedError'.
    expect(statuses.filter((s) => s !== 'finishedError').sort()).toEqual([...runStatuses].sort());
    server.use(
      ...signedInAs('admin'),
      handle('get', '/stack/run', () =>
        envelope(
          statuses.map((status, index) => runFixture({ id: `dep-${index}`, status })),
          { paging: { page: 1, pageSize: 100, total: statuses.length } },
        ),
      ),
    );
    open('/app/activeRuns?activePageSize=100');
    const table = await screen.findByRole('table', { name: 'Active runs' });
    await within(table).findAllByRole('link', { name: 'Deployment' });
    const shown = [...table.querySelectorAll('[data-slot="status-badge"]')].map((badge) => [badge.getAttribute('data-status'), badge.textContent]);
    expect(Object.fromEntries(shown)).toEqual(statusLabels);
  });
});
