import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { namespaceFixture } from '@terrace/namespaces/data-access/testing';
import { organizationFixtures } from '@terrace/organization/data-access/testing';
import { StoryApp, type StoryRoutes } from '../testing/story-app';
import { NamespaceDetailsPage } from './namespace-details-page';
import { NamespaceListPage } from './namespace-list-page';
import { CreateNamespaceWizardPage } from './namespace-wizard-page';

const namespaces = [
  namespaceFixture(),
  namespaceFixture({ id: 'ns-payments01', name: 'payments', description: 'Card processing and ledgers', runnerConfig: { mode: 'selfHosted', groups: ['eu-west'] } }),
  namespaceFixture({ id: 'ns-data00001', name: 'data-platform', description: null }),
];

const routes: StoryRoutes = {
  'GET /namespace': () => namespaces,
  'GET /namespace/{namespaceId}': () => [
    namespaceFixture({ deploymentApprovalPolicy: { rules: [{ type: 'requireTeamsApproval', parameters: { teams: ['team-sec'] } }], overrideBehavior: 'extended' } }),
  ],
  'GET /iam/org/team': () => [organizationFixtures.team(), organizationFixtures.team({ id: 'team-sec', name: 'Security' })],
  'GET /iam/org/namespacePermission': () => [
    { namespaceId: 'ns-platform01', teamId: 'team-sec', role: 'admin', customRoleId: null },
    { namespaceId: 'ns-platform01', userEmail: 'grace@example.com', role: 'viewer', customRoleId: null },
    { namespaceId: 'ns-platform01', programmaticUserName: 'ci-pipeline', role: null, customRoleId: 'cro-operators' },
  ],
  'GET /iam/org/programmaticUser': () => [organizationFixtures.programmaticUser()],
  'GET /iam/org/customRole': () => [organizationFixtures.customRole()],
};

const meta = {
  title: 'Namespaces/Pages',
  component: StoryApp,
  args: { path: 'namespaces', url: '/app/namespaces', element: <NamespaceListPage />, routes },
} satisfies Meta<typeof StoryApp>;

export default meta;
type Story = StoryObj<typeof meta>;

export const List: Story = {};
export const ListEmpty: Story = { args: { routes: { ...routes, 'GET /namespace': () => [] } } };
export const DetailsSettings: Story = {
  args: { path: 'namespace/:namespaceId', url: '/app/namespace/ns-platform01?tab=settings', element: <NamespaceDetailsPage /> },
};
export const DetailsPermissions: Story = {
  args: { path: 'namespace/:namespaceId', url: '/app/namespace/ns-platform01?tab=permissions', element: <NamespaceDetailsPage /> },
};
export const CreateWizard: Story = {
  args: { path: 'createNamespaceWizard', url: '/app/createNamespaceWizard', element: <CreateNamespaceWizardPage /> },
};
/** Next on an empty name: the step stays, with its error, and is marked in the step list. */
export const CreateWizardStepError: Story = {
  args: CreateWizard.args,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Next' }));
    await expect(await canvas.findByText('Enter a name for the namespace.')).toBeVisible();
    await expect(canvas.getByRole('listitem', { current: 'step' })).toHaveTextContent('(has errors)');
  },
};
