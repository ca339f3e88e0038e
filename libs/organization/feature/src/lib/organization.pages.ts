import { lazyPage, type AppPages, type SettingsSectionDefinition, type SettingsSectionId } from '@terrace/session';
import { createElement } from 'react';

export interface OrganizationPagesOptions {
  /** Every domain's settings sections, composed by the app (`composeSettingsSections`). */
  settingsSections: ReadonlyMap<SettingsSectionId, SettingsSectionDefinition>;
}

/**
 * The organization, team, user-settings and Terraform-login pages by route id (spec §2.2); the
 * app composes them. The settings page shows the sections every domain contributes.
 */
export function organizationPages({ settingsSections }: OrganizationPagesOptions) {
  return {
    organizationSetting: lazyPage(() =>
      import('./settings/organization-settings-page').then(
        ({ OrganizationSettingsPage }) =>
          function OrganizationSettingsRoute() {
            return createElement(OrganizationSettingsPage, { sections: settingsSections });
          },
      ),
    ),
    team: lazyPage(() => import('./teams/team-page').then((m) => m.TeamRoute)),
    userSetting: lazyPage(() => import('./user-settings/user-settings-page').then((m) => m.UserSettingsPage)),
    terraformLogin: lazyPage(() => import('./terraform-login/terraform-login-page').then((m) => m.TerraformLoginPage)),
  } satisfies AppPages;
}
