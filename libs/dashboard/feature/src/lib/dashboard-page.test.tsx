import { envelope, errorResponse, handle } from '@terrace/api-client/testing';
import { dashboardFixtures } from '@terrace/dashboard/data-access/testing';
import { signedInAs } from '@terrace/session/testing';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, setupMsw } from '../testing/render-page';
import { DashboardPage } from './dashboard-page';

const server = setupMsw();

function open(answer: () => ReturnType<typeof dashboardFixtures.empty>, role = 'admin') {
  let calls = 0;
  server.use(
    ...signedInAs(role),
    handle('get', '/dashboard/automationOverview', () => {
      calls += 1;
      return envelope([answer()]);
    }),
  );
  const view = renderPage({ path: 'dashboard', element: <DashboardPage />, url: '/app/dashboard' });
  return { ...view, calls: () => calls };
}

describe('DashboardPage', () => {
  it('walks a new organization through the four steps, the first one to do leading', async () => {
    const { calls } = open(dashboardFixtures.empty);
    const steps = await screen.findByRole('region', { name: 'Get started' });
    expect(within(steps).getByText('0 of 4 done')).toBeVisible();
    expect(within(steps).getByRole('progressbar', { name: 'Getting started progress' })).toHaveAttribute('aria-valuenow', '0');
    // Once the session says what the user may do, each step links to where it is done.
    expect(await within(steps).findByRole('link', { name: /Connect provider/ })).toHaveAttribute('href', '/app/organization/setting?id=vcs-providers');
    expect(within(steps).getByRole('link', { name: /Create namespace/ })).toHaveAttribute('href', '/app/createNamespaceWizard');
    expect(within(steps).getByRole('link', { name: /Create stack/ })).toHaveAttribute('href', '/app/createStackWizard');
    // No stack yet: the last step waits for one.
    expect(within(steps).getByRole('button', { name: 'Open the stack' })).toBeDisabled();
    expect(await screen.findByRole('heading', { name: 'No stacks yet' })).toBeVisible();
    expect(screen.getByText('Nothing has changed yet.')).toBeVisible();
    // The page's figures come from one call, not from lists.
    expect(calls()).toBe(1);
  });

  it('checks off what is done and links the first plan to the stack to run', async () => {
    open(() => ({
      ...dashboardFixtures.started(),
      gettingStarted: { vcsProviderConnected: true, namespaceCreated: true, stackCreated: true, planRun: false, firstStackId: 'stk-first01' },
    }));
    const steps = await screen.findByRole('region', { name: 'Get started' });
    expect(within(steps).getByText('3 of 4 done')).toBeVisible();
    expect(within(steps).getByText(/Create a namespace/)).toHaveTextContent('(done)');
    expect(within(steps).queryByRole('link', { name: /Create namespace/ })).toBeNull();
    expect(await within(steps).findByRole('link', { name: /Open the stack/ })).toHaveAttribute('href', '/app/stack/stk-first01');
  });

  it('hides the steps once all are done and shows the overview of a busy organization', async () => {
    open(dashboardFixtures.busy);
    expect(await screen.findByRole('link', { name: 'Stacks: 42' })).toHaveAttribute('href', '/app/namespaces');
    expect(screen.queryByRole('region', { name: 'Get started' })).toBeNull();
    expect(screen.getByText('Active runs').parentElement).toHaveTextContent('5');
    const byRun = screen.getByRole('region', { name: 'Stacks by latest run' });
    expect(within(byRun).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Succeeded24',
      'Never run7',
      'Failed4',
      'In progress3',
      'Waiting for approval2',
      'Canceled2',
    ]);
    const byEngine = screen.getByRole('region', { name: 'Stacks by engine' });
    expect(within(byEngine).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Terraform30', 'OpenTofu8', 'Terragrunt4']);
    const drifted = screen.getByRole('region', { name: 'Drifted stacks' });
    expect(within(drifted).getByRole('link', { name: 'dns' })).toHaveAttribute('href', '/app/stack/stk-dns01');
    expect(within(drifted).getByText('2 of 3 shown')).toBeVisible();
    const failing = screen.getByRole('region', { name: 'Failing stacks' });
    expect(within(failing).getByText("Stack Passed it's TTL")).toBeVisible();
    expect(within(failing).getByText('Failed')).toBeVisible();
    const activity = screen.getByRole('region', { name: 'Recent activity' });
    expect(within(activity).getByRole('link', { name: 'api-gateway' })).toHaveAttribute('href', '/app/stack/stk-api01');
    // A deleted object is named, not linked.
    expect(within(activity).queryByRole('link', { name: 'sandbox' })).toBeNull();
    expect(within(activity).getByText('Deleted by ada@example.test')).toBeVisible();
    expect(await within(activity).findByRole('link', { name: 'View the audit log' })).toHaveAttribute('href', '/app/audit');
  });

  it('leaves out the recent activity for a user who may not read the audit log', async () => {
    open(() => ({ ...dashboardFixtures.busy(), recentActivity: null }), 'member');
    await screen.findByRole('region', { name: 'Stacks by engine' });
    expect(screen.queryByRole('region', { name: 'Recent activity' })).toBeNull();
  });

  it('keeps a step visible but disabled, with the reason, for a user whose role cannot do it', async () => {
    open(dashboardFixtures.empty, 'viewer');
    const steps = await screen.findByRole('region', { name: 'Get started' });
    expect(await within(steps).findByRole('button', { name: 'Connect provider' })).toBeDisabled();
  });

  it('shows the error with a retry when the overview cannot be read', async () => {
    server.use(...signedInAs('admin'), handle('get', '/dashboard/automationOverview', () => errorResponse(500, 'internal_error', 'boom')));
    renderPage({ path: 'dashboard', element: <DashboardPage />, url: '/app/dashboard' });
    expect(await screen.findByRole('button', { name: /Retry|Try again/ })).toBeVisible();
  });
});
