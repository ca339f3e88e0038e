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
export {
  AuthApiContext,
  SessionApiContext,
  useAuthApi,
  useSessionApi,
  type AuthApi,
  type MfaSecret,
  type SignUpInput,
  type NotificationItem,
  type OrganizationRole,
  type SessionApi,
  type SignInResult,
  type SignInSettings,
  type AiFeaturesSettings,
  type SsoPotentialSession,
  type SsoPotentialSessions,
} from './lib/session-api';
export { sessionKeys } from './lib/session.keys';
export { sessionQueries } from './lib/session.queries';
export { useCurrentSession, type CurrentSession, type CurrentSessionState } from './lib/use-current-session';
export { accessRefusal, useAccess, type AccessRefusal, type AccessRequest, type AccessState } from './lib/use-access';
export { createSessionApi } from './lib/create-session-api';
