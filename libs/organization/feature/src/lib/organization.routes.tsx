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
      const { OrganizationSettingsRoute } = await import('./settings/organization-settings-page');
      return { Component: OrganizationSettingsRoute };
    },
  },
  {
    id: 'team',
    path: 'team/:teamId',
    lazy: async () => {
      const { TeamRoute } = await import('./teams/team-page');
      return { Component: TeamRoute };
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
