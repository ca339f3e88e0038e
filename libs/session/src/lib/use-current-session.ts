import { useQueries, type QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@terrace/api-client';
import { useMemo } from 'react';
import { useApiClient } from './api-client-context';
import type { AccessContext, Organization, TeamRef, User } from './session-model';
import { sessionQueries } from './session.queries';
import { isNamespaceOnlyRole } from './route-access';
import { readStoredOrganization } from './stored-session';

export interface CurrentSession {
  user: User;
  organization: Organization;
  role: string;
  teams: TeamRef[];
  capabilities: ReadonlySet<string>;
  access: AccessContext;
  isNamespaceOnly: boolean;
  isSsoUser: boolean;
}

export type CurrentSessionState =
  | { status: 'pending' }
  | { status: 'error'; error: unknown; retry: () => void }
  | { status: 'success'; session: CurrentSession };

const currentSessionQueries = (client: ApiClient) =>
  [sessionQueries.user(client), sessionQueries.role(client), sessionQueries.capabilities(client)] as const;

/**
 * Starts the calls of the current session before the authenticated layout's chunk has loaded and
 * rendered (the console does it at start on an /app page with a token): the first page's data
 * then waits for one round trip less (ARCHITECTURE §8, Lighthouse's largest paint).
 */
export function prefetchCurrentSession(queryClient: QueryClient, client: ApiClient): void {
  const [user, role, capabilities] = currentSessionQueries(client);
  void queryClient.prefetchQuery(user);
  void queryClient.prefetchQuery(role);
  void queryClient.prefetchQuery(capabilities);
}

/** The signed-in user, organization, role, teams and capabilities as one value. */
export function useCurrentSession(): CurrentSessionState {
  const client = useApiClient();
  const [user, role, capabilities] = useQueries({ queries: currentSessionQueries(client) });
  const userError = user.error;
  const roleError = role.error;
  const capabilitiesError = capabilities.error;
  const { refetch: refetchUser } = user;
  const { refetch: refetchRole } = role;
  const { refetch: refetchCapabilities } = capabilities;
  return useMemo<CurrentSessionState>(() => {
    const error = userError ?? roleError ?? capabilitiesError;
    if (error) {
      return {
        status: 'error',
        error,
        retry: () => void Promise.all([refetchUser(), refetchRole(), refetchCapabilities()]),
      };
    }
    if (!user.data || !role.data || !capabilities.data) return { status: 'pending' };
    // The user answer carries the session's organization; storage is only a fallback.
    const organization = user.data.organization ?? readStoredOrganization();
    const caps = new Set(capabilities.data);
    const session: CurrentSession = {
      user: user.data,
      organization,
      role: role.data.orgRole,
      teams: role.data.teams,
      capabilities: caps,
      isNamespaceOnly: isNamespaceOnlyRole(role.data.orgRole),
      isSsoUser: user.data.userType === 'ssoUser',
      access: {
        organizationType: organization.type,
        organizationId: organization.id,
        role: role.data.orgRole,
        customRole: role.data.customRole ?? null,
        capabilities: caps,
      },
    };
    return { status: 'success', session };
  }, [user.data, role.data, capabilities.data, userError, roleError, capabilitiesError, refetchUser, refetchRole, refetchCapabilities]);
}
