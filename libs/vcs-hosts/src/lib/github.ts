import { createSign } from 'node:crypto';
import type { GitCredentials } from '@terrace/git';
import { baseUrl, collectPages, createHostHttp, nextLink, numericId, sameOrigin } from './host-http';
import {
  VcsHostError,
  type HostedBranch,
  type HostedRepository,
  type HostIdentity,
  type OpenedPullRequest,
  type PostedCommentRef,
  type PullRequestChange,
  type PullRequestRef,
  type VcsHost,
} from './vcs-host';

interface GithubRepo {
  name: string;
  full_name: string;
  default_branch?: string;
  clone_url: string;
  ssh_url?: string;
  private: boolean;
}

export type GithubAuth =
  | { kind: 'token'; token: string }
  | { kind: 'app'; appId: string; installationId: string; privateKey: string };

export interface GithubOptions {
  type: 'github' | 'github-enterprise' | 'github-enterprise-app';
  /** github.com's API (https://api.github.com), or a GitHub Enterprise Server's `https://host/api/v3`. */
  apiUrl: string;
  /** Repositories are named within this organization when set (the spec's `repo`), else `owner/repo`. */
  organization?: string | undefined;
  auth: GithubAuth;
  fetch?: typeof fetch;
}

/** The API base of a GitHub Enterprise Server from its web address. */
export function githubEnterpriseApiUrl(httpUrl: string): string {
  return `${baseUrl(httpUrl, 'GitHub Enterprise')}/api/v3`;
}

/** GitHub REST (github.com and Enterprise Server), with a personal access token or as a GitHub App installation. */
export class GithubHost implements VcsHost {
  readonly type: GithubOptions['type'];
  private readonly api: string;
  private readonly http;
  private installationToken: { token: string; expiresAt: number } | null = null;

  constructor(private readonly options: GithubOptions) {
    this.type = options.type;
    this.api = baseUrl(options.apiUrl, 'GitHub');
    this.http = createHostHttp({
      hostName: 'GitHub',
      errorMessage: (body) => (body as { message?: string } | undefined)?.message,
      fetch: options.fetch,
    });
  }

  async validate(signal?: AbortSignal): Promise<HostIdentity> {
    if (this.options.auth.kind === 'app') {
      const { body } = await this.http<{ slug: string }>({ url: `${this.api}/app`, headers: this.headers(this.appJwt()), signal });
      await this.token(signal);
      return { account: body.slug };
    }
    const { body } = await this.http<{ login: string }>({ url: `${this.api}/user`, headers: this.headers(await this.token(signal)), signal });
    if (this.options.organization) {
      await this.http({ url: `${this.api}/orgs/${encodeURIComponent(this.options.organization)}`, headers: this.headers(await this.token(signal)), signal });
    }
    return { account: body.login };
  }

  async listRepositories(signal?: AbortSignal): Promise<HostedRepository[]> {
    const org = this.options.organization;
    const first =
      this.options.auth.kind === 'app'
        ? `${this.api}/installation/repositories?per_page=100`
        : org
          ? `${this.api}/orgs/${encodeURIComponent(org)}/repos?per_page=100&type=all`
          : `${this.api}/user/repos?per_page=100&affiliation=owner,collaborator,organization_member`;
    const repos = await collectPages<GithubRepo>(first, async (url) => {
      const { body, headers } = await this.http<GithubRepo[] | { repositories: GithubRepo[] }>({ url, headers: this.headers(await this.token(signal)), signal });
      const next = nextLink(headers);
      return { items: Array.isArray(body) ? body : body.repositories, next: next && sameOrigin(next, this.api) };
    });
    return repos
      .filter((r) => !org || r.full_name.toLowerCase().startsWith(`${org.toLowerCase()}/`))
      .map((r) => ({
        fullName: org ? r.name : r.full_name,
        defaultBranch: r.default_branch ?? null,
        httpUrl: r.clone_url,
        sshUrl: r.ssh_url ?? null,
        isPrivate: r.private,
      }));
  }

  async listBranches(repository: string, signal?: AbortSignal): Promise<HostedBranch[]> {
    const branches = await collectPages<{ name: string; commit: { sha: string } }>(
      `${this.api}/repos/${this.repoPath(repository)}/branches?per_page=100`,
      async (url) => {
        const { body, headers } = await this.http<{ name: string; commit: { sha: string } }[]>({ url, headers: this.headers(await this.token(signal)), signal });
        const next = nextLink(headers);
        return { items: body, next: next && sameOrigin(next, this.api) };
      },
    );
    return branches.map((b) => ({ name: b.name, commit: b.commit.sha }));
  }

  async commentOnPullRequest(pr: PullRequestRef, body: string, signal?: AbortSignal): Promise<PostedCommentRef> {
    // A pull request's conversation is its issue's: issue comments, not review comments.
    const { body: comment } = await this.http<{ id: number }>({
      method: 'POST',
      url: `${this.api}/repos/${this.repoPath(pr.repository)}/issues/${pr.number}/comments`,
      headers: this.headers(await this.token(signal)),
      body: { body },
      signal,
    });
    return { id: String(comment.id) };
  }

  async updatePullRequestComment(pr: PullRequestRef, commentId: string, body: string, signal?: AbortSignal): Promise<void> {
    await this.http({
      method: 'PATCH',
      url: `${this.api}/repos/${this.repoPath(pr.repository)}/issues/comments/${numericId(commentId)}`,
      headers: this.headers(await this.token(signal)),
      body: { body },
      signal,
    });
  }

  /**
   * Through the Git Data API, with no clone: the base branch's commit and tree, a tree of the
   * changed files on it (content inline; sha null deletes), a commit, the branch ref, then the pull request.
   */
  async openPullRequest(change: PullRequestChange, signal?: AbortSignal): Promise<OpenedPullRequest> {
    const repo = `${this.api}/repos/${this.repoPath(change.repository)}`;
    const headers = this.headers(await this.token(signal));
    const call = <T>(method: 'GET' | 'POST', url: string, body?: unknown) => this.http<T>({ method, url, headers, ...(body === undefined ? {} : { body }), signal });
    const { body: ref } = await call<{ object: { sha: string } }>('GET', `${repo}/git/ref/heads/${change.baseBranch.split('/').map(encodeURIComponent).join('/')}`);
    const { body: base } = await call<{ tree: { sha: string } }>('GET', `${repo}/git/commits/${ref.object.sha}`);
    const { body: tree } = await call<{ sha: string }>('POST', `${repo}/git/trees`, {
      base_tree: base.tree.sha,
      tree: change.files.map((f) =>
        f.content === null ? { path: f.path, mode: '100644', type: 'blob', sha: null } : { path: f.path, mode: '100644', type: 'blob', content: f.content },
      ),
    });
    const { body: commit } = await call<{ sha: string }>('POST', `${repo}/git/commits`, { message: change.commitMessage, tree: tree.sha, parents: [ref.object.sha] });
    await call('POST', `${repo}/git/refs`, { ref: `refs/heads/${change.branch}`, sha: commit.sha });
    const { body: pr } = await call<{ number: number; html_url: string }>('POST', `${repo}/pulls`, {
      title: change.title,
      head: change.branch,
      base: change.baseBranch,
      body: change.body,
    });
    return { number: pr.number, url: pr.html_url };
  }

  async gitCredentials(signal?: AbortSignal): Promise<GitCredentials> {
    return { type: 'basic', username: 'x-access-token', password: await this.token(signal) };
  }

  /** `owner/repo` for the API; a bare name is taken within the configured organization. */
  private repoPath(repository: string): string {
    const full = repository.includes('/') ? repository : this.options.organization ? `${this.options.organization}/${repository}` : null;
    const parts = full?.split('/') ?? [];
    if (parts.length !== 2 || parts.some((p) => p === '' || p === '.' || p === '..')) {
      throw new VcsHostError('invalid-input', `'${repository}' is not a GitHub repository name`);
    }
    return parts.map(encodeURIComponent).join('/');
  }

  private headers(token: string): Record<string, string> {
    return {
      Authorization: `Bearer ${token}`,
      Accept: 'application/vnd.github+json',
      'X-GitHub-Api-Version': '2022-11-28',
      'User-Agent': 'Terrace',
    };
  }

  /** The token for API and git calls: the configured one, or the App installation's (renewed before it expires). */
  private async token(signal?: AbortSignal): Promise<string> {
    const auth = this.options.auth;
    if (auth.kind === 'token') return auth.token;
    if (this.installationToken && this.installationToken.expiresAt - Date.now() > 5 * 60_000) return this.installationToken.token;
    const { body } = await this.http<{ token: string; expires_at: string }>({
      method: 'POST',
      url: `${this.api}/app/installations/${encodeURIComponent(auth.installationId)}/access_tokens`,
      headers: this.headers(this.appJwt()),
      signal,
    });
    this.installationToken = { token: body.token, expiresAt: Date.parse(body.expires_at) };
    return body.token;
  }

  /** The App's own JWT (RS256, issued a minute in the past for clock drift, valid nine minutes). */
  private appJwt(): string {
    const auth = this.options.auth;
    if (auth.kind !== 'app') throw new Error('Not a GitHub App');
    const now = Math.floor(Date.now() / 1000);
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const unsigned = `${encode({ alg: 'RS256', typ: 'JWT' })}.${encode({ iat: now - 60, exp: now + 540, iss: auth.appId })}`;
    try {
      const signature = createSign('RSA-SHA256').update(unsigned).sign(auth.privateKey).toString('base64url');
      return `${unsigned}.${signature}`;
    } catch {
      throw new VcsHostError('invalid-input', "The GitHub App's private key is not a valid PEM RSA key");
    }
  }
}
