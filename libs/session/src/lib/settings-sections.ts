import type { MessageDescriptor } from '@lingui/core';
import type { ComponentType, LazyExoticComponent } from 'react';
import type { RouteAccess } from './app-routes';

/**
 * The sections of /organization/setting?id=<section> (spec §2.2) and their navigation group, as
 * data like the route table. What a section shows comes from the domain that owns it
 * (`SettingsSectionDefinition`), so VCS providers, cloud credentials, notifications and SSH keys
 * arrive with their domains. 'sign-in' is ours: the spec names the settings but no section.
 */
export const settingsSectionCatalogue = {
  'user-list': { group: 'people' },
  'programmatic-user-list': { group: 'people' },
  'team-list': { group: 'people' },
  'custom-roles': { group: 'people' },
  idp: { group: 'signIn' },
  'sign-in': { group: 'signIn' },
  abac: { group: 'signIn' },
  'vcs-providers': { group: 'integrations' },
  'cloud-creds': { group: 'integrations' },
  notification: { group: 'integrations' },
  'ssh-keys': { group: 'integrations' },
  'ai-features': { group: 'features' },
} as const satisfies Record<string, { group: SettingsSectionGroup }>;

export type SettingsSectionId = keyof typeof settingsSectionCatalogue;
export const settingsSectionIds = Object.keys(settingsSectionCatalogue) as SettingsSectionId[];

export type SettingsSectionGroup = 'people' | 'signIn' | 'integrations' | 'features';

/** The navigation groups, in order (the settings page names them). */
export const settingsSectionGroups: readonly SettingsSectionGroup[] = ['people', 'signIn', 'integrations', 'features'];

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
 * catalogue), its title and description (Lingui descriptors), who may change it (the rule shape
 * `useAccess` takes; everyone else reads it with every control disabled and the reason shown),
 * and its content, loaded when the section is first opened. A section announced before its
 * domain exists has no `content`: the page says it is not available yet.
 */
export interface SettingsSectionDefinition {
  id: SettingsSectionId;
  title: MessageDescriptor;
  description: MessageDescriptor;
  content?: { edit: Partial<RouteAccess>; Component: LazyExoticComponent<ComponentType<SettingsSectionProps>> };
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
