import { msg } from '@lingui/core/macro';
import type { SettingsSectionDefinition } from '@terrace/session';
import { lazy } from 'react';

/**
 * The organization settings sections this domain owns; the app composes them with every domain's
 * (apps/console/src/console-pages.ts). Who may change them is the catalogue's permission
 * (libs/session/src/lib/settings-sections.ts: vcsProvider:update, sshKey:update); everyone else
 * the route admits reads them with every control disabled and the reason.
 */
export const vcsSettingsSections: SettingsSectionDefinition[] = [
  {
    id: 'vcs-providers',
    title: msg`VCS providers`,
    description: msg`Connections to GitHub, GitLab, Bitbucket and Azure DevOps.`,
    content: {
      Component: lazy(() => import('./vcs-providers-section').then((m) => ({ default: m.VcsProvidersSection }))),
    },
  },
  {
    id: 'ssh-keys',
    title: msg`SSH keys`,
    description: msg`Keys used to clone and fetch private modules over SSH, and keys that sign commits.`,
    content: {
      Component: lazy(() => import('./ssh-keys-section').then((m) => ({ default: m.SshKeysSection }))),
    },
  },
];
