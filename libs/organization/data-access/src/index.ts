export { organizationKeys } from './lib/organization.keys';
export { organizationQueries } from './lib/organization.queries';
export { organizationRequests, type UserListFilters } from './lib/organization.requests';
export {
  customRoleTypes,
  organizationRoles,
  identityProviderTypes,
  ssoDefaultRoles,
  stackRestrictions,
  type AbacConfiguration,
  type AbacConfigurationInput,
  type AbacRoleMapping,
  type AiFeaturesConfiguration,
  type ChangeUserRoleInput,
  type CurrentUser,
  type CustomRole,
  type CustomRoleInput,
  type CustomRolePermissionName,
  type CustomRoleUpdateInput,
  type CustomRoleType,
  type Invitation,
  type InviteUserInput,
  type MfaSetup,
  type Organization,
  type OrganizationConfiguration,
  type OrganizationRoleKey,
  type OrganizationUser,
  type PasswordChangeInput,
  type PersonalAccessToken,
  type PersonalAccessTokenInput,
  type ProfileInput,
  type ProgrammaticToken,
  type ProgrammaticTokenInput,
  type ProgrammaticUser,
  type ProgrammaticUserInput,
  type SignInSettings,
  type IdentityProvider,
  type IdentityProviderInput,
  type IdentityProviderType,
  type SsoDefaultRole,
  type StackRestriction,
  type Team,
  type TeamInput,
  type TeamUser,
  type TerraformLoginAuthorization,
} from './lib/organization.types';
export { useUpdateAiFeaturesMutation } from './lib/update-ai-features.mutation';
export { useUpdateSignInSettingsMutation } from './lib/update-sign-in-settings.mutation';
export { useUpdateIdentityProviderMutation } from './lib/update-identity-provider.mutation';
export { useDeleteIdentityProviderMutation } from './lib/delete-identity-provider.mutation';
export { useInviteUserMutation } from './lib/invite-user.mutation';
export { useChangeUserRoleMutation } from './lib/change-user-role.mutation';
export { useRemoveUserMutation } from './lib/remove-user.mutation';
export { useCreateTeamMutation } from './lib/create-team.mutation';
export { useUpdateTeamMutation } from './lib/update-team.mutation';
export { useDeleteTeamMutation } from './lib/delete-team.mutation';
export { useAddTeamUserMutation } from './lib/add-team-user.mutation';
export { useRemoveTeamUserMutation } from './lib/remove-team-user.mutation';
export { useCreateProgrammaticUserMutation } from './lib/create-programmatic-user.mutation';
export { useDeleteProgrammaticUserMutation } from './lib/delete-programmatic-user.mutation';
export { useCreateProgrammaticUserTokenMutation } from './lib/create-programmatic-user-token.mutation';
export { useRevokeProgrammaticUserTokenMutation } from './lib/revoke-programmatic-user-token.mutation';
export { useCreateCustomRoleMutation } from './lib/create-custom-role.mutation';
export { useUpdateCustomRoleMutation } from './lib/update-custom-role.mutation';
export { useDeleteCustomRoleMutation } from './lib/delete-custom-role.mutation';
export { useCreateAbacConfigurationMutation } from './lib/create-abac-configuration.mutation';
export { useUpdateAbacConfigurationMutation } from './lib/update-abac-configuration.mutation';
export { useDeleteAbacConfigurationMutation } from './lib/delete-abac-configuration.mutation';
export { useUpdateProfileMutation } from './lib/update-profile.mutation';
export { useChangePasswordMutation } from './lib/change-password.mutation';
export { useGenerateMfaMutation } from './lib/generate-mfa.mutation';
export { useEnableMfaMutation } from './lib/enable-mfa.mutation';
export { useDisableMfaMutation } from './lib/disable-mfa.mutation';
export { useCreatePersonalAccessTokenMutation } from './lib/create-personal-access-token.mutation';
export { useRevokePersonalAccessTokenMutation } from './lib/revoke-personal-access-token.mutation';
export { useAuthorizeTerraformLoginMutation } from './lib/authorize-terraform-login.mutation';
