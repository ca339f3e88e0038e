import type { UserListFilters } from './organization.requests';

/**
 * Query keys of the organization domain: components never build keys themselves. Each resource
 * nests under its own prefix so a mutation invalidates exactly the lists and details it changes.
 */
export const organizationKeys = {
  all: ['organization'] as const,
  organization: () => [...organizationKeys.all, 'organization'] as const,
  configuration: () => [...organizationKeys.all, 'configuration'] as const,
  signInSettings: () => [...organizationKeys.all, 'signInSettings'] as const,
  sso: () => [...organizationKeys.all, 'sso'] as const,
  users: () => [...organizationKeys.all, 'users'] as const,
  userList: (filters: UserListFilters) => [...organizationKeys.users(), 'list', filters] as const,
  teams: () => [...organizationKeys.all, 'teams'] as const,
  teamList: () => [...organizationKeys.teams(), 'list'] as const,
  team: (teamId: string) => [...organizationKeys.teams(), 'detail', teamId] as const,
  teamUsers: (teamId: string) => [...organizationKeys.teams(), 'users', teamId] as const,
  programmaticUsers: () => [...organizationKeys.all, 'programmaticUsers'] as const,
  programmaticUserList: () => [...organizationKeys.programmaticUsers(), 'list'] as const,
  programmaticUserTokens: (programmaticUserId: string) =>
    [...organizationKeys.programmaticUsers(), 'tokens', programmaticUserId] as const,
  customRoles: () => [...organizationKeys.all, 'customRoles'] as const,
  abac: () => [...organizationKeys.all, 'abac'] as const,
  currentUser: () => [...organizationKeys.all, 'currentUser'] as const,
  personalAccessTokens: () => [...organizationKeys.all, 'personalAccessTokens'] as const,
};
