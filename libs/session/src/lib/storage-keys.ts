/**
 * Browser storage keys, spelled exactly as the specification (§3) names them: existing
 * bookmarks, scripts and support instructions refer to these names, so they are part of the
 * product's surface and must not be renamed.
 */
export const storageKeys = {
  authToken: 'auth_token',
  user: 'user',
  organization: 'organization',
  latestNotificationDate: 'latestNotificationDate',
  menuBookmarks: 'menuBookmarks',
  theme: 'theme',
  localSettings: 'localSettings',
  /** Set while a sign-out runs, so the guard sends the visitor to its target, not to sign-in. */
  signOutTarget: 'signOutTarget',
  /** Reminder state of the MFA and SSO banners (postponed until / dismissed). */
  mfaBannerPostponedUntil: 'mfaBannerPostponedUntil',
  ssoBannerPostponedUntil: 'ssoBannerPostponedUntil',
  ssoBannerDismissed: 'ssoBannerDismissed',
} as const;

export const cloudProviders = [
  'aws',
  'azure',
  'gcp',
  'datadog',
  'cloudflare',
  'vcd',
  'databricks',
  'confluent',
  'okta',
  'mongodbatlas',
] as const;
export type CloudProvider = (typeof cloudProviders)[number];

// AWS, Azure and GCP name their account unit differently (§3: awsAccountId, azureSubscriptionId,
// gcpProjectId); the other providers follow the same '<provider><Unit>Id' pattern with 'Account'.
const accountUnit: Partial<Record<CloudProvider, string>> = { azure: 'Subscription', gcp: 'Project' };

/** The key of the last account (subscription, project) the user picked for a provider. */
export function lastAccountKey(provider: CloudProvider): string {
  return `${provider}${accountUnit[provider] ?? 'Account'}Id`;
}

/** The key of the last region the user picked for a provider. */
export function lastRegionKey(provider: CloudProvider): string {
  return `${provider}RegionId`;
}
