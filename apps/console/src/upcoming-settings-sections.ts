import { msg } from '@lingui/core/macro';
import type { SettingsSectionDefinition } from '@terrace/session';

/**
 * Organization settings sections the spec lists whose domains are not built yet: they show the
 * "not available yet" state. A domain that arrives contributes its own definition and its entry
 * here goes (composing both is an error).
 */
export const upcomingSettingsSections: SettingsSectionDefinition[] = [
  { id: 'cloud-creds', title: msg`Cloud credentials`, description: msg`Credentials stacks use to reach cloud accounts.` },
  { id: 'notification', title: msg`Notifications`, description: msg`Where run and drift events are sent: Slack, Teams, e-mail.` },
];
