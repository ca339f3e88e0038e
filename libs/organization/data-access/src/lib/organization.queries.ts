import { queryOptions } from '@tanstack/react-query';
import type { OrganizationApi, UserListFilters } from './organization-api';
import { organizationKeys } from './organization.keys';

// Settings change rarely and only through these pages, whose mutations invalidate them; people
// lists change when other admins act, so they go stale sooner.
const settingsStaleTime = 5 * 60_000;
const peopleStaleTime = 30_000;

export const organizationQueries = {
  organization: (api: OrganizationApi) =>
    queryOptions({ queryKey: organizationKeys.organization(), queryFn: () => api.organization(), staleTime: settingsStaleTime }),
  configuration: (api: OrganizationApi) =>
    queryOptions({ queryKey: organizationKeys.configuration(), queryFn: () => api.configuration(), staleTime: settingsStaleTime }),
  signInSettings: (api: OrganizationApi) =>
    queryOptions({ queryKey: organizationKeys.signInSettings(), queryFn: () => api.signInSettings(), staleTime: settingsStaleTime }),
  sso: (api: OrganizationApi) =>
    queryOptions({ queryKey: organizationKeys.sso(), queryFn: () => api.identityProvider(), staleTime: settingsStaleTime }),
  users: (api: OrganizationApi, filters: UserListFilters) =>
    queryOptions({ queryKey: organizationKeys.userList(filters), queryFn: () => api.users(filters), staleTime: peopleStaleTime }),
  teams: (api: OrganizationApi) =>
    queryOptions({ queryKey: organizationKeys.teamList(), queryFn: () => api.teams(), staleTime: peopleStaleTime }),
  team: (api: OrganizationApi, teamId: string) =>
    queryOptions({ queryKey: organizationKeys.team(teamId), queryFn: () => api.team(teamId), staleTime: peopleStaleTime }),
  teamUsers: (api: OrganizationApi, teamId: string) =>
    queryOptions({ queryKey: organizationKeys.teamUsers(teamId), queryFn: () => api.teamUsers(teamId), staleTime: peopleStaleTime }),
  programmaticUsers: (api: OrganizationApi) =>
    queryOptions({
      queryKey: organizationKeys.programmaticUserList(),
      queryFn: () => api.programmaticUsers(),
      staleTime: peopleStaleTime,
    }),
  programmaticUserTokens: (api: OrganizationApi, programmaticUserId: string) =>
    queryOptions({
      queryKey: organizationKeys.programmaticUserTokens(programmaticUserId),
      queryFn: () => api.programmaticUserTokens(programmaticUserId),
      staleTime: peopleStaleTime,
    }),
  customRoles: (api: OrganizationApi) =>
    queryOptions({ queryKey: organizationKeys.customRoles(), queryFn: () => api.customRoles(), staleTime: settingsStaleTime }),
  abac: (api: OrganizationApi) =>
    queryOptions({ queryKey: organizationKeys.abac(), queryFn: () => api.abacConfigurations(), staleTime: settingsStaleTime }),
  currentUser: (api: OrganizationApi) =>
    queryOptions({ queryKey: organizationKeys.currentUser(), queryFn: () => api.currentUser(), staleTime: settingsStaleTime }),
  personalAccessTokens: (api: OrganizationApi) =>
    queryOptions({
      queryKey: organizationKeys.personalAccessTokens(),
      queryFn: () => api.personalAccessTokens(),
      staleTime: peopleStaleTime,
    }),
};
