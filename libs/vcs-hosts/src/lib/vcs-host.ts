import type { GitCredentials } from '@terrace/git';

/** The provider types of the spec (automation.md §3), as the contract's `VcsType` names them. */
export const vcsHostTypes = [
  'github',
  'github-enterprise',
  'github-enterprise-app',
  'gitlab',
  'gitlab-onprem',
  'bitbucket-cloud',
  'bitbucket-data-center',
  'azure-devops',
  'azure-devops-server',
] as const;
export type VcsHostType = (typeof vcsHostTypes)[number];

/** A repository as every host's listing is mapped to it; `fullName` is the spec's repo name format. */
export interface HostedRepository {
  /**
   * GitHub `repo` (within the provider's organization) or `owner/repo`; GitLab
   * `group[/subgroup]/project`; Bitbucket Cloud `workspace/repository`; Bitbucket Data Center
   * `project/repository`; Azure DevOps `organization/project/repository`.
   */
  fullName: string;
  defaultBranch: string | null;
  httpUrl: string;
  sshUrl: string | null;
  isPrivate: boolean;
}

export interface HostedBranch {
  name: string;
  commit: string;
}

export interface PullRequestRef {
  repository: string;
  /** GitHub / Bitbucket pull request number, GitLab merge request iid, Azure DevOps pull request id. */
  number: number;
}

/** A comment as the host identifies it (Azure DevOps: `<threadId>/<commentId>`). */
export interface PostedCommentRef {
  id: string;
}

/** A change proposed as a pull request: a new branch from `baseBranch` with one commit of `files`. */
export interface PullRequestChange {
  repository: string;
  baseBranch: string;
  /** The new branch; it must not exist yet. */
  branch: string;
  title: string;
  body: string;
  commitMessage: string;
  /** Files by repository path: the new content (text), or null to delete the file. */
  files: { path: string; content: string | null }[];
}

/** A pull (merge) request as the host numbered it, and its web page. */
export interface OpenedPullRequest {
  number: number;
  url: string;
}

/** What a connection check found: who the credentials act as. */
export interface HostIdentity {
  account: string;
}

/** One client per configured provider: the calls the product makes to a git host's REST API. */
export interface VcsHost {
  readonly type: VcsHostType;
  /** Proves the credentials work (the spec's 'validate connection'). */
  validate(signal?: AbortSignal): Promise<HostIdentity>;
  /** Every repository the credentials can see, all pages followed. */
  listRepositories(signal?: AbortSignal): Promise<HostedRepository[]>;
  listBranches(repository: string, signal?: AbortSignal): Promise<HostedBranch[]>;
  /** Posts a comment (e.g. a plan's summary) on a pull or merge request; answers the host's id of it. */
  commentOnPullRequest(pullRequest: PullRequestRef, body: string, signal?: AbortSignal): Promise<PostedCommentRef>;
  /**
   * Replaces the text of a comment this client posted (by the id `commentOnPullRequest` gave);
   * a comment deleted meanwhile is a `not-found` VcsHostError.
   */
  updatePullRequestComment(pullRequest: PullRequestRef, commentId: string, body: string, signal?: AbortSignal): Promise<void>;
  /** Creates the branch, commits the files on it and opens a pull (merge) request into the base branch. */
  openPullRequest(change: PullRequestChange, signal?: AbortSignal): Promise<OpenedPullRequest>;
  /** How `git` authenticates to this host's repositories over HTTPS with the same credentials. */
  gitCredentials(signal?: AbortSignal): Promise<GitCredentials>;
}

export type VcsHostErrorKind =
  | 'authentication'
  | 'forbidden'
  | 'not-found'
  | 'rate-limited'
  | 'unreachable'
  | 'invalid-response'
  | 'invalid-input'
  | 'failed';

export class VcsHostError extends Error {
  constructor(
    readonly kind: VcsHostErrorKind,
    message: string,
    readonly details: { status?: number; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'VcsHostError';
  }
}
