import { envelope, handle } from '@terrace/api-client/testing';
import { namespaceFixture } from '@terrace/namespaces/data-access/testing';
import { stackFixture } from '@terrace/stacks/data-access/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, setupMsw } from '../testing/render-page';
import { sessionHandlers } from '../testing/session-handlers';
import { runnerGroupOptions } from './runner-groups';
import { CloneStackRoute } from './clone-stack-page';
import { EditStackRoute } from './edit-stack-page';

const server = setupMsw();
const namespace = namespaceFixture({ id: 'ns-1', name: 'Production', runnerConfig: null, deploymentApprovalPolicy: null });
const teams = [
  { id: 'team-sec', name: 'Security', description: null, customIdpId: null },
  { id: 'team-ops', name: 'Operations', description: null, customIdpId: null },
];

const wizardHandlers = () => [
  ...sessionHandlers(),
  handle('get', '/namespace', () => envelope([namespace])),
  handle('get', '/namespace/{namespaceId}', () => envelope([namespace])),
  handle('get', '/vcs/provider', () => envelope([])),
  handle('get', '/common/terraformVersions', () => envelope([{ terraformVersions: ['1.9.8'] }])),
  handle('get', '/iam/org/team', () => envelope(teams)),
  handle('get', '/org/configuration', () => envelope([{ organizationId: 'org-1', updatedAt: '2026-11-24T00:00:00Z', runnerConfig: { mode: 'selfHosted', groups: ['eu-runners'] } }])),
  handle('get', '/org/runnerGroup', () =>
    envelope([
      { id: 'CM_DEFAULT_RUNNER_GROUP', name: 'default', mode: 'managed', maxConcurrency: 5, activeJobs: 0, runnerCount: 1, createdAt: '2026-11-24T00:00:00Z' },
      { id: 'rg-onprem01', name: 'on-prem', mode: 'selfHosted', maxConcurrency: 2, activeJobs: 0, runnerCount: 1, createdAt: '2026-11-24T00:00:00Z' },
    ]),
  ),
];

describe('runnerGroupOptions', () => {
  it('offers the default group, the organization’s groups and any group the stack already names, once each', () => {
    expect(runnerGroupOptions(null)).toEqual([{ value: 'CM_DEFAULT_RUNNER_GROUP', label: 'default' }]);
    expect(runnerGroupOptions({ runnerConfig: { mode: 'selfHosted', groups: ['eu-runners', 'CM_DEFAULT_RUNNER_GROUP'] } } as never, ['legacy', 'eu-runners'])).toEqual([
      { value: 'CM_DEFAULT_RUNNER_GROUP', label: 'default' },
      { value: 'eu-runners', label: 'eu-runners' },
      { value: 'legacy', label: 'legacy' },
    ]);
  });

  it('offers the organization’s runner groups by id, shown by name', () => {
    expect(runnerGroupOptions(null, ['rg-onprem01'], [{ id: 'CM_DEFAULT_RUNNER_GROUP', name: 'default' }, { id: 'rg-onprem01', name: 'on-prem' }])).toEqual([
      { value: 'CM_DEFAULT_RUNNER_GROUP', label: 'default' },
      { value: 'rg-onprem01', label: 'on-prem' },
    ]);
  });
});

describe('EditStackRoute: runner groups and approval by teams', () => {
  it('asks for runner groups and approving teams, picked from their lists, and sends them as the contract says', async () => {
    const sent: unknown[] = [];
    server.use(
      ...wizardHandlers(),
      handle('get', '/stack/{stackId}', () => envelope([stackFixture({ id: 'stk-1', name: 'network', namespaceId: 'ns-1', data: {} })])),
      handle('put', '/stack/{stackId}', ({ body }) => {
        sent.push(body);
        return envelope([stackFixture({ id: 'stk-1', name: 'network' })]);
      }),
    );
    const { user } = renderPage({ path: 'editStackWizard/:stackId', element: <EditStackRoute />, url: '/app/editStackWizard/stk-1', otherPaths: ['stack/:stackId'] });
    await screen.findByRole('heading', { level: 1, name: 'Edit stack network' });
    // The form's checks and later steps load at the first press: each Next waits for its step.
    for (const next of ['Code', 'Engine and version', 'Runner, approvals and capabilities']) {
      await user.click(screen.getByRole('button', { name: 'Next' }));
      await waitFor(() => expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent(next));
    }

    // The selects load their list on first use (OptionSelect).
    await user.click(await screen.findByRole('combobox', { name: /^Runner/ }));
    await user.click(await screen.findByRole('option', { name: 'Self-hosted runners' }));
    await user.click(await screen.findByRole('combobox', { name: /^Approval policy/ }));
    await user.click(await screen.findByRole('option', { name: 'Require approval by teams' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Self-hosted runners need at least one runner group.')).toBeInTheDocument();
    expect(screen.getByText('Choose at least one team whose approval is required.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /^Runner groups/ }));
    const groups = await screen.findByRole('listbox');
    expect(within(groups).getAllByRole('option').map((o) => o.textContent)).toEqual(['default', 'on-prem', 'eu-runners']);
    await user.click(within(groups).getByRole('option', { name: 'eu-runners' }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: /^Approving teams/ }));
    const teamList = await screen.findByRole('listbox');
    await user.click(within(teamList).getByRole('option', { name: 'Security' }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Save stack' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      entity: {
        data: {
          runnerConfig: { mode: 'selfHosted', groups: ['eu-runners'] },
          deploymentApprovalPolicy: { rules: [{ type: 'requireTeamsApproval', parameters: { teams: ['team-sec'] } }] },
        },
      },
    });
  });
});

describe('CloneStackRoute', () => {
  it('without a stack, lets the user find the stack to clone by part of its name, then starts from it', async () => {
    const searches: (string | null)[] = [];
    server.use(
      ...wizardHandlers(),
      handle('get', '/stack', ({ query }) => {
        searches.push(query.get('search'));
        const all = [stackFixture({ id: 'stk-1', name: 'network', namespaceName: 'Production' }), stackFixture({ id: 'stk-2', name: 'dns', namespaceName: 'Production' })];
        const search = query.get('search');
        return envelope(search ? all.filter((s) => s.name.includes(search)) : all, { paging: { page: 1, pageSize: 20, total: 2 } });
      }),
      handle('get', '/stack/{stackId}', ({ params }) => envelope([stackFixture({ id: params['stackId'] ?? '', name: 'network', namespaceId: 'ns-1' })])),
    );
    const { user, router } = renderPage({ path: 'cloneStackWizard', element: <CloneStackRoute />, url: '/app/cloneStackWizard' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Clone stack' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Stacks' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await user.type(screen.getByRole('searchbox', { name: 'Find a stack by name' }), 'netw');
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Stacks' })).getAllByRole('listitem')).toHaveLength(1));
    expect(searches).toContain('netw');
    await user.click(screen.getByRole('button', { name: 'Clone network' }));
    expect(router.state.location.search).toBe('?stackId=stk-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Clone stack network' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveValue('network-copy');
  });

  it('says so when there is no stack to clone', async () => {
    server.use(...wizardHandlers(), handle('get', '/stack', () => envelope([], { paging: { page: 1, pageSize: 20, total: 0 } })));
    renderPage({ path: 'cloneStackWizard', element: <CloneStackRoute />, url: '/app/cloneStackWizard' });
    expect(await screen.findByText('No stacks to clone yet')).toBeInTheDocument();
  });
});
