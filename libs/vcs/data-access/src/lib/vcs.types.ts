import type { components, paths } from '@terrace/api-client';

type Schemas = components['schemas'];

export type VcsType = Schemas['VcsType'];
export type VcsAuthType = Schemas['VcsAuthType'];
export type GitCloneType = Schemas['GitCloneType'];
export type VcsProvider = Schemas['VcsProvider'];
export type VcsProviderInput = Schemas['VcsProviderInput'];
export type VcsProviderUpdate = Schemas['VcsProviderUpdate'];
export type VcsCredentials = Schemas['VcsCredentials'];
export type ConnectionValidation = Schemas['ConnectionValidation'];
export type VcsRepo = Schemas['VcsRepo'];
export type VcsBranch = Schemas['VcsBranch'];
export type VcsTreeEntry = Schemas['VcsTreeEntry'];
export type VcsWebhookSecret = Schemas['VcsWebhookSecret'];
export type AzureDevopsWebhookProperties = Schemas['AzureDevopsWebhookProperties'];
export type GithubEnterpriseAppWebhookProperties = Schemas['GithubEnterpriseAppWebhookProperties'];
export type SshKey = Schemas['SshKey'];
export type SshKeyInput = Schemas['SshKeyInput'];
export type GitSigningKey = Schemas['GitSigningKey'];
export type GitSigningKeyInput = Schemas['GitSigningKeyInput'];
export type GitSigningKeyType = Schemas['GitSigningKeyType'];

/** The nine provider types, in the order the console offers them (automation.md §3). */
export const vcsTypes = [
  'github',
  'github-enterprise',
  'github-enterprise-app',
  'gitlab',
  'gitlab-onprem',
  'bitbucket-cloud',
  'bitbucket-data-center',
  'azure-devops',
  'azure-devops-server',
] as const satisfies readonly VcsType[];

/** Repositories of one provider, filtered by name (`repoName` matches a part of the name). */
export interface VcsRepoFilters {
  repoName?: string;
  page?: number;
  pageSize?: NonNullable<NonNullable<paths['/vcs/repo']['get']['parameters']['query']>['pageSize']>;
}

/** A folder of one branch of one repository (`path` '' or absent: the root). */
export interface VcsTreeLocation {
  repoName: string;
  branch: string;
  path?: string;
}

/**
 * The webhook set-up a provider type has, and the operation that answers it: a secret for GitLab
 * and Bitbucket, properties for Azure DevOps and the GitHub Enterprise app.
 */
export type VcsWebhookKind = 'gitlab' | 'bitbucket' | 'bitbucketDataCenter' | 'azureDevops' | 'githubEnterpriseApp';

/** The webhook set-up of a provider type, or null when the host needs none from us (GitHub app). */
export function webhookKindOf(type: VcsType): VcsWebhookKind | null {
  switch (type) {
    case 'gitlab':
    case 'gitlab-onprem':
      return 'gitlab';
    case 'bitbucket-cloud':
      return 'bitbucket';
    case 'bitbucket-data-center':
      return 'bitbucketDataCenter';
    case 'azure-devops':
    case 'azure-devops-server':
      return 'azureDevops';
    case 'github-enterprise-app':
      return 'githubEnterpriseApp';
    default:
      return null;
  }
}

/** What the webhook operation answers: the URL and the values to paste into the host's settings. */
export type VcsWebhookDetails =
  | { kind: 'gitlab' | 'bitbucket' | 'bitbucketDataCenter'; value: VcsWebhookSecret }
  | { kind: 'azureDevops'; value: AzureDevopsWebhookProperties }
  | { kind: 'githubEnterpriseApp'; value: GithubEnterpriseAppWebhookProperties };
