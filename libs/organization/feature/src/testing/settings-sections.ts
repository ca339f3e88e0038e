import { composeSettingsSections } from '@terrace/session';
import { organizationSettingsSections } from '../lib/settings/organization-settings-sections';

/**
 * The settings sections as the app composes them, for tests and stories: this domain's, and two
 * announced sections of domains not built yet (the app announces every one of them).
 */
export const testSettingsSections = composeSettingsSections(organizationSettingsSections, [
  { id: 'vcs-providers', title: { id: 'test.vcs', message: 'VCS providers' }, description: { id: 'test.vcs.d', message: 'Connections to VCS.' } },
  { id: 'ssh-keys', title: { id: 'test.ssh', message: 'SSH keys' }, description: { id: 'test.ssh.d', message: 'Keys for private modules.' } },
]);
