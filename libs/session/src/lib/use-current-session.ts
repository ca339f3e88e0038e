import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSessionApi } from './session-api';
import type { AccessContext, Organization, TeamRef, User } from './session-model';
import { sessionQueries } from './session.queries';
import { isNamespaceOnlyRole } from './route-access';

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

/** The signed-in user, organization, role, teams and capabilities as one value. */
export function useCurrentSession(): CurrentSessionState {
  const api = useSessionApi();
  const [user, organization, role, capabilities] = useQueries({
    queries: [
      sessionQueries.user(api),
      sessionQueries.organization(api),
      sessionQueries.role(api),
      sessionQueries.capabilities(api),
    ],
  });
  return useMemo<CurrentSessionState>(() => {
    const failed = [user, organization, role, capabilities].find((q) => q.isError);
    if (failed) {
      return {
        status: 'error',
        error: failed.error,
        retry: () => void Promise.all([user.refetch(), organization.refetch(), role.refetch(), capabilities.refetch()]),
      };
    }
    if (!user.data || !organization.data || !role.data || !capabilities.data) return { status: 'pending' };
    const caps = new Set(capabilities.data);
    const session: CurrentSession = {
      user: user.data,
      organization: organization.data,
      role: role.data.orgRole,
      teams: role.data.teams,
      capabilities: caps,
      isNamespaceOnly: isNamespaceOnlyRole(role.data.orgRole),
      isSsoUser: user.data.userType === 'ssoUser',
      access: {
        organizationType: organization.data.type,
        organizationId: organization.data.id,
        role: role.data.orgRole,
        capabilities: caps,
      },
    };
    return { status: 'success', session };
    // The query results are new objects each render; their data and status are what matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user.data, organization.data, role.data, capabilities.data, user.error, organization.error, role.error, capabilities.error]);
}
