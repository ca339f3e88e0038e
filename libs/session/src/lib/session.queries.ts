import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@terrace/api-client';
import { sessionRequests } from './session.requests';
import { sessionKeys } from './session.keys';

// The session changes only through sign-in, sign-out and organization switches, which reset
// the cache themselves; refetching it on every focus would only add requests.
const sessionStaleTime = 5 * 60_000;

export const sessionQueries = {
  user: (client: ApiClient) =>
    queryOptions({ queryKey: sessionKeys.user(), queryFn: ({ signal }) => sessionRequests.currentUser(client, signal), staleTime: sessionStaleTime }),
  role: (client: ApiClient) =>
    queryOptions({ queryKey: sessionKeys.role(), queryFn: ({ signal }) => sessionRequests.organizationRole(client, signal), staleTime: sessionStaleTime }),
  capabilities: (client: ApiClient) =>
    queryOptions({
      queryKey: sessionKeys.capabilities(),
      queryFn: ({ signal }) => sessionRequests.capabilities(client, signal),
      staleTime: sessionStaleTime,
    }),
  allowedOrganizations: (client: ApiClient) =>
    queryOptions({
      queryKey: sessionKeys.allowedOrganizations(),
      queryFn: ({ signal }) => sessionRequests.allowedOrganizations(client, signal),
      staleTime: 60_000,
    }),
  organizationHasUsers: (client: ApiClient) =>
    queryOptions({
      queryKey: sessionKeys.organizationHasUsers(),
      queryFn: ({ signal }) => sessionRequests.organizationHasUsers(client, signal),
      staleTime: sessionStaleTime,
    }),
  signInSettings: (client: ApiClient) =>
    queryOptions({
      queryKey: sessionKeys.signInSettings(),
      queryFn: ({ signal }) => sessionRequests.signInSettings(client, signal),
      staleTime: sessionStaleTime,
    }),
  ssoPotentialSessions: (client: ApiClient) =>
    queryOptions({
      queryKey: sessionKeys.ssoPotentialSessions(),
      queryFn: ({ signal }) => sessionRequests.ssoPotentialSessions(client, signal),
      staleTime: 30_000,
    }),
  notifications: (client: ApiClient) =>
    queryOptions({
      queryKey: sessionKeys.notifications(),
      queryFn: ({ signal }) => sessionRequests.notifications(client, signal),
      staleTime: 10 * 60_000,
    }),
  // An admin may enable AI features in another tab or page: the assistant entry reads it afresh
  // when it mounts and before it acts on a click.
  aiFeatures: (client: ApiClient) =>
    queryOptions({
      queryKey: sessionKeys.aiFeatures(),
      queryFn: ({ signal }) => sessionRequests.aiFeatures(client, signal),
      staleTime: 0,
    }),
};
