export { vcsKeys } from './lib/vcs.keys';
export { vcsQueries } from './lib/vcs.queries';
export { vcsRequests } from './lib/vcs.requests';
export {
  vcsTypes,
  webhookKindOf,
  type AzureDevopsWebhookProperties,
  type ConnectionValidation,
  type GitCloneType,
  type GitSigningKey,
  type GitSigningKeyInput,
  type GitSigningKeyType,
  type GithubEnterpriseAppWebhookProperties,
  type SshKey,
  type SshKeyInput,
  type VcsAuthType,
  type VcsBranch,
  type VcsCredentials,
  type VcsProvider,
  type VcsProviderInput,
  type VcsProviderUpdate,
  type VcsRepo,
  type VcsRepoFilters,
  type VcsTreeEntry,
  type VcsTreeLocation,
  type VcsType,
  type VcsWebhookDetails,
  type VcsWebhookKind,
  type VcsWebhookSecret,
} from './lib/vcs.types';
export {
  useCreateVcsProviderMutation,
  useDeleteVcsProviderMutation,
  useUpdateVcsProviderMutation,
  useValidateVcsConnectionMutation,
} from './lib/vcs-provider.mutations';
export {
  useCreateGitSigningKeyMutation,
  useCreateSshKeyMutation,
  useDeleteGitSigningKeyMutation,
  useDeleteSshKeyMutation,
  useSetPrimaryGitSigningKeyMutation,
  useSetPrimarySshKeyMutation,
} from './lib/vcs-key.mutations';
