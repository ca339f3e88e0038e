import type { ApiClient, components } from '@terrace/api-client';
import { firstItem, toPage, type Page } from '@terrace/session';
import type {
  AbacConfiguration,
  AbacConfigurationInput,
  CurrentUser,
  CustomRole,
  CustomRoleInput,
  CustomRoleUpdateInput,
  Invitation,
  InviteUserInput,
  MfaSetup,
  Organization,
  OrganizationConfiguration,
  OrganizationUser,
  PasswordChangeInput,
  PersonalAccessToken,
  PersonalAccessTokenInput,
  TerraformLoginAuthorization,
  ProfileInput,
  ProgrammaticUser,
  ProgrammaticToken,
  ProgrammaticTokenInput,
  ProgrammaticUserInput,
  SignInSettings,
  IdentityProvider,
  IdentityProviderInput,
  Team,
  TeamInput,
  TeamUser,
} from './organization.types';

export interface UserListFilters {
  page: number;
  pageSize: components['schemas']['PageSize'];
  email?: string;
}

/**
 * The calls of the organization domain: plain functions on the one configured client, on the
 * contract's generated paths. Reads take the query's abort `signal`.
 */
export const organizationRequests = {
  async organization(client: ApiClient, signal?: AbortSignal): Promise<Organization> {
    const { data } = await client.GET('/org', { signal });
    return firstItem(data);
  },
  async configuration(client: ApiClient, signal?: AbortSignal): Promise<OrganizationConfiguration | null> {
    // Spec: before anything is configured the organization configuration answers empty items.
    const { data } = await client.GET('/org/configuration', { signal });
    return data?.response.items[0] ?? null;
  },
  async updateConfiguration(client: ApiClient, input: Partial<Pick<OrganizationConfiguration, 'aiFeaturesConfiguration'>>): Promise<OrganizationConfiguration> {
    const { data } = await client.PUT('/org/configuration', { body: { entity: input } });
    return firstItem(data);
  },
  async signInSettings(client: ApiClient, signal?: AbortSignal): Promise<SignInSettings> {
    const { data } = await client.GET('/org/signInSettings', { signal });
    return firstItem(data);
  },
  async updateSignInSettings(client: ApiClient, input: Partial<SignInSettings>): Promise<SignInSettings> {
    const { data } = await client.PUT('/org/signInSettings', { body: { entity: input } });
    return firstItem(data);
  },

  async users(client: ApiClient, { page, pageSize, email }: UserListFilters, signal?: AbortSignal): Promise<Page<OrganizationUser>> {
    const { data } = await client.GET('/iam/org/user', {
      params: { query: { page, pageSize, ...(email ? { email } : {}) } },
      signal,
    });
    return toPage(data);
  },
  async inviteUser(client: ApiClient, input: InviteUserInput): Promise<Invitation> {
    const { data } = await client.POST('/iam/org/user/invite', { body: { entity: input } });
    return firstItem(data);
  },
  async changeUserRole(client: ApiClient, userId: string, role: string): Promise<OrganizationUser> {
    const { data } = await client.PUT('/iam/org/user/{userId}', {
      params: { path: { userId } },
      body: { entity: { role } },
    });
    return firstItem(data);
  },
  async removeUser(client: ApiClient, userId: string): Promise<void> {
    await client.DELETE('/iam/org/user/{userId}', { params: { path: { userId } } });
  },

  async teams(client: ApiClient, signal?: AbortSignal): Promise<Team[]> {
    const { data } = await client.GET('/iam/org/team', { signal });
    return data?.response.items ?? [];
  },
  async team(client: ApiClient, teamId: string, signal?: AbortSignal): Promise<Team> {
    const { data } = await client.GET('/iam/org/team/{teamId}', { params: { path: { teamId } }, signal });
    return firstItem(data);
  },
  async createTeam(client: ApiClient, input: TeamInput): Promise<Team> {
    const { data } = await client.POST('/iam/org/team', { body: { entity: input } });
    return firstItem(data);
  },
  async updateTeam(client: ApiClient, teamId: string, input: Partial<TeamInput>): Promise<Team> {
    const { data } = await client.PUT('/iam/org/team/{teamId}', {
      params: { path: { teamId } },
      body: { entity: input },
    });
    return firstItem(data);
  },
  async deleteTeam(client: ApiClient, teamId: string): Promise<void> {
    await client.DELETE('/iam/org/team/{teamId}', { params: { path: { teamId } } });
  },
  async teamUsers(client: ApiClient, teamId: string, signal?: AbortSignal): Promise<TeamUser[]> {
    const { data } = await client.GET('/iam/org/teamUser', { params: { query: { teamId } }, signal });
    return data?.response.items ?? [];
  },
  async addTeamUser(client: ApiClient, teamId: string, userEmail: string): Promise<void> {
    await client.POST('/iam/org/teamUser', { body: { entity: { teamId, userEmail } } });
  },
  async removeTeamUser(client: ApiClient, teamId: string, userEmail: string): Promise<void> {
    // Association resources have no id: the pair is the key and DELETE carries it (api-evidence).
    await client.DELETE('/iam/org/teamUser', { body: { entity: { teamId, userEmail } } });
  },

  async programmaticUsers(client: ApiClient, signal?: AbortSignal): Promise<ProgrammaticUser[]> {
    const { data } = await client.GET('/iam/org/programmaticUser', { signal });
    return data?.response.items ?? [];
  },
  async createProgrammaticUser(client: ApiClient, input: ProgrammaticUserInput): Promise<ProgrammaticUser> {
    const { data } = await client.POST('/iam/org/programmaticUser', { body: { entity: input } });
    return firstItem(data);
  },
  async deleteProgrammaticUser(client: ApiClient, programmaticUserId: string): Promise<void> {
    await client.DELETE('/iam/org/programmaticUser/{programmaticUserId}', {
      params: { path: { programmaticUserId } },
    });
  },
  async programmaticUserTokens(client: ApiClient, programmaticUserId: string, signal?: AbortSignal): Promise<ProgrammaticToken[]> {
    const { data } = await client.GET('/iam/org/programmaticUser/{programmaticUserId}/token', {
      params: { path: { programmaticUserId } },
      signal,
    });
    return data?.response.items ?? [];
  },
  async createProgrammaticUserToken(client: ApiClient, programmaticUserId: string, input: ProgrammaticTokenInput): Promise<ProgrammaticToken> {
    const { data } = await client.POST('/iam/org/programmaticUser/{programmaticUserId}/token', {
      params: { path: { programmaticUserId } },
      body: { entity: input },
    });
    return firstItem(data);
  },
  async revokeProgrammaticUserToken(client: ApiClient, programmaticUserId: string, tokenId: string): Promise<void> {
    await client.DELETE('/iam/org/programmaticUser/{programmaticUserId}/token/{tokenId}', {
      params: { path: { programmaticUserId, tokenId } },
    });
  },

  async customRoles(client: ApiClient, signal?: AbortSignal): Promise<CustomRole[]> {
    const { data } = await client.GET('/iam/org/customRole', { signal });
    return data?.response.items ?? [];
  },
  async createCustomRole(client: ApiClient, input: CustomRoleInput): Promise<CustomRole> {
    const { data } = await client.POST('/iam/org/customRole', { body: { entity: input } });
    return firstItem(data);
  },
  async updateCustomRole(client: ApiClient, customRoleId: string, input: CustomRoleUpdateInput): Promise<CustomRole> {
    const { data } = await client.PUT('/iam/org/customRole/{customRoleId}', {
      params: { path: { customRoleId } },
      body: { entity: input },
    });
    return firstItem(data);
  },
  async deleteCustomRole(client: ApiClient, customRoleId: string): Promise<void> {
    await client.DELETE('/iam/org/customRole/{customRoleId}', { params: { path: { customRoleId } } });
  },

  async abacConfigurations(client: ApiClient, signal?: AbortSignal): Promise<AbacConfiguration[]> {
    const { data } = await client.GET('/iam/org/customAbacConfiguration', { signal });
    return data?.response.items ?? [];
  },
  async createAbacConfiguration(client: ApiClient, input: AbacConfigurationInput): Promise<AbacConfiguration> {
    const { data } = await client.POST('/iam/org/customAbacConfiguration', { body: { entity: input } });
    return firstItem(data);
  },
  async updateAbacConfiguration(client: ApiClient, customAbacConfigurationId: string, input: AbacConfigurationInput): Promise<AbacConfiguration> {
    const { data } = await client.PUT('/iam/org/customAbacConfiguration/{customAbacConfigurationId}', {
      params: { path: { customAbacConfigurationId } },
      body: { entity: input },
    });
    return firstItem(data);
  },
  async deleteAbacConfiguration(client: ApiClient, customAbacConfigurationId: string): Promise<void> {
    await client.DELETE('/iam/org/customAbacConfiguration/{customAbacConfigurationId}', {
      params: { path: { customAbacConfigurationId } },
    });
  },

  async identityProvider(client: ApiClient, signal?: AbortSignal): Promise<IdentityProvider | null> {
    // Answers empty items while no identity provider is configured.
    const { data } = await client.GET('/iam/org/identityProvider', { signal });
    return data?.response.items[0] ?? null;
  },
  async updateIdentityProvider(client: ApiClient, input: IdentityProviderInput): Promise<IdentityProvider> {
    const { data } = await client.PUT('/iam/org/identityProvider', { body: { entity: input } });
    return firstItem(data);
  },
  async deleteIdentityProvider(client: ApiClient): Promise<void> {
    await client.DELETE('/iam/org/identityProvider');
  },

  async currentUser(client: ApiClient, signal?: AbortSignal): Promise<CurrentUser> {
    // The own profile: the session's user, which personal access tokens and robots cannot read.
    const { data } = await client.GET('/iam/user/profile', { signal });
    return firstItem(data);
  },
  async updateProfile(client: ApiClient, input: ProfileInput): Promise<CurrentUser> {
    const { data } = await client.PUT('/iam/user/profile', { body: { entity: input } });
    return firstItem(data);
  },
  async changePassword(client: ApiClient, input: PasswordChangeInput): Promise<void> {
    await client.PUT('/iam/user/password', { body: { entity: input } });
  },
  async generateMfa(client: ApiClient): Promise<MfaSetup> {
    const { data } = await client.POST('/iam/org/user/mfa/generate');
    return firstItem(data);
  },
  async enableMfa(client: ApiClient, mfaCode: string): Promise<void> {
    await client.POST('/iam/org/user/mfa/configure', { body: { entity: { mfaCode } } });
  },
  async disableMfa(client: ApiClient, mfaCode: string): Promise<void> {
    await client.POST('/iam/org/user/mfa/disable', { body: { entity: { mfaCode } } });
  },
  async personalAccessTokens(client: ApiClient, signal?: AbortSignal): Promise<PersonalAccessToken[]> {
    const { data } = await client.GET('/iam/user/personalAccessToken', { signal });
    return data?.response.items ?? [];
  },
  async createPersonalAccessToken(client: ApiClient, input: PersonalAccessTokenInput): Promise<PersonalAccessToken> {
    const { data } = await client.POST('/iam/user/personalAccessToken', { body: { entity: input } });
    return firstItem(data);
  },
  async revokePersonalAccessToken(client: ApiClient, personalAccessTokenId: string): Promise<void> {
    await client.DELETE('/iam/user/personalAccessToken/{personalAccessTokenId}', { params: { path: { personalAccessTokenId } } });
  },
  /** `terraform login` approved: the CLI's redirect address with a single-use code. */
  async authorizeTerraformLogin(client: ApiClient, input: TerraformLoginAuthorization): Promise<string> {
    const { data } = await client.POST('/oauth/authorization', { body: { entity: input } });
    return firstItem(data).redirectUrl;
  },
};
