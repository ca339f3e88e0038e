import { queryOptions } from '@tanstack/react-query';
import type { SessionApi } from './session-api';
import { sessionKeys } from './session.keys';

// The session changes only through sign-in, sign-out and organization switches, which reset
// the cache themselves; refetching it on every focus would only add requests.
const sessionStaleTime = 5 * 60_000;

export const sessionQueries = {
  user: (api: SessionApi) =>
    queryOptions({ queryKey: sessionKeys.user(), queryFn: () => api.currentUser(), staleTime: sessionStaleTime }),
  role: (api: SessionApi) =>
    queryOptions({ queryKey: sessionKeys.role(), queryFn: () => api.organizationRole(), staleTime: sessionStaleTime }),
  capabilities: (api: SessionApi) =>
    queryOptions({
      queryKey: sessionKeys.capabilities(),
      queryFn: () => api.capabilities(),
      staleTime: sessionStaleTime,
    }),
  allowedOrganizations: (api: SessionApi) =>
    queryOptions({
      queryKey: sessionKeys.allowedOrganizations(),
      queryFn: () => api.allowedOrganizations(),
      staleTime: 60_000,
    }),
  organizationHasUsers: (api: SessionApi) =>
    queryOptions({
      queryKey: sessionKeys.organizationHasUsers(),
      queryFn: () => api.organizationHasUsers(),
      staleTime: sessionStaleTime,
    }),
  signInSettings: (api: SessionApi) =>
    queryOptions({
      queryKey: sessionKeys.signInSettings(),
      queryFn: () => api.signInSettings(),
      staleTime: sessionStaleTime,
    }),
  ssoPotentialSessions: (api: SessionApi) =>
    queryOptions({
      queryKey: sessionKeys.ssoPotentialSessions(),
      queryFn: () => api.ssoPotentialSessions(),
      staleTime: 30_000,
    }),
  notifications: (api: SessionApi) =>
    queryOptions({
      queryKey: sessionKeys.notifications(),
      queryFn: () => api.notifications(),
      staleTime: 10 * 60_000,
    }),
  // An admin may enable AI features in another tab or page: the assistant entry reads it afresh
  // when it mounts and before it acts on a click.
  aiFeatures: (api: SessionApi) =>
    queryOptions({ queryKey: sessionKeys.aiFeatures(), queryFn: () => api.aiFeatures(), staleTime: 0 }),
};
