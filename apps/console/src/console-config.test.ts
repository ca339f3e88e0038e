import { describe, expect, it } from 'vitest';
import { readConsoleConfig } from './console-config';

describe('readConsoleConfig', () => {
  it('defaults the API base to /api and the allow-list to nobody', () => {
    expect(readConsoleConfig({})).toEqual({ apiBaseUrl: '/api', tfcMigrationOrganizationIds: [] });
  });

  it('reads the API base and the comma-separated allow-list', () => {
    expect(readConsoleConfig({ VITE_API_BASE_URL: 'https://api.example.com', VITE_TFC_MIGRATION_ORG_IDS: 'o-1, o-2,' })).toEqual({
      apiBaseUrl: 'https://api.example.com',
      tfcMigrationOrganizationIds: ['o-1', 'o-2'],
    });
  });
});
