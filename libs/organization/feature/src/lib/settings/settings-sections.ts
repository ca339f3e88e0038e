import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/**
 * The sections of /organization/setting?id=<section>. Ids are the spec's (§2.2); the spec saw two
 * naming schemes in the product, so the other scheme's names are accepted as aliases and the URL
 * is rewritten to the canonical id. 'sign-in' is ours: the spec names the settings but no section.
 */
export const settingsSections = [
  'user-list',
  'programmatic-user-list',
  'team-list',
  'custom-roles',
  'idp',
  'sign-in',
  'abac',
  'ai-features',
  'vcs-providers',
  'cloud-creds',
  'notification',
  'ssh-keys',
] as const;
export type SettingsSection = (typeof settingsSections)[number];

export const defaultSettingsSection: SettingsSection = 'user-list';

const aliases: Record<string, SettingsSection> = {
  users: 'user-list',
  'user-management': 'user-list',
  'programmatic-users': 'programmatic-user-list',
  'api-tokens': 'programmatic-user-list',
  teams: 'team-list',
  'custom-role': 'custom-roles',
  roles: 'custom-roles',
  sso: 'idp',
  'identity-provider': 'idp',
  'sign-in-settings': 'sign-in',
  'custom-abac': 'abac',
  'abac-configuration': 'abac',
  ai: 'ai-features',
  vcs: 'vcs-providers',
  'cloud-credentials': 'cloud-creds',
  notifications: 'notification',
  'ssh-key': 'ssh-keys',
};

/** The section an id query parameter names, or null when it names none. */
export function resolveSettingsSection(id: string | null | undefined): SettingsSection | null {
  if (!id) return null;
  if ((settingsSections as readonly string[]).includes(id)) return id as SettingsSection;
  return aliases[id] ?? null;
}

/** Sections the server does not serve yet; they show a designed "not available yet" panel. */
export const unavailableSections: ReadonlySet<SettingsSection> = new Set(['vcs-providers', 'cloud-creds', 'notification', 'ssh-keys']);

export const settingsSectionGroups: { label: MessageDescriptor; sections: SettingsSection[] }[] = [
  { label: msg`People`, sections: ['user-list', 'programmatic-user-list', 'team-list', 'custom-roles'] },
  { label: msg`Sign-in`, sections: ['idp', 'sign-in', 'abac'] },
  { label: msg`Integrations`, sections: ['vcs-providers', 'cloud-creds', 'notification', 'ssh-keys'] },
  { label: msg`Features`, sections: ['ai-features'] },
];

export const settingsSectionLabels: Record<SettingsSection, { title: MessageDescriptor; description: MessageDescriptor }> = {
  'user-list': { title: msg`Users`, description: msg`Who belongs to the organization and with which role.` },
  'programmatic-user-list': {
    title: msg`Programmatic users`,
    description: msg`Non-human users for CI pipelines and scripts, with their API tokens.`,
  },
  'team-list': { title: msg`Teams`, description: msg`Groups of users that receive namespace permissions together.` },
  'custom-roles': {
    title: msg`Custom roles`,
    description: msg`Roles with exactly the stack permissions you choose, for the organization or for namespaces.`,
  },
  idp: { title: msg`Identity provider`, description: msg`Single sign-on through OIDC or SAML.` },
  'sign-in': { title: msg`Sign-in settings`, description: msg`How members of the organization must sign in.` },
  abac: {
    title: msg`Attribute-based access`,
    description: msg`Give identity-provider groups an organization role and teams when their members sign in.`,
  },
  'ai-features': { title: msg`AI features`, description: msg`The AI assistant and AI analysis of runs.` },
  'vcs-providers': { title: msg`VCS providers`, description: msg`Connections to GitHub, GitLab, Bitbucket and Azure DevOps.` },
  'cloud-creds': { title: msg`Cloud credentials`, description: msg`Credentials stacks use to reach cloud accounts.` },
  notification: { title: msg`Notifications`, description: msg`Where run and drift events are sent: Slack, Teams, e-mail.` },
  'ssh-keys': { title: msg`SSH keys`, description: msg`Keys used to fetch private modules over SSH.` },
};
