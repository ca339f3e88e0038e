import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { dashboardFixtures } from '@terrace/dashboard/data-access/testing';
import { StoryApp, type StoryRoutes } from '../testing/story-app';
import { DashboardPage } from './dashboard-page';

const session = (role: string): StoryRoutes => ({
  'GET /auth/me': () => [
    {
      id: 'usr-1',
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      userType: 'directUser',
      orgRole: role,
      orgUserRole: role,
      customRoleId: null,
      teams: [],
      mfaEnabled: false,
      organization: { id: 'o-acme1', name: 'Acme Cloud', type: 'regular', pricingPlan: 'pro', freeTrialExpiration: null },
    },
  ],
  'GET /iam/org/userOrgRole': () => [{ orgRole: role, orgUserRole: role, customRoleId: null, customRole: null, organizationId: 'o-acme1', teams: [] }],
  'GET /org/capabilities': () => [{ capabilities: { aiAgent: true, disasterRecovery: true } }],
});

const meta = {
  title: 'Dashboard/Page',
  component: StoryApp,
  args: {
    path: 'dashboard',
    url: '/app/dashboard',
    element: <DashboardPage />,
    routes: { ...session('admin'), 'GET /dashboard/automationOverview': () => [dashboardFixtures.empty()] },
  },
} satisfies Meta<typeof StoryApp>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A new organization: the four steps, nothing done. */
export const NewOrganization: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('0 of 4 done')).toBeVisible();
  },
};

/** Half way: a provider and a namespace. */
export const Started: Story = {
  args: { routes: { ...session('admin'), 'GET /dashboard/automationOverview': () => [dashboardFixtures.started()] } },
};

/** Every step done: the steps give way to the overview. */
export const Busy: Story = {
  args: { routes: { ...session('admin'), 'GET /dashboard/automationOverview': () => [dashboardFixtures.busy()] } },
};

/** A viewer: the steps they cannot do stay visible, disabled with the reason. */
export const Viewer: Story = {
  args: { routes: { ...session('viewer'), 'GET /dashboard/automationOverview': () => [dashboardFixtures.started()] } },
};
