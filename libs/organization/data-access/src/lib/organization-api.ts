import type { components } from '@terrace/api-client';
import { createContext, useContext } from 'react';
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

export interface Page<T> {
  items: T[];
  total: number;
}

export interface UserListFilters {
  page: number;
  pageSize: components['schemas']['PageSize'];
  email?: string;
}

/**
 * The calls of the organization domain as one port. The console builds it on the shared API
 * client (createOrganizationApi); component tests use the same adapter against MSW handlers, so
 * pages never see HTTP and tests never mock our own code.
 */
export interface OrganizationApi {
  organization(): Promise<Organization>;
  configuration(): Promise<OrganizationConfiguration | null>;
  updateConfiguration(input: Partial<Pick<OrganizationConfiguration, 'aiFeaturesConfiguration'>>): Promise<OrganizationConfiguration>;
  signInSettings(): Promise<SignInSettings>;
  updateSignInSettings(input: Partial<SignInSettings>): Promise<SignInSettings>;

  users(filters: UserListFilters): Promise<Page<OrganizationUser>>;
  inviteUser(input: InviteUserInput): Promise<Invitation>;
  changeUserRole(userId: string, role: string): Promise<OrganizationUser>;
  removeUser(userId: string): Promise<void>;

  teams(): Promise<Team[]>;
  team(teamId: string): Promise<Team>;
  createTeam(input: TeamInput): Promise<Team>;
  updateTeam(teamId: string, input: Partial<TeamInput>): Promise<Team>;
  deleteTeam(teamId: string): Promise<void>;
  teamUsers(teamId: string): Promise<TeamUser[]>;
  addTeamUser(teamId: string, userEmail: string): Promise<void>;
  removeTeamUser(teamId: string, userEmail: string): Promise<void>;

  programmaticUsers(): Promise<ProgrammaticUser[]>;
  createProgrammaticUser(input: ProgrammaticUserInput): Promise<ProgrammaticUser>;
  deleteProgrammaticUser(programmaticUserId: string): Promise<void>;
  programmaticUserTokens(programmaticUserId: string): Promise<ProgrammaticToken[]>;
  createProgrammaticUserToken(programmaticUserId: string, input: ProgrammaticTokenInput): Promise<ProgrammaticToken>;
  revokeProgrammaticUserToken(programmaticUserId: string, tokenId: string): Promise<void>;

  customRoles(): Promise<CustomRole[]>;
  createCustomRole(input: CustomRoleInput): Promise<CustomRole>;
  updateCustomRole(customRoleId: string, input: CustomRoleUpdateInput): Promise<CustomRole>;
  deleteCustomRole(customRoleId: string): Promise<void>;

  abacConfigurations(): Promise<AbacConfiguration[]>;
  createAbacConfiguration(input: AbacConfigurationInput): Promise<AbacConfiguration>;
  updateAbacConfiguration(id: string, input: AbacConfigurationInput): Promise<AbacConfiguration>;
  deleteAbacConfiguration(id: string): Promise<void>;

  identityProvider(): Promise<IdentityProvider | null>;
  updateIdentityProvider(input: IdentityProviderInput): Promise<IdentityProvider>;
  deleteIdentityProvider(): Promise<void>;

  currentUser(): Promise<CurrentUser>;
  updateProfile(input: ProfileInput): Promise<CurrentUser>;
  changePassword(input: PasswordChangeInput): Promise<void>;
  generateMfa(): Promise<MfaSetup>;
  enableMfa(mfaCode: string): Promise<void>;
  /** The contract asks for a current code to turn MFA off. */
  disableMfa(mfaCode: string): Promise<void>;
  personalAccessTokens(): Promise<PersonalAccessToken[]>;
  createPersonalAccessToken(input: PersonalAccessTokenInput): Promise<PersonalAccessToken>;
  revokePersonalAccessToken(tokenId: string): Promise<void>;
}

export const OrganizationApiContext = createContext<OrganizationApi | null>(null);

export function useOrganizationApi(): OrganizationApi {
  const api = useContext(OrganizationApiContext);
  if (!api) throw new Error('useOrganizationApi needs an OrganizationApiContext provider (apps/console provides it).');
  return api;
}
