import { msg } from '@lingui/core/macro';
import type { SettingsSectionDefinition } from '@terrace/session';
import { lazy } from 'react';

// Admins connect providers and manage keys; everyone else the route admits reads them with every
// control disabled and the reason.
const admins = { roles: ['admin'] };

/**
 * The organization settings sections this domain owns; the app composes them with every domain's
 * (apps/console/src/console-pages.ts).
 */
export const vcsSettingsSections: SettingsSectionDefinition[] = [
  {
    id: 'vcs-providers',
    title: msg`VCS providers`,
    description: msg`Connections to GitHub, GitLab, Bitbucket and Azure DevOps.`,
    content: {
      edit: admins,
      Component: lazy(() => import('./vcs-providers-section').then((m) => ({ default: m.VcsProvidersSection }))),
    },
  },
  {
    id: 'ssh-keys',
    title: msg`SSH keys`,
    description: msg`Keys used to clone and fetch private modules over SSH, and keys that sign commits.`,
    content: {
      edit: admins,
      Component: lazy(() => import('./ssh-keys-section').then((m) => ({ default: m.SshKeysSection }))),
    },
  },
];
