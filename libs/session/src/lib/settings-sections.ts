import type { MessageDescriptor } from '@lingui/core';
import type { ComponentType, LazyExoticComponent } from 'react';
import type { Permission } from '@terrace/domain';

/**
 * The sections of /organization/setting?id=<section> (spec §2.2), their navigation group and the
 * permission of the shared access model that changes each (everyone else reads it with every
 * control disabled and the reason shown), as data like the route table. What a section shows comes from the domain that owns it
 * (`SettingsSectionDefinition`), so VCS providers, cloud credentials, notifications and SSH keys
 * arrive with their domains. 'sign-in' is ours: the spec names the settings but no section.
 */
export const settingsSectionCatalogue = {
  'user-list': { group: 'people', edit: 'user:manage' },
  'programmatic-user-list': { group: 'people', edit: 'programmaticUser:manage' },
  'team-list': { group: 'people', edit: 'team:manage' },
  'custom-roles': { group: 'people', edit: 'customRole:manage' },
  idp: { group: 'signIn', edit: 'signInSettings:update' },
  'sign-in': { group: 'signIn', edit: 'signInSettings:update' },
  abac: { group: 'signIn', edit: 'customAbac:manage' },
  'vcs-providers': { group: 'integrations', edit: 'vcsProvider:update' },
  'cloud-creds': { group: 'integrations', edit: 'cloudCredentials:update' },
  notification: { group: 'integrations', edit: 'notification:update' },
  'ssh-keys': { group: 'integrations', edit: 'sshKey:update' },
  // The organization's Terraform and environment variables, inherited by every namespace and stack
  // (ours: the spec has variables at organization scope but no page for them).
  variables: { group: 'automation', edit: 'orgConfiguration:update' },
  // Self-hosted runner groups, their runners, registration tokens and concurrency limits (ours: the
  // spec has runner groups and their health but names no section for them).
  'runner-groups': { group: 'automation', edit: 'runnerGroup:manage' },
  'ai-features': { group: 'features', edit: 'orgConfiguration:update' },
} as const satisfies Record<string, { group: SettingsSectionGroup; edit: Permission }>;

export type SettingsSectionId = keyof typeof settingsSectionCatalogue;
export const settingsSectionIds = Object.keys(settingsSectionCatalogue) as SettingsSectionId[];

export type SettingsSectionGroup = 'people' | 'signIn' | 'integrations' | 'automation' | 'features';

/** The navigation groups, in order (the settings page names them). */
export const settingsSectionGroups: readonly SettingsSectionGroup[] = ['people', 'signIn', 'integrations', 'automation', 'features'];

export const defaultSettingsSection: SettingsSectionId = 'user-list';

// The spec saw two naming schemes in the product: the other scheme's names are accepted and the
// URL is rewritten to the canonical id.
const aliases: Record<string, SettingsSectionId> = {
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
  'organization-variables': 'variables',
  'org-variables': 'variables',
  runners: 'runner-groups',
  'runner-group': 'runner-groups',
};

/** The section an id query parameter names, or null when it names none. */
export function resolveSettingsSection(id: string | null | undefined): SettingsSectionId | null {
  if (!id) return null;
  if (Object.hasOwn(settingsSectionCatalogue, id)) return id as SettingsSectionId;
  return Object.hasOwn(aliases, id) ? (aliases[id] ?? null) : null;
}

/** What the settings page gives a section: whether the user may change it, and why not. */
export interface SettingsSectionProps {
  canEdit: boolean;
  readOnlyReason: string;
}

/**
 * A section a domain contributes to the organization settings: which one (an id of the
 * catalogue), its title and description (Lingui descriptors) and its content, loaded when the section is first opened. A section announced before its
 * domain exists has no `content`: the page says it is not available yet.
 */
export interface SettingsSectionDefinition {
  id: SettingsSectionId;
  title: MessageDescriptor;
  description: MessageDescriptor;
  content?: { Component: LazyExoticComponent<ComponentType<SettingsSectionProps>> };
}

/** The sections the app offers, by id. A duplicate or an id outside the catalogue is an error. */
export function composeSettingsSections(
  ...domains: readonly SettingsSectionDefinition[][]
): ReadonlyMap<SettingsSectionId, SettingsSectionDefinition> {
  const sections = new Map<SettingsSectionId, SettingsSectionDefinition>();
  for (const section of domains.flat()) {
    if (!Object.hasOwn(settingsSectionCatalogue, section.id)) {
      throw new Error(`Settings section '${section.id}' is not in the catalogue (libs/session/src/lib/settings-sections.ts).`);
    }
    if (sections.has(section.id)) throw new Error(`Settings section '${section.id}' is contributed twice.`);
    sections.set(section.id, section);
  }
  return sections;
}
