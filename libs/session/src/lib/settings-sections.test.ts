import { lazy } from 'react';
import { describe, expect, it } from 'vitest';
import {
  composeSettingsSections,
  resolveSettingsSection,
  settingsSectionCatalogue,
  settingsSectionGroups,
  settingsSectionIds,
  type SettingsSectionDefinition,
  type SettingsSectionId,
} from './settings-sections';

const section = (id: string): SettingsSectionDefinition => ({
  id: id as SettingsSectionId,
  title: { id: `title.${id}` },
  description: { id: `description.${id}` },
  content: { Component: lazy(async () => ({ default: () => null })) },
});

describe('organization settings sections', () => {
  it('accepts every id the spec lists', () => {
    for (const id of ['vcs-providers', 'cloud-creds', 'user-list', 'programmatic-user-list', 'team-list', 'custom-roles', 'notification', 'ai-features', 'idp', 'ssh-keys', 'abac']) {
      expect(resolveSettingsSection(id)).toBe(id);
    }
  });

  it('maps the other naming scheme onto the same sections', () => {
    expect(resolveSettingsSection('teams')).toBe('team-list');
    expect(resolveSettingsSection('notifications')).toBe('notification');
    expect(resolveSettingsSection('sso')).toBe('idp');
    expect(resolveSettingsSection('users')).toBe('user-list');
  });

  it('answers null for an unknown or missing id, so the page can fall back to its default', () => {
    expect(resolveSettingsSection('nope')).toBeNull();
    expect(resolveSettingsSection('toString')).toBeNull();
    expect(resolveSettingsSection(null)).toBeNull();
  });

  it('puts every section in one of the navigation groups', () => {
    const groups = new Set(settingsSectionGroups);
    for (const id of settingsSectionIds) expect(groups).toContain(settingsSectionCatalogue[id].group);
  });

  it('composes the sections the domains contribute by id', () => {
    const sections = composeSettingsSections([section('user-list'), section('team-list')], [section('vcs-providers')]);
    expect([...sections.keys()]).toEqual(['user-list', 'team-list', 'vcs-providers']);
  });

  it('refuses a section outside the catalogue, and one contributed twice', () => {
    expect(() => composeSettingsSections([section('billing')])).toThrow("Settings section 'billing' is not in the catalogue");
    expect(() => composeSettingsSections([section('idp')], [section('idp')])).toThrow("Settings section 'idp' is contributed twice.");
  });
});
