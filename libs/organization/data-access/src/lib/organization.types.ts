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

export interface Invitation {
  email: string;
  orgRole: string;
  customRoleId: string | null;
  createdAt: string;
}

export interface InviteUserInput {
  email: string;
  orgRole: string;
  customRoleId?: string | null;
}

export interface ChangeUserRoleInput {
  orgRole: string;
  customRoleId: string | null;
}

export interface Team {
  id: string;
  name: string;
  description: string | null;
  /** Matches an identity-provider group so SSO users join the team on sign-in (spec §3). */
  customIdpId: string | null;
}

export interface TeamInput {
  name: string;
  description?: string | null;
  customIdpId?: string | null;
}

/** Team membership; the key is the pair, as api-evidence describes (`email` in list items). */
export interface TeamUser {
  teamId: string;
  email: string;
}

export interface ProgrammaticUser {
  id: string;
  name: string;
  description: string | null;
  orgRole: string;
  customRoleId: string | null;
  createdAt: string;
}

export interface ProgrammaticUserInput {
  name: string;
  description?: string | null;
  orgRole: string;
  customRoleId?: string | null;
}

export interface ApiToken {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
}

/** A token as created: the secret is answered once and never again. */
export interface CreatedApiToken extends ApiToken {
  token: string;
}

export interface ApiTokenInput {
  name: string;
  /** Days until it expires; null for no expiry. */
  expiresInDays: number | null;
}

export const customRoleTypes = ['organizationRole', 'namespaceRole'] as const;
export type CustomRoleType = (typeof customRoleTypes)[number];

export const stackRestrictions = ['none', 'restrictReadToOwnStacks', 'restrictWriteToOwnStacks'] as const;
export type StackRestriction = (typeof stackRestrictions)[number];

export interface CustomRole {
  id: string;
  name: string;
  description: string | null;
  type: CustomRoleType;
  permissions: { name: string }[];
  stackRestriction: StackRestriction;
}

export interface CustomRoleInput {
  name: string;
  description?: string | null;
  type: CustomRoleType;
  permissions: { name: string }[];
  stackRestriction: StackRestriction;
}

export interface AbacRoleMapping {
  orgId: string;
  orgRole: string;
  teamIds: string[];
}

export interface AbacConfiguration {
  id: string;
  /** The identity-provider group this rule matches. */
  customAbacId: string;
  name: string;
  roles: AbacRoleMapping[];
}

export interface AbacConfigurationInput {
  customAbacId: string;
  name: string;
  roles: AbacRoleMapping[];
}

export type IdentityProvider = Schemas['IdentityProvider'];
export type IdentityProviderInput = Schemas['IdentityProviderInput'];
export type IdentityProviderType = Schemas['IdentityProviderType'];
export type SsoDefaultRole = Schemas['SsoDefaultRole'];
export const identityProviderTypes: readonly IdentityProviderType[] = ['oidc', 'saml'];
export const ssoDefaultRoles: readonly SsoDefaultRole[] = ['admin', 'viewer', 'member', 'deployer'];

export interface ProfileInput {
  firstName: string;
  lastName: string;
}

export interface PasswordChangeInput {
  currentPassword: string;
  newPassword: string;
}

export interface MfaSetup {
  /** otpauth://totp/... URL the authenticator app scans as a QR code. */
  otpauthUrl: string;
  /** The same secret in base32, for typing in by hand. */
  secret: string;
}
