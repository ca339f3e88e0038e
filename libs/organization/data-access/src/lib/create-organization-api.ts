import type { ApiClient } from '@terrace/api-client';
import { firstItem } from './first-item';
import type { OrganizationApi } from './organization-api';

/** The organization port on the shared client, on the contract's generated paths. */
export function createOrganizationApi(client: ApiClient): OrganizationApi {
  return {
    async organization() {
      const { data } = await client.GET('/org');
      return firstItem(data);
    },
    async configuration() {
      // Spec: before anything is configured the organization configuration answers empty items.
      const { data } = await client.GET('/org/configuration');
      return data?.response.items[0] ?? null;
    },
    async updateConfiguration(input) {
      const { data } = await client.PUT('/org/configuration', { body: { entity: input } });
      return firstItem(data);
    },
    async signInSettings() {
      const { data } = await client.GET('/org/signInSettings');
      return firstItem(data);
    },
    async updateSignInSettings(input) {
      const { data } = await client.PUT('/org/signInSettings', { body: { entity: input } });
      return firstItem(data);
    },

    async users({ page, pageSize, email }) {
      const { data } = await client.GET('/iam/org/user', {
        params: { query: { page, pageSize, ...(email ? { email } : {}) } },
      });
      const items = data?.response.items ?? [];
      return { items, total: data?.response.paging?.total ?? items.length };
    },
    async inviteUser(input) {
      const { data } = await client.POST('/iam/org/user/invite', { body: { entity: input } });
      return firstItem(data);
    },
    async changeUserRole(userId, role) {
      const { data } = await client.PUT('/iam/org/user/{userId}', {
        params: { path: { userId } },
        body: { entity: { role } },
      });
      return firstItem(data);
    },
    async removeUser(userId) {
      await client.DELETE('/iam/org/user/{userId}', { params: { path: { userId } } });
    },

    async teams() {
      const { data } = await client.GET('/iam/org/team');
      return data?.response.items ?? [];
    },
    async team(teamId) {
      const { data } = await client.GET('/iam/org/team/{teamId}', { params: { path: { teamId } } });
      return firstItem(data);
    },
    async createTeam(input) {
      const { data } = await client.POST('/iam/org/team', { body: { entity: input } });
      return firstItem(data);
    },
    async updateTeam(teamId, input) {
      const { data } = await client.PUT('/iam/org/team/{teamId}', {
        params: { path: { teamId } },
        body: { entity: input },
      });
      return firstItem(data);
    },
    async deleteTeam(teamId) {
      await client.DELETE('/iam/org/team/{teamId}', { params: { path: { teamId } } });
    },
    async teamUsers(teamId) {
      const { data } = await client.GET('/iam/org/teamUser', { params: { query: { teamId } } });
      return data?.response.items ?? [];
    },
    async addTeamUser(teamId, userEmail) {
      await client.POST('/iam/org/teamUser', { body: { entity: { teamId, userEmail } } });
    },
    async removeTeamUser(teamId, userEmail) {
      // Association resources have no id: the pair is the key and DELETE carries it (api-evidence).
      await client.DELETE('/iam/org/teamUser', { body: { entity: { teamId, userEmail } } });
    },

    async programmaticUsers() {
      const { data } = await client.GET('/iam/org/programmaticUser');
      return data?.response.items ?? [];
    },
    async createProgrammaticUser(input) {
      const { data } = await client.POST('/iam/org/programmaticUser', { body: { entity: input } });
      return firstItem(data);
    },
    async deleteProgrammaticUser(programmaticUserId) {
      await client.DELETE('/iam/org/programmaticUser/{programmaticUserId}', {
        params: { path: { programmaticUserId } },
      });
    },
    async programmaticUserTokens(programmaticUserId) {
      const { data } = await client.GET('/iam/org/programmaticUser/{programmaticUserId}/token', {
        params: { path: { programmaticUserId } },
      });
      return data?.response.items ?? [];
    },
    async createProgrammaticUserToken(programmaticUserId, input) {
      const { data } = await client.POST('/iam/org/programmaticUser/{programmaticUserId}/token', {
        params: { path: { programmaticUserId } },
        body: { entity: input },
      });
      return firstItem(data);
    },
    async revokeProgrammaticUserToken(programmaticUserId, tokenId) {
      await client.DELETE('/iam/org/programmaticUser/{programmaticUserId}/token/{tokenId}', {
        params: { path: { programmaticUserId, tokenId } },
      });
    },

    async customRoles() {
      const { data } = await client.GET('/iam/org/customRole');
      return data?.response.items ?? [];
    },
    async createCustomRole(input) {
      const { data } = await client.POST('/iam/org/customRole', { body: { entity: input } });
      return firstItem(data);
    },
    async updateCustomRole(customRoleId, input) {
      const { data } = await client.PUT('/iam/org/customRole/{customRoleId}', {
        params: { path: { customRoleId } },
        body: { entity: input },
      });
      return firstItem(data);
    },
    async deleteCustomRole(customRoleId) {
      await client.DELETE('/iam/org/customRole/{customRoleId}', { params: { path: { customRoleId } } });
    },

    async abacConfigurations() {
      const { data } = await client.GET('/iam/org/customAbacConfiguration');
      return data?.response.items ?? [];
    },
    async createAbacConfiguration(input) {
      const { data } = await client.POST('/iam/org/customAbacConfiguration', { body: { entity: input } });
      return firstItem(data);
    },
    async updateAbacConfiguration(customAbacConfigurationId, input) {
      const { data } = await client.PUT('/iam/org/customAbacConfiguration/{customAbacConfigurationId}', {
        params: { path: { customAbacConfigurationId } },
        body: { entity: input },
      });
      return firstItem(data);
    },
    async deleteAbacConfiguration(customAbacConfigurationId) {
      await client.DELETE('/iam/org/customAbacConfiguration/{customAbacConfigurationId}', {
        params: { path: { customAbacConfigurationId } },
      });
    },

    async identityProvider() {
      // Answers empty items while no identity provider is configured.
      const { data } = await client.GET('/iam/org/identityProvider');
      return data?.response.items[0] ?? null;
    },
    async updateIdentityProvider(input) {
      const { data } = await client.PUT('/iam/org/identityProvider', { body: { entity: input } });
      return firstItem(data);
    },
    async deleteIdentityProvider() {
      await client.DELETE('/iam/org/identityProvider');
    },

    async currentUser() {
      // The own profile: the session's user, which personal access tokens and robots cannot read.
      const { data } = await client.GET('/iam/user/profile');
      return firstItem(data);
    },
    async updateProfile(input) {
      const { data } = await client.PUT('/iam/user/profile', { body: { entity: input } });
      return firstItem(data);
    },
    async changePassword(input) {
      await client.PUT('/iam/user/password', { body: { entity: input } });
    },
    async generateMfa() {
      const { data } = await client.POST('/iam/org/user/mfa/generate');
      return firstItem(data);
    },
    async enableMfa(mfaCode) {
      await client.POST('/iam/org/user/mfa/configure', { body: { entity: { mfaCode } } });
    },
    async disableMfa(mfaCode) {
      await client.POST('/iam/org/user/mfa/disable', { body: { entity: { mfaCode } } });
    },
    async personalAccessTokens() {
      const { data } = await client.GET('/iam/user/personalAccessToken');
      return data?.response.items ?? [];
    },
    async createPersonalAccessToken(input) {
      const { data } = await client.POST('/iam/user/personalAccessToken', { body: { entity: input } });
      return firstItem(data);
    },
    async revokePersonalAccessToken(personalAccessTokenId) {
      await client.DELETE('/iam/user/personalAccessToken/{personalAccessTokenId}', { params: { path: { personalAccessTokenId } } });
    },
  };
}
