import { envelope, handle } from '@terrace/api-client/testing';
import { discoveryEventFixture, discoveryFixture, discoveryProposalFixture } from '@terrace/discovery/data-access/testing';
import type { StackDiscoveryConfigurationInput } from '@terrace/discovery/data-access';
import { signedInAs } from '@terrace/session/testing';
import { vcsFixtures } from '@terrace/vcs/data-access/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, setupMsw } from '../testing/render-page';
import { DiscoveryListPage } from './discovery-list-page';
import { DiscoveryPage } from './discovery-page';
import { CreateDiscoveryWizardPage } from './discovery-wizard-page';

const server = setupMsw();
const namespaces = () =>
  handle('get', '/namespace', () => envelope([{ id: 'ns-platform01', name: 'platform' }] as never, { paging: { page: 1, pageSize: 1000, total: 1 } }));

describe('DiscoveryListPage', () => {
  it('lists configurations with their status, paged and filtered (namespace, name) on the server', async () => {
    const queries: string[] = [];
    server.use(
      ...signedInAs('admin'),
      namespaces(),
      handle('get', '/stackDiscoveryConfiguration', ({ query }) => {
        queries.push(query.toString());
        const page = Number(query.get('page'));
        return envelope([discoveryFixture({ id: `sdc-page${page}`, name: `Platform monorepo ${page}` })], { paging: { page, pageSize: 10, total: 25 } });
      }),
    );
    const { user, router } = renderPage({ path: 'stackDiscovery', element: <DiscoveryListPage />, url: '/app/stackDiscovery?namespaceId=ns-platform01&page=2&pageSize=10' });
    const table = await screen.findByRole('table', { name: 'Stack discovery configurations' });
    expect(await within(table).findByRole('link', { name: 'Platform monorepo 2' })).toHaveAttribute('href', '/app/stackDiscovery/sdc-page2');
    expect(within(table).getByText('Finished')).toBeInTheDocument();
    expect(queries).toEqual(['namespaceId=ns-platform01&page=2&pageSize=10']);
    await user.click(screen.getByRole('button', { name: /next page/i }));
    expect(await within(table).findByRole('link', { name: 'Platform monorepo 3' })).toBeInTheDocument();
    expect(queries).toContain('namespaceId=ns-platform01&page=3&pageSize=10');
    // A search goes to the server, from the first page.
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'mono');
    await waitFor(() => expect(router.state.location.search).toBe('?namespaceId=ns-platform01&pageSize=10&search=mono'));
    await waitFor(() => expect(queries).toContain('namespaceId=ns-platform01&search=mono&page=1&pageSize=10'));
  });
});

describe('DiscoveryPage', () => {
  it('shows the scans in the Events tab with the stacks each created', async () => {
    server.use(
      ...signedInAs('admin'),
      // The literal path first: /stackDiscoveryConfiguration/{id} would answer /event too.
      handle('get', '/stackDiscoveryConfiguration/event', () => envelope([discoveryEventFixture()], { paging: { page: 1, pageSize: 20, total: 1 } })),
      handle('get', '/stackDiscoveryConfiguration/{stackDiscoveryConfigurationId}', () => envelope([discoveryFixture()])),
    );
    renderPage({ path: 'stackDiscovery/:stackDiscoveryConfigurationId', element: <DiscoveryPage />, url: '/app/stackDiscovery/sdc-monorepo01?tab=events' });
    const table = await screen.findByRole('table', { name: 'Scans of the last 30 days' });
    expect(await within(table).findByRole('link', { name: 'envs/dev' })).toHaveAttribute('href', '/app/stack/stk-dev01');
  });
});

describe('DiscoveryPage in propose mode', () => {
  it('lists the proposed stacks; accepting creates the stack, dismissing asks first; the events link to them', async () => {
    const decisions: string[] = [];
    const queries: string[] = [];
    let proposals = [discoveryProposalFixture(), discoveryProposalFixture({ id: 'sdp-qa01', path: 'envs/qa' })];
    server.use(
      ...signedInAs('admin'),
      handle('get', '/stackDiscoveryConfiguration/proposal', ({ query }) => {
        queries.push(query.toString());
        const shown = proposals.filter((p) => !query.get('status') || p.status === query.get('status'));
        return envelope(shown, { paging: { page: 1, pageSize: 20, total: shown.length } });
      }),
      handle('post', '/stackDiscoveryConfiguration/proposal/{proposalId}/accept', ({ params }) => {
        decisions.push(`accept ${params['proposalId']}`);
        proposals = proposals.map((p) => (p.id === params['proposalId'] ? { ...p, status: 'accepted' as const, stackId: 'stk-staging01' } : p));
        return envelope(proposals.filter((p) => p.id === params['proposalId']));
      }),
      handle('post', '/stackDiscoveryConfiguration/proposal/{proposalId}/dismiss', ({ params }) => {
        decisions.push(`dismiss ${params['proposalId']}`);
        proposals = proposals.map((p) => (p.id === params['proposalId'] ? { ...p, status: 'dismissed' as const } : p));
        return envelope(proposals.filter((p) => p.id === params['proposalId']));
      }),
      handle('get', '/stackDiscoveryConfiguration/event', () => envelope([discoveryEventFixture({ createdStacks: [], proposedCount: 2 })], { paging: { page: 1, pageSize: 20, total: 1 } })),
      handle('get', '/stackDiscoveryConfiguration/{stackDiscoveryConfigurationId}', () => envelope([discoveryFixture({ mode: 'propose' })])),
    );
    const { user } = renderPage({
      path: 'stackDiscovery/:stackDiscoveryConfigurationId',
      element: <DiscoveryPage />,
      url: '/app/stackDiscovery/sdc-monorepo01?tab=proposals',
      otherPaths: ['stack/:stackId'],
    });
    const table = await screen.findByRole('table', { name: 'Proposed stacks' });
    expect(await within(table).findByText('envs/staging')).toBeInTheDocument();
    expect(queries[0]).toBe('stackDiscoveryConfigurationId=sdc-monorepo01&status=proposed&page=1&pageSize=20');

    await user.click(within(table).getByRole('button', { name: 'Accept envs/staging' }));
    await waitFor(() => expect(decisions).toEqual(['accept sdp-staging01']));
    await waitFor(() => expect(within(table).queryByText('envs/staging')).toBeNull());

    await user.click(within(table).getByRole('button', { name: 'Dismiss envs/qa' }));
    // The confirmation's code loads when it first opens.
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(decisions).toEqual(['accept sdp-staging01', 'dismiss sdp-qa01']));
    expect(await within(table).findByText('Nothing to review')).toBeInTheDocument();

    // Every status: the accepted one links to its stack.
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'All' }));
    expect(await within(table).findByRole('link', { name: 'Open stack' })).toHaveAttribute('href', '/app/stack/stk-staging01');
    expect(within(table).getByText('Dismissed')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Events' }));
    const events = await screen.findByRole('table', { name: 'Scans of the last 30 days' });
    expect(await within(events).findByRole('link', { name: '2 proposed' })).toHaveAttribute('href', '/app/stackDiscovery/sdc-monorepo01?tab=proposals');
  });

  it('offers no decision to a viewer, with the reason', async () => {
    server.use(
      ...signedInAs('viewer'),
      handle('get', '/stackDiscoveryConfiguration/proposal', () => envelope([discoveryProposalFixture()], { paging: { page: 1, pageSize: 20, total: 1 } })),
      handle('get', '/stackDiscoveryConfiguration/{stackDiscoveryConfigurationId}', () => envelope([discoveryFixture({ mode: 'propose' })])),
    );
    renderPage({ path: 'stackDiscovery/:stackDiscoveryConfigurationId', element: <DiscoveryPage />, url: '/app/stackDiscovery/sdc-monorepo01?tab=proposals' });
    const table = await screen.findByRole('table', { name: 'Proposed stacks' });
    expect(await within(table).findByRole('button', { name: 'Accept envs/staging' })).toBeDisabled();
  });
});

describe('CreateDiscoveryWizardPage', () => {
  it('refuses path patterns without a wildcard level, then creates the configuration', async () => {
    const sent: StackDiscoveryConfigurationInput[] = [];
    server.use(
      ...signedInAs('admin'),
      namespaces(),
      handle('get', '/vcs/provider', () => envelope([vcsFixtures.provider({ id: 'vcsp-github01', name: 'GitHub' })])),
      handle('get', '/vcs/repo', () => envelope([{ name: 'acme/infra', defaultBranch: 'main' }], { paging: { page: 1, pageSize: 20, total: 1 } })),
      handle('post', '/stackDiscoveryConfiguration', ({ body }) => {
        if (body) sent.push(body.entity);
        return envelope([discoveryFixture({ id: 'sdc-new01' })]);
      }),
    );
    const { user, router } = renderPage({
      path: 'createStackDiscoveryWizard',
      element: <CreateDiscoveryWizardPage />,
      url: '/app/createStackDiscoveryWizard',
      otherPaths: ['stackDiscovery/:stackDiscoveryConfigurationId'],
    });
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Monorepo');
    // The selects load their list at the first press (OptionSelect).
    await user.click(screen.getByRole('combobox', { name: /Namespace/ }));
    await user.click(await screen.findByRole('option', { name: 'platform' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    // The form's checks load at the first key (lazySchema): the first Next waits for them.
    await user.click(await screen.findByRole('combobox', { name: /VCS provider/ }));
    await user.click(await screen.findByRole('option', { name: 'GitHub' }));
    await user.click(screen.getByRole('combobox', { name: /Repository/ }));
    await user.click(await screen.findByRole('option', { name: 'acme/infra' }));
    const paths = screen.getByRole('textbox', { name: /Path patterns/ });
    await user.type(paths, '/envs/');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(paths).toHaveAccessibleDescription(/Path must not start or end with \//);
    await user.clear(paths);
    await user.type(paths, 'envs');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(paths).toHaveAccessibleDescription(/Path must start with \*\/ or \*\*\//);
    await user.clear(paths);
    await user.type(paths, 'envs/*/**');
    await user.type(screen.getByRole('textbox', { name: /Exclude patterns/ }), 'envs/legacy/**');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    // The step's code loaded at the first key.
    expect(await screen.findByRole('radio', { name: 'Create stacks' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Propose stacks' }));
    await user.click(await screen.findByRole('button', { name: 'Create and scan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/stackDiscovery/sdc-new01'));
    expect(sent).toEqual([
      {
        name: 'Monorepo',
        namespaceId: 'ns-platform01',
        vcsPatterns: [{ providerId: 'vcsp-github01', repoName: 'acme/infra', pathPatterns: ['envs/*/**'], excludePathPatterns: ['envs/legacy/**'] }],
        mode: 'propose',
        stackConfig: { iacType: 'opentofu', deploymentBehavior: { deployOnPush: true } },
      },
    ]);
  });
});
