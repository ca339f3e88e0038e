import { envelope, handle } from '@terrace/api-client/testing';
import { discoveryEventFixture, discoveryFixture } from '@terrace/discovery/data-access/testing';
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
  it('lists configurations with their status and filters by namespace on the server', async () => {
    const queries: string[] = [];
    server.use(
      ...signedInAs('admin'),
      namespaces(),
      handle('get', '/stackDiscoveryConfiguration', ({ query }) => {
        queries.push(query.toString());
        return envelope([discoveryFixture()]);
      }),
    );
    renderPage({ path: 'stackDiscovery', element: <DiscoveryListPage />, url: '/app/stackDiscovery?namespaceId=ns-platform01' });
    const table = await screen.findByRole('table', { name: 'Stack discovery configurations' });
    expect(await within(table).findByRole('link', { name: 'Platform monorepo' })).toHaveAttribute('href', '/app/stackDiscovery/sdc-monorepo01');
    expect(within(table).getByText('Finished')).toBeInTheDocument();
    expect(queries).toEqual(['namespaceId=ns-platform01']);
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
    await user.click(screen.getByRole('combobox', { name: /Namespace/ }));
    await user.click(await screen.findByRole('option', { name: 'platform' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
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
    await user.click(await screen.findByRole('button', { name: 'Create and scan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/stackDiscovery/sdc-new01'));
    expect(sent).toEqual([
      {
        name: 'Monorepo',
        namespaceId: 'ns-platform01',
        vcsPatterns: [{ providerId: 'vcsp-github01', repoName: 'acme/infra', pathPatterns: ['envs/*/**'], excludePathPatterns: ['envs/legacy/**'] }],
        stackConfig: { iacType: 'opentofu', deploymentBehavior: { deployOnPush: true } },
      },
    ]);
  });
});
