import { msg } from '@lingui/core/macro';
import type { SettingsSectionDefinition } from '@terrace/session';
import { lazy } from 'react';

/**
 * The organization settings section this domain owns (composed in apps/console/src/console-pages.ts).
 * Organization variables are settings of the whole organization, like its VCS providers: they
 * live with them, edited by those who may change the organization's configuration.
 */
export const variablesSettingsSections: SettingsSectionDefinition[] = [
  {
    id: 'variables',
    title: msg`Variables`,
    description: msg`Terraform and environment variables every namespace and stack inherits.`,
    content: {
      Component: lazy(() => import('./organization-variables-section').then((m) => ({ default: m.OrganizationVariablesSection }))),
    },
  },
];
