// The public entry of @terrace/vcs-hosts: each git host's REST API, behind one interface.
export {
  vcsHostTypes,
  VcsHostError,
  type VcsHost,
  type VcsHostType,
  type VcsHostErrorKind,
  type HostedRepository,
  type HostedBranch,
  type HostIdentity,
  type PullRequestRef,
  type PostedCommentRef,
  type PullRequestChange,
  type OpenedPullRequest,
} from './lib/vcs-host';
export { createVcsHost, publicVcsEndpoints, type VcsHostEndpoints, type VcsProviderSettings } from './lib/create-vcs-host';
