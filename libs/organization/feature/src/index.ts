export { organizationPages, type OrganizationPagesOptions } from './lib/organization.pages';
export { organizationSettingsSections } from './lib/settings/organization-settings-sections';
