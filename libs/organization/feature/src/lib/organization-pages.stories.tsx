import type { Meta, StoryObj } from '@storybook/react-vite';
import { organizationFixtures } from '@terrace/organization/data-access/testing';
import { testSettingsSections } from '../testing/settings-sections';
import { StoryApp, type StoryRoutes } from '../testing/story-app';
import { OrganizationSettingsPage } from './settings/organization-settings-page';
import { TeamPage } from './teams/team-page';
import { TerraformLoginPage } from './terraform-login/terraform-login-page';
import { UserSettingsPage } from './user-settings/user-settings-page';

const routes: StoryRoutes = {
  'GET /iam/org/user': () => [
    organizationFixtures.user(),
    organizationFixtures.user({
      userId: 'usr-grace',
      email: 'grace@example.com',
      firstName: 'Grace',
      lastName: 'Hopper',
      orgRole: 'viewer',
      userType: 'ssoUser',
      mfaEnabled: false,
    }),
    organizationFixtures.user({
      userId: 'usr-alan',
      email: 'alan@example.com',
      firstName: 'Alan',
      lastName: 'Turing',
      orgRole: 'custom',
      customRoleId: 'cro-auditors',
    }),
  ],
  'GET /iam/org/customRole': () => [
    organizationFixtures.customRole(),
    organizationFixtures.customRole({
      id: 'cro-auditors',
      name: 'Auditors',
      type: 'organizationRole',
      stackRestriction: 'restrictReadToOwnStacks',
    }),
  ],
  'GET /iam/org/team': () => [
    organizationFixtures.team(),
    organizationFixtures.team({ id: 'team-sec', name: 'Security', customIdpId: 'okta-security' }),
  ],
  'GET /iam/org/team/{teamId}': () => [organizationFixtures.team({ customIdpId: 'okta-platform' })],
  'GET /iam/org/teamUser': () => [
    { teamId: 'team-platform', email: 'ada@example.com' },
    { teamId: 'team-platform', email: 'grace@example.com' },
  ],
  'GET /iam/org/programmaticUser': () => [organizationFixtures.programmaticUser()],
  'GET /iam/user/personalAccessToken': () => [
    organizationFixtures.personalAccessToken(),
    organizationFixtures.personalAccessToken({
      id: 'pat-ci0001',
      name: 'build server',
      expiresAt: null,
      lastUsedAt: null,
    }),
  ],
  'GET /iam/org/identityProvider': () => [organizationFixtures.oidcIdentityProvider()],
  'GET /org/signInSettings': () => [
    { requireSsoSignIn: false, requireMfaForDirectUserSignIn: true },
  ],
  'GET /org/configuration': () => [],
  'GET /org': () => [
    {
      id: 'o-1',
      name: 'Acme',
      type: 'regular',
      pricingPlan: 'pro',
      freeTrialExpiration: null,
      marketplace: null,
      createdAt: '2026-01-01T00:00:00Z',
    },
  ],
  'GET /iam/org/customAbacConfiguration': () => [
    {
      id: 'cac-1',
      name: 'Platform admins',
      customAbacId: 'platform-admins',
      roles: [{ orgId: 'o-1', orgRole: 'admin', teamIds: ['team-platform'] }],
    },
  ],
  'GET /iam/user/profile': () => [organizationFixtures.currentUser()],
};

const settings = (id: string) => ({
  path: 'organization/setting',
  url: `/app/organization/setting?id=${id}`,
  element: <OrganizationSettingsPage sections={testSettingsSections} canEdit />,
});

const meta = {
  title: 'Organization/Pages',
  component: StoryApp,
  args: { ...settings('user-list'), routes },
} satisfies Meta<typeof StoryApp>;

export default meta;
type Story = StoryObj<typeof meta>;

export const SettingsUsers: Story = {};
export const SettingsViewer: Story = {
  args: { ...settings('user-list'), element: <OrganizationSettingsPage sections={testSettingsSections} canEdit={false} /> },
};
export const SettingsCustomRoles: Story = { args: settings('custom-roles') };
export const SettingsIdentityProvider: Story = { args: settings('idp') };
export const SettingsSignIn: Story = { args: settings('sign-in') };
export const SettingsAbac: Story = { args: settings('abac') };
export const SettingsAiFeatures: Story = { args: settings('ai-features') };
export const SettingsNotAvailable: Story = { args: settings('vcs-providers') };
export const Team: Story = {
  args: { path: 'team/:teamId', url: '/app/team/team-platform', element: <TeamPage /> },
};
export const UserSettings: Story = {
  args: { path: 'user/setting', url: '/app/user/setting', element: <UserSettingsPage /> },
};
export const TerraformLogin: Story = {
  args: {
    path: 'personalAccessToken/terraformLogin',
    url: '/app/personalAccessToken/terraformLogin',
    element: <TerraformLoginPage host="terrace.example.com" />,
  },
};
