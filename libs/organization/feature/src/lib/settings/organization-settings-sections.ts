import { msg } from '@lingui/core/macro';
import type { SettingsSectionDefinition } from '@terrace/session';
import { lazy } from 'react';


/**
 * The organization settings sections this domain owns. Other domains contribute theirs the same
 * way (VCS providers, cloud credentials, notifications, SSH keys), and the app composes them.
 */
export const organizationSettingsSections: SettingsSectionDefinition[] = [
  {
    id: 'user-list',
    title: msg`Users`,
    description: msg`Who belongs to the organization and with which role.`,
    content: { Component: lazy(() => import('./users-section').then((m) => ({ default: m.UsersSection }))) },
  },
  {
    id: 'programmatic-user-list',
    title: msg`Programmatic users`,
    description: msg`Non-human users for CI pipelines and scripts, with their API tokens.`,
    content: {
      Component: lazy(() => import('./programmatic-users-section').then((m) => ({ default: m.ProgrammaticUsersSection }))),
    },
  },
  {
    id: 'team-list',
    title: msg`Teams`,
    description: msg`Groups of users that receive namespace permissions together.`,
    content: { Component: lazy(() => import('./teams-section').then((m) => ({ default: m.TeamsSection }))) },
  },
  {
    id: 'custom-roles',
    title: msg`Custom roles`,
    description: msg`Roles with exactly the stack permissions you choose, for the organization or for namespaces.`,
    content: { Component: lazy(() => import('./custom-roles-section').then((m) => ({ default: m.CustomRolesSection }))) },
  },
  {
    id: 'idp',
    title: msg`Identity provider`,
    description: msg`Single sign-on through OIDC or SAML.`,
    content: { Component: lazy(() => import('./idp-section').then((m) => ({ default: m.IdpSection }))) },
  },
  {
    id: 'sign-in',
    title: msg`Sign-in settings`,
    description: msg`How members of the organization must sign in.`,
    content: { Component: lazy(() => import('./sign-in-section').then((m) => ({ default: m.SignInSection }))) },
  },
  {
    id: 'abac',
    title: msg`Attribute-based access`,
    description: msg`Give identity-provider groups an organization role and teams when their members sign in.`,
    content: { Component: lazy(() => import('./abac-section').then((m) => ({ default: m.AbacSection }))) },
  },
  {
    id: 'ai-features',
    title: msg`AI features`,
    description: msg`The AI assistant and AI analysis of runs.`,
    content: { Component: lazy(() => import('./ai-features-section').then((m) => ({ default: m.AiFeaturesSection }))) },
  },
];
