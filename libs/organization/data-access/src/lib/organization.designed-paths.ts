import type { DesignedRead, DesignedWrite } from './designed-contract';
import type {
  AbacConfiguration,
  AbacConfigurationInput,
  ApiToken,
  ApiTokenInput,
  ChangeUserRoleInput,
  CreatedApiToken,
  CurrentUser,
  CustomRole,
  CustomRoleInput,
  Invitation,
  InviteUserInput,
  MfaSetup,
  OrganizationUser,
  PasswordChangeInput,
  ProfileInput,
  ProgrammaticUser,
  ProgrammaticUserInput,
  Team,
  TeamInput,
  TeamUser,
} from './organization.types';

type Id<Name extends string> = Record<Name, string>;

/**
 * The organization and IAM calls the pages need that are not in openapi/domains yet; paths from
 * spec/api-evidence.md where it names them, designed otherwise. See designed-contract.ts.
 */
export interface OrganizationDesignedPaths {
  '/iam/org/user/invite': { post: DesignedWrite<InviteUserInput, Invitation> };
  '/iam/org/user/{userId}': {
    put: DesignedWrite<ChangeUserRoleInput, OrganizationUser, Id<'userId'>>;
    delete: DesignedRead<OrganizationUser, never, Id<'userId'>>;
  };
  '/iam/org/team': {
    get: DesignedRead<Team, { teamId?: string; teamName?: string }>;
    post: DesignedWrite<TeamInput, Team>;
  };
  '/iam/org/team/{teamId}': {
    get: DesignedRead<Team, never, Id<'teamId'>>;
    put: DesignedWrite<TeamInput, Team, Id<'teamId'>>;
    delete: DesignedRead<Team, never, Id<'teamId'>>;
  };
  '/iam/org/teamUser': {
    get: DesignedRead<TeamUser, { teamId?: string }>;
    post: DesignedWrite<{ teamId: string; userEmail: string }, TeamUser>;
    delete: DesignedWrite<{ teamId: string; userEmail: string }, TeamUser>;
  };
  '/iam/org/programmaticUser': {
    get: DesignedRead<ProgrammaticUser>;
    post: DesignedWrite<ProgrammaticUserInput, ProgrammaticUser>;
  };
  '/iam/org/programmaticUser/{programmaticUserId}': {
    delete: DesignedRead<ProgrammaticUser, never, Id<'programmaticUserId'>>;
  };
  '/iam/org/programmaticUser/{programmaticUserId}/token': {
    get: DesignedRead<ApiToken, never, Id<'programmaticUserId'>>;
    post: DesignedWrite<ApiTokenInput, CreatedApiToken, Id<'programmaticUserId'>>;
  };
  '/iam/org/programmaticUser/{programmaticUserId}/token/{tokenId}': {
    delete: DesignedRead<ApiToken, never, Id<'programmaticUserId' | 'tokenId'>>;
  };
  '/iam/org/customRole': {
    get: DesignedRead<CustomRole>;
    post: DesignedWrite<CustomRoleInput, CustomRole>;
  };
  '/iam/org/customRole/{customRoleId}': {
    put: DesignedWrite<CustomRoleInput, CustomRole, Id<'customRoleId'>>;
    delete: DesignedRead<CustomRole, never, Id<'customRoleId'>>;
  };
  '/iam/org/customAbacConfiguration': {
    get: DesignedRead<AbacConfiguration>;
    post: DesignedWrite<AbacConfigurationInput, AbacConfiguration>;
  };
  '/iam/org/customAbacConfiguration/{customAbacConfigurationId}': {
    put: DesignedWrite<AbacConfigurationInput, AbacConfiguration, Id<'customAbacConfigurationId'>>;
    delete: DesignedRead<AbacConfiguration, never, Id<'customAbacConfigurationId'>>;
  };
  '/iam/user/profile': { put: DesignedWrite<ProfileInput, CurrentUser> };
  '/iam/user/password': { put: DesignedWrite<PasswordChangeInput, Record<string, never>> };
  '/iam/user/mfa/generate': { post: DesignedWrite<Record<string, never>, MfaSetup> };
  '/iam/user/mfa/enable': { post: DesignedWrite<{ mfaCode: string }, CurrentUser> };
  '/iam/user/mfa/disable': { post: DesignedWrite<Record<string, never>, CurrentUser> };
  '/iam/user/personalAccessToken': {
    get: DesignedRead<ApiToken>;
    post: DesignedWrite<ApiTokenInput, CreatedApiToken>;
  };
}
