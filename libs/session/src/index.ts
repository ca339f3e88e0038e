export { storageKeys, cloudProviders, lastAccountKey, lastRegionKey, type CloudProvider } from './lib/storage-keys';
export type { AccessContext, Organization, OrganizationType, PricingPlan, TeamRef, User } from './lib/session-model';
export {
  clearSession,
  isAuthenticated,
  readStoredOrganization,
  readStoredUser,
  readSignOutTarget,
  readToken,
  storeOrganization,
  storeSession,
  takeSignOutTarget,
  toOrganization,
  toOrganizationType,
  toUser,
} from './lib/stored-session';
export {
  defaultLocalSettings,
  parseLocalSettings,
  readLocalSettings,
  updateLocalSettings,
  useLocalSettings,
  type Direction,
  type LocaleId,
  type LocalSettings,
  type NavigationType,
  type ThemeName,
} from './lib/local-settings';
export { appRoutes, appRouteIds, type AppArea, type AppRouteDefinition, type AppRouteId, type RouteAccess } from './lib/app-routes';
export {
  appBase,
  appPath,
  appRouteBase,
  authBase,
  authPaths,
  loginRedirectFor,
  safeRedirectTarget,
  type Query,
} from './lib/paths';
export {
  canOpen,
  configureAccess,
  decide,
  decideRoute,
  defaultHomePath,
  defaultHomeRoute,
  getAccessOptions,
  isNamespaceOnlyRole,
  accessSubject,
  type AccessDecision,
  type AccessDeniedReason,
  type AccessOptions,
} from './lib/route-access';
export type {
  AiFeaturesSettings,
  MfaSecret,
  NotificationItem,
  OrganizationRole,
  SignInResult,
  SignInSettings,
  SignUpInput,
  SsoPotentialSession,
  SsoPotentialSessions,
} from './lib/session.types';
export { ApiClientProvider, useApiClient, type ApiClientProviderProps } from './lib/api-client-context';
export { firstItem, toPage, type Envelope, type Page } from './lib/first-item';
export { authRequests, sessionRequests } from './lib/session.requests';
export { composePages, lazyPage, type AppPages, type LazyPage, type PageHeading } from './lib/app-pages';
export {
  composeSettingsSections,
  defaultSettingsSection,
  resolveSettingsSection,
  settingsSectionCatalogue,
  settingsSectionGroups,
  settingsSectionIds,
  type SettingsSectionDefinition,
  type SettingsSectionGroup,
  type SettingsSectionId,
  type SettingsSectionProps,
} from './lib/settings-sections';
export { sessionKeys } from './lib/session.keys';
export { sessionQueries } from './lib/session.queries';
export { prefetchCurrentSession, useCurrentSession, type CurrentSession, type CurrentSessionState } from './lib/use-current-session';
export { accessRefusal, useAccess, type AccessRefusal, type AccessRequest, type AccessState } from './lib/use-access';
