import { msg } from '@lingui/core/macro';
import type { SettingsSectionDefinition } from '@terrace/session';
import { lazy } from 'react';

/**
 * The organization settings section this domain owns; the app composes it with every domain's
 * (apps/console/src/console-pages.ts). Who may change it is the catalogue's permission
 * (runnerGroup:manage); everyone else the route admits reads it with every control disabled and the reason.
 */
export const runnersSettingsSections: SettingsSectionDefinition[] = [
  {
    id: 'runner-groups',
    title: msg`Runner groups`,
    description: msg`The managed runner and your self-hosted runner groups: their runners, registration tokens and concurrency limits.`,
    content: {
      Component: lazy(() => import('./runner-groups-section').then((m) => ({ default: m.RunnerGroupsSection }))),
    },
  },
];
