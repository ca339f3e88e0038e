import { describe, expect, it } from 'vitest';
import { lastAccountKey, lastRegionKey, storageKeys } from './storage-keys';

describe('storage keys', () => {
  it('uses the names of the specification', () => {
    expect(storageKeys.authToken).toBe('auth_token');
    expect(storageKeys.user).toBe('user');
    expect(storageKeys.organization).toBe('organization');
    expect(storageKeys.latestNotificationDate).toBe('latestNotificationDate');
  });

  it.each([
    ['aws', 'awsAccountId', 'awsRegionId'],
    ['azure', 'azureSubscriptionId', 'azureRegionId'],
    ['gcp', 'gcpProjectId', 'gcpRegionId'],
    ['datadog', 'datadogAccountId', 'datadogRegionId'],
  ] as const)('names the last %s account and region keys', (provider, account, region) => {
    expect(lastAccountKey(provider)).toBe(account);
    expect(lastRegionKey(provider)).toBe(region);
  });
});
