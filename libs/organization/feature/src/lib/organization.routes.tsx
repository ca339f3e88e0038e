import type { RouteObject } from 'react-router';

/**
 * The organization, team, user-settings and Terraform-login pages, relative to /app (spec §2.2).
 * Each route's id is the route id of the session's route table, so the app can put its guard on it.
 */
export const organizationRoutes: RouteObject[] = [
  {
    id: 'organizationSetting',
    path: 'organization/setting',
    lazy: async () => {
      const { OrganizationSettingsPage } = await import('./settings/organization-settings-page');
      return { Component: OrganizationSettingsPage };
    },
  },
  {
    id: 'team',
    path: 'team/:teamId',
    lazy: async () => {
      const { TeamPage } = await import('./teams/team-page');
      return { Component: TeamPage };
    },
  },
  {
    id: 'userSetting',
    path: 'user/setting',
    lazy: async () => {
      const { UserSettingsPage } = await import('./user-settings/user-settings-page');
      return { Component: UserSettingsPage };
    },
  },
  {
    id: 'terraformLogin',
    path: 'personalAccessToken/terraformLogin',
    lazy: async () => {
      const { TerraformLoginPage } = await import('./terraform-login/terraform-login-page');
      return { Component: TerraformLoginPage };
    },
  },
];
