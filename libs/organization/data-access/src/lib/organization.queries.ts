import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@terrace/api-client';
import { organizationRequests, type UserListFilters } from './organization.requests';
import { organizationKeys } from './organization.keys';

// Settings change rarely and only through these pages, whose mutations invalidate them; people
// lists change when other admins act, so they go stale sooner.
const settingsStaleTime = 5 * 60_000;
const peopleStaleTime = 30_000;

export const organizationQueries = {
  organization: (client: ApiClient) =>
    queryOptions({ queryKey: organizationKeys.organization(), queryFn: ({ signal }) => organizationRequests.organization(client, signal), staleTime: settingsStaleTime }),
  configuration: (client: ApiClient) =>
    queryOptions({ queryKey: organizationKeys.configuration(), queryFn: ({ signal }) => organizationRequests.configuration(client, signal), staleTime: settingsStaleTime }),
  signInSettings: (client: ApiClient) =>
    queryOptions({ queryKey: organizationKeys.signInSettings(), queryFn: ({ signal }) => organizationRequests.signInSettings(client, signal), staleTime: settingsStaleTime }),
  sso: (client: ApiClient) =>
    queryOptions({ queryKey: organizationKeys.sso(), queryFn: ({ signal }) => organizationRequests.identityProvider(client, signal), staleTime: settingsStaleTime }),
  users: (client: ApiClient, filters: UserListFilters) =>
    queryOptions({ queryKey: organizationKeys.userList(filters), queryFn: ({ signal }) => organizationRequests.users(client, filters, signal), staleTime: peopleStaleTime }),
  teams: (client: ApiClient) =>
    queryOptions({ queryKey: organizationKeys.teamList(), queryFn: ({ signal }) => organizationRequests.teams(client, signal), staleTime: peopleStaleTime }),
  team: (client: ApiClient, teamId: string) =>
    queryOptions({ queryKey: organizationKeys.team(teamId), queryFn: ({ signal }) => organizationRequests.team(client, teamId, signal), staleTime: peopleStaleTime }),
  teamUsers: (client: ApiClient, teamId: string) =>
    queryOptions({ queryKey: organizationKeys.teamUsers(teamId), queryFn: ({ signal }) => organizationRequests.teamUsers(client, teamId, signal), staleTime: peopleStaleTime }),
  programmaticUsers: (client: ApiClient) =>
    queryOptions({
      queryKey: organizationKeys.programmaticUserList(),
      queryFn: ({ signal }) => organizationRequests.programmaticUsers(client, signal),
      staleTime: peopleStaleTime,
    }),
  programmaticUserTokens: (client: ApiClient, programmaticUserId: string) =>
    queryOptions({
      queryKey: organizationKeys.programmaticUserTokens(programmaticUserId),
      queryFn: ({ signal }) => organizationRequests.programmaticUserTokens(client, programmaticUserId, signal),
      staleTime: peopleStaleTime,
    }),
  customRoles: (client: ApiClient) =>
    queryOptions({ queryKey: organizationKeys.customRoles(), queryFn: ({ signal }) => organizationRequests.customRoles(client, signal), staleTime: settingsStaleTime }),
  abac: (client: ApiClient) =>
    queryOptions({ queryKey: organizationKeys.abac(), queryFn: ({ signal }) => organizationRequests.abacConfigurations(client, signal), staleTime: settingsStaleTime }),
  currentUser: (client: ApiClient) =>
    queryOptions({ queryKey: organizationKeys.currentUser(), queryFn: ({ signal }) => organizationRequests.currentUser(client, signal), staleTime: settingsStaleTime }),
  personalAccessTokens: (client: ApiClient) =>
    queryOptions({
      queryKey: organizationKeys.personalAccessTokens(),
      queryFn: ({ signal }) => organizationRequests.personalAccessTokens(client, signal),
      staleTime: peopleStaleTime,
    }),
};
