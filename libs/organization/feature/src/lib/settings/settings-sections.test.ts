import { describe, expect, it } from 'vitest';
import { resolveSettingsSection, settingsSectionGroups, settingsSections } from './settings-sections';

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
    expect(resolveSettingsSection(null)).toBeNull();
  });

  it('puts every section in exactly one navigation group', () => {
    const grouped = settingsSectionGroups.flatMap((group) => group.sections);
    expect([...grouped].sort()).toEqual([...settingsSections].sort());
  });
});
