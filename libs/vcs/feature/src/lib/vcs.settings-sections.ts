import { msg } from '@lingui/core/macro';
import type { SettingsSectionDefinition } from '@terrace/session';
import { lazy } from 'react';

/**
 * The organization settings section this domain owns; the app composes it with every domain's
 * (apps/console/src/console-pages.ts) and drops its "upcoming" placeholder.
 */
export const vcsSettingsSections: SettingsSectionDefinition[] = [
  {
    id: 'ssh-keys',
    title: msg`Vcs`,
    description: msg`Say in one sentence what this section configures.`,
    content: {
      // Admins change it; everyone else the route admits reads it with every control disabled.
      edit: { roles: ['admin'] },
      Component: lazy(() =>
        import('./vcs-settings-section').then((m) => ({ default: m.VcsSettingsSection })),
      ),
    },
  },
];
