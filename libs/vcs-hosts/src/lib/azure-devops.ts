import type { GitCredentials } from '@terrace/git';
import { baseUrl, collectPages, createHostHttp, numericId } from './host-http';
import { VcsHostError, type HostedBranch, type HostedRepository, type HostIdentity, type OpenedPullRequest, type PostedCommentRef, type PullRequestChange, type PullRequestRef, type VcsHost } from './vcs-host';

interface AzureRepo {
  name: string;
  project: { name: string; visibility?: string };
  defaultBranch?: string;
  remoteUrl: string;
  sshUrl?: string;
}

export interface AzureDevopsOptions {
  type: 'azure-devops' | 'azure-devops-server';
  /** https://dev.azure.com, or an Azure DevOps Server's address (the collections live below it). */
  url: string;
  /** One organization (collection) — the spec's 'specific organization'. */
  organization?: string | undefined;
  /** Without an organization, every organization the token can reach ('all-access'), found through this profile service. */
  accountsUrl?: string;
  token: string;
  fetch?: typeof fetch;
}

const apiVersion = 'api-version=7.1';

/** Azure DevOps Services and Server REST (git repositories, refs, pull request threads). */
export class AzureDevopsHost implements VcsHost {
  readonly type: AzureDevopsOptions['type'];
  private readonly base: string;
  private readonly http;

  constructor(private readonly options: AzureDevopsOptions) {
    this.type = options.type;
    this.base = baseUrl(options.url, 'Azure DevOps');
    this.http = createHostHttp({
      hostName: 'Azure DevOps',
      errorMessage: (body) => (body as { message?: string } | undefined)?.message,
      fetch: options.fetch,
    });
  }

  async validate(signal?: AbortSignal): Promise<HostIdentity> {
    if (this.options.organization) {
      const { body } = await this.http<{ authenticatedUser?: { providerDisplayName?: string } }>({
        url: `${this.base}/${encodeURIComponent(this.options.organization)}/_apis/connectionData`,
        headers: this.headers(),
        signal,
      });
      return { account: body.authenticatedUser?.providerDisplayName ?? this.options.organization };
    }
    const profile = await this.profile(signal);
    return { account: profile.displayName };
  }

  async listRepositories(signal?: AbortSignal): Promise<HostedRepository[]> {
    const organizations = this.options.organization ? [this.options.organization] : await this.organizations(signal);
    const result: HostedRepository[] = [];
    for (const org of organizations) {
      const { body } = await this.http<{ value: AzureRepo[] }>({
        url: `${this.base}/${encodeURIComponent(org)}/_apis/git/repositories?${apiVersion}`,
        headers: this.headers(),
        signal,
      });
      for (const repo of body.value) {
        result.push({
          fullName: `${org}/${repo.project.name}/${repo.name}`,
          defaultBranch: repo.defaultBranch?.replace(/^refs\/heads\//, '') ?? null,
          httpUrl: repo.remoteUrl,
          sshUrl: repo.sshUrl ?? null,
          isPrivate: repo.project.visibility !== 'public',
        });
      }
    }
    return result;
  }

  async listBranches(repository: string, signal?: AbortSignal): Promise<HostedBranch[]> {
    return this.branchesStartingWith(repository, '', signal);
  }

  /** The branches whose name starts with the prefix (the refs API's filter), every page followed. */
  private async branchesStartingWith(repository: string, prefix: string, signal?: AbortSignal): Promise<HostedBranch[]> {
    const first = `${this.repoApi(repository)}/refs?filter=${encodeURIComponent(`heads/${prefix}`)}&${apiVersion}`;
    const refs = await collectPages<{ name: string; objectId: string }>(first, async (url) => {
      const { body, headers } = await this.http<{ value: { name: string; objectId: string }[] }>({ url, headers: this.headers(), signal });
      const token = headers.get('x-ms-continuationtoken');
      return { items: body.value, next: token ? `${first}&continuationToken=${encodeURIComponent(token)}` : undefined };
    });
    return refs.map((r) => ({ name: r.name.replace(/^refs\/heads\//, ''), commit: r.objectId }));
  }

  /**
   * One push (the pushes API) creating the branch from the base's head with one commit of the
   * files (add, or delete), then the pull request.
   */
  async openPullRequest(change: PullRequestChange, signal?: AbortSignal): Promise<OpenedPullRequest> {
    const repo = this.repoApi(change.repository);
    // The filter is a prefix: the exact name is looked for in the answer.
    const branch = async (name: string) => (await this.branchesStartingWith(change.repository, name, signal)).find((b) => b.name === name);
    const base = await branch(change.baseBranch);
    if (!base) throw new VcsHostError('not-found', `Azure DevOps has no branch named '${change.baseBranch}' in ${change.repository}`);
    if (await branch(change.branch)) {
      throw new VcsHostError('failed', `Azure DevOps already has a branch named '${change.branch}' in ${change.repository}`);
    }
    await this.http({
      method: 'POST',
      url: `${repo}/pushes?${apiVersion}`,
      headers: this.headers(),
      body: {
        refUpdates: [{ name: `refs/heads/${change.branch}`, oldObjectId: base.commit }],
        commits: [
          {
            comment: change.commitMessage,
            changes: change.files.map((f) =>
              f.content === null
                ? { changeType: 'delete', item: { path: `/${f.path}` } }
                : { changeType: 'add', item: { path: `/${f.path}` }, newContent: { content: f.content, contentType: 'rawtext' } },
            ),
          },
        ],
      },
      signal,
    });
    const { body: pr } = await this.http<{ pullRequestId: number; repository?: { webUrl?: string } }>({
      method: 'POST',
      url: `${repo}/pullrequests?${apiVersion}`,
      headers: this.headers(),
      body: { sourceRefName: `refs/heads/${change.branch}`, targetRefName: `refs/heads/${change.baseBranch}`, title: change.title, description: change.body },
      signal,
    });
    const web = pr.repository?.webUrl ?? repo;
    return { number: pr.pullRequestId, url: `${web}/pullrequest/${pr.pullRequestId}` };
  }

  async commentOnPullRequest(pr: PullRequestRef, body: string, signal?: AbortSignal): Promise<PostedCommentRef> {
    const { body: thread } = await this.http<{ id: number; comments?: { id: number }[] }>({
      method: 'POST',
      url: `${this.repoApi(pr.repository)}/pullRequests/${pr.number}/threads?${apiVersion}`,
      headers: this.headers(),
      // commentType 1 is 'text'; status 1 is 'active'.
      body: { comments: [{ parentCommentId: 0, content: body, commentType: 1 }], status: 1 },
      signal,
    });
    // A comment lives in its thread: both ids are needed to edit it.
    return { id: `${thread.id}/${thread.comments?.[0]?.id ?? 1}` };
  }

  async updatePullRequestComment(pr: PullRequestRef, commentId: string, body: string, signal?: AbortSignal): Promise<void> {
    const [threadId = '', id = ''] = commentId.split('/');
    await this.http({
      method: 'PATCH',
      url: `${this.repoApi(pr.repository)}/pullRequests/${pr.number}/threads/${numericId(threadId)}/comments/${numericId(id)}?${apiVersion}`,
      headers: this.headers(),
      body: { content: body },
      signal,
    });
  }

  async gitCredentials(): Promise<GitCredentials> {
    // Azure DevOps ignores the user name of a personal access token.
    return { type: 'basic', username: 'pat', password: this.options.token };
  }

  /** `organization/project/repository` → that repository's API. */
  private repoApi(repository: string): string {
    const parts = repository.split('/');
    if (parts.length !== 3 || parts.some((p) => p === '' || p === '.' || p === '..')) {
      throw new VcsHostError('invalid-input', `'${repository}' is not an Azure DevOps repository name (organization/project/repository)`);
    }
    const [org, project, repo] = parts.map(encodeURIComponent);
    return `${this.base}/${org}/${project}/_apis/git/repositories/${repo}`;
  }

  private headers(): Record<string, string> {
    return { Authorization: `Basic ${Buffer.from(`:${this.options.token}`).toString('base64')}` };
  }

  private async profile(signal?: AbortSignal): Promise<{ id: string; displayName: string }> {
    const { body } = await this.http<{ id: string; displayName: string }>({
      url: `${this.accounts()}/_apis/profile/profiles/me?${apiVersion}`,
      headers: this.headers(),
      signal,
    });
    return body;
  }

  private async organizations(signal?: AbortSignal): Promise<string[]> {
    const profile = await this.profile(signal);
    const { body } = await this.http<{ value: { accountName: string }[] }>({
      url: `${this.accounts()}/_apis/accounts?memberId=${encodeURIComponent(profile.id)}&${apiVersion}`,
      headers: this.headers(),
      signal,
    });
    return body.value.map((a) => a.accountName);
  }

  private accounts(): string {
    if (this.options.type === 'azure-devops-server') {
      throw new VcsHostError('invalid-input', 'Azure DevOps Server needs the collection to use');
    }
    return baseUrl(this.options.accountsUrl ?? 'https://app.vssps.visualstudio.com', 'Azure DevOps');
  }
}
