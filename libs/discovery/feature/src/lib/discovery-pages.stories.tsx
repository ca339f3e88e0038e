import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { discoveryEventFixture, discoveryFixture, discoveryProposalFixture } from '@terrace/discovery/data-access/testing';
import { vcsFixtures } from '@terrace/vcs/data-access/testing';
import { signedInStoryRoutes, StoryApp, type StoryRoutes } from '../testing/story-app';
import { DiscoveryListPage } from './discovery-list-page';
import { DiscoveryPage } from './discovery-page';
import { CreateDiscoveryWizardPage } from './discovery-wizard-page';

const routes: StoryRoutes = {
  ...signedInStoryRoutes('admin'),
  'GET /stackDiscoveryConfiguration': () => [
    discoveryFixture(),
    discoveryFixture({ id: 'sdc-data01', name: 'Data pipelines', status: 'error', lastRunAt: undefined }),
  ],
  'GET /stackDiscoveryConfiguration/proposal': () => [
    discoveryProposalFixture(),
    discoveryProposalFixture({ id: 'sdp-qa01', path: 'envs/qa', iacType: 'terragrunt' }),
  ],
  'GET /stackDiscoveryConfiguration/event': () => [
    discoveryEventFixture(),
    discoveryEventFixture({ id: 'sde-0', status: 'error', createdStacks: [], message: 'Repository acme/infra was not found' }),
  ],
  // After the literal /event path, which it would answer too.
  'GET /stackDiscoveryConfiguration/{stackDiscoveryConfigurationId}': () => [discoveryFixture()],
  'GET /namespace': () => [{ id: 'ns-platform01', name: 'platform' }],
  'GET /namespace/{namespaceId}': () => [{ id: 'ns-platform01', name: 'platform' }],
  'GET /vcs/provider': () => [vcsFixtures.provider({ id: 'vcsp-github01', name: 'GitHub' })],
};

const meta = {
  title: 'Discovery/Pages',
  component: StoryApp,
  args: { path: 'stackDiscovery', url: '/app/stackDiscovery', element: <DiscoveryListPage />, routes },
} satisfies Meta<typeof StoryApp>;

export default meta;
type Story = StoryObj<typeof meta>;

export const List: Story = {};
export const ListEmpty: Story = { args: { routes: { ...routes, 'GET /stackDiscoveryConfiguration': () => [] } } };
export const Overview: Story = {
  args: { path: 'stackDiscovery/:stackDiscoveryConfigurationId', url: '/app/stackDiscovery/sdc-monorepo01', element: <DiscoveryPage /> },
};
export const Events: Story = {
  args: { path: 'stackDiscovery/:stackDiscoveryConfigurationId', url: '/app/stackDiscovery/sdc-monorepo01?tab=events', element: <DiscoveryPage /> },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('link', { name: 'envs/dev' }, { timeout: 10_000 })).toBeVisible();
  },
};
export const CreateWizard: Story = {
  args: { path: 'createStackDiscoveryWizard', url: '/app/createStackDiscoveryWizard', element: <CreateDiscoveryWizardPage /> },
};
export const ProposedStacks: Story = {
  args: {
    path: 'stackDiscovery/:stackDiscoveryConfigurationId',
    url: '/app/stackDiscovery/sdc-monorepo01?tab=proposals',
    element: <DiscoveryPage />,
    routes: { ...routes, 'GET /stackDiscoveryConfiguration/{stackDiscoveryConfigurationId}': () => [discoveryFixture({ mode: 'propose' })] },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Accept envs/qa' }, { timeout: 10_000 })).toBeVisible();
  },
};
