import type { components } from '@terrace/api-client';

type Schemas = components['schemas'];

export type Organization = Schemas['Organization'];
export type OrganizationConfiguration = Schemas['OrganizationConfiguration'];
export type AiFeaturesConfiguration = Schemas['AiFeaturesConfiguration'];
export type SignInSettings = Schemas['SignInSettings'];
export type OrganizationUser = Schemas['OrganizationUser'];
export type CurrentUser = Schemas['CurrentUser'];

/** The built-in organization roles a user can be given from the user list. */
export const organizationRoles = ['admin', 'viewer', 'member', 'deployer', 'runner'] as const;
export type OrganizationRoleKey = (typeof organizationRoles)[number];

export type Invitation = Schemas['Invitation'];
export type InviteUserInput = Schemas['InvitationInput'];
export type ChangeUserRoleInput = Schemas['OrganizationUserUpdateInput'];

export type Team = Schemas['Team'];
export type TeamInput = Schemas['TeamInput'];
export type TeamUser = Schemas['TeamUser'];

export type ProgrammaticUser = Schemas['ProgrammaticUser'];
export type ProgrammaticUserInput = Schemas['ProgrammaticUserInput'];
export type ProgrammaticToken = Schemas['ProgrammaticToken'];
export type ProgrammaticTokenInput = Schemas['ProgrammaticTokenInput'];

/** The signed-in user's own token (`terraform login`); `token` is present only in the answer that creates it. */
export type PersonalAccessToken = Schemas['PersonalAccessToken'];
export type PersonalAccessTokenInput = Schemas['PersonalAccessTokenInput'];
export type TerraformLoginAuthorization = Schemas['TerraformLoginAuthorization'];

export const customRoleTypes = ['organizationRole', 'namespaceRole'] as const;
export type CustomRoleType = (typeof customRoleTypes)[number];
export type StackRestriction = Schemas['StackRestriction'];
export const stackRestrictions: readonly StackRestriction[] = ['none', 'restrictReadToOwnStacks', 'restrictWriteToOwnStacks'];
export type CustomRolePermissionName = Schemas['CustomRolePermissionName'];
export type CustomRole = Schemas['CustomRole'];
export type CustomRoleInput = Schemas['CustomRoleInput'];
export type CustomRoleUpdateInput = Schemas['CustomRoleUpdateInput'];

export type AbacRoleMapping = Schemas['AbacRole'];
export type AbacConfiguration = Schemas['CustomAbacConfiguration'];
export type AbacConfigurationInput = Schemas['CustomAbacConfigurationInput'];

export type IdentityProvider = Schemas['IdentityProvider'];
export type IdentityProviderInput = Schemas['IdentityProviderInput'];
export type IdentityProviderType = Schemas['IdentityProviderType'];
export type SsoDefaultRole = Schemas['SsoDefaultRole'];
export const identityProviderTypes: readonly IdentityProviderType[] = ['oidc', 'saml'];
export const ssoDefaultRoles: readonly SsoDefaultRole[] = ['admin', 'viewer', 'member', 'deployer'];

/** The profile form sends both names; the contract's update is partial. */
export type ProfileInput = Required<Schemas['UserProfileUpdateInput']>;
export type PasswordChangeInput = Schemas['PasswordChangeInput'];

export type MfaSetup = Schemas['MfaSecret'];
