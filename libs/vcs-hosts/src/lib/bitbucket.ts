import type { GitCredentials } from '@terrace/git';
import { baseUrl, collectPages, createHostHttp, numericId, sameOrigin } from './host-http';
import { VcsHostError, type HostedBranch, type HostedRepository, type HostIdentity, type OpenedPullRequest, type PostedCommentRef, type PullRequestRef, type VcsHost } from './vcs-host';

/** Bitbucket's two ways in: a user name with an (app) password, or an access token. */
export type BitbucketAuth = { kind: 'password'; username: string; password: string } | { kind: 'token'; token: string; username?: string | undefined };

function authorization(auth: BitbucketAuth): string {
  return auth.kind === 'password' ? `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString('base64')}` : `Bearer ${auth.token}`;
}

function twoPartName(repository: string, what: string): [string, string] {
  const parts = repository.split('/');
  if (parts.length !== 2 || parts.some((p) => p === '' || p === '.' || p === '..')) {
    throw new VcsHostError('invalid-input', `'${repository}' is not a Bitbucket repository name (${what}/repository)`);
  }
  return [encodeURIComponent(parts[0] ?? ''), encodeURIComponent(parts[1] ?? '')];
}

interface CloudRepo {
  full_name: string;
  mainbranch?: { name: string } | null;
  links: { clone?: { name: string; href: string }[] };
  is_private: boolean;
}

export interface BitbucketCloudOptions {
  /** https://api.bitbucket.org/2.0 */
  apiUrl: string;
  auth: BitbucketAuth;
  fetch?: typeof fetch;
}

/** Bitbucket Cloud REST 2.0. */
export class BitbucketCloudHost implements VcsHost {
  readonly type = 'bitbucket-cloud' as const;
  private readonly api: string;
  private readonly http;

  constructor(private readonly options: BitbucketCloudOptions) {
    this.api = baseUrl(options.apiUrl, 'Bitbucket');
    this.http = createHostHttp({
      hostName: 'Bitbucket',
      errorMessage: (body) => (body as { error?: { message?: string } } | undefined)?.error?.message,
      fetch: options.fetch,
    });
  }

  async validate(signal?: AbortSignal): Promise<HostIdentity> {
    if (this.options.auth.kind === 'password') {
      const { body } = await this.http<{ username: string }>({ url: `${this.api}/user`, headers: this.headers(), signal });
      return { account: body.username };
    }
    // Workspace and repository access tokens have no user: seeing one repository proves them.
    await this.http({ url: `${this.api}/repositories?role=member&pagelen=1`, headers: this.headers(), signal });
    return { account: 'access token' };
  }

  async listRepositories(signal?: AbortSignal): Promise<HostedRepository[]> {
    const repos = await this.pages<CloudRepo>(`${this.api}/repositories?role=member&pagelen=100`, signal);
    return repos.map((r) => ({
      fullName: r.full_name,
      defaultBranch: r.mainbranch?.name ?? null,
      httpUrl: r.links.clone?.find((c) => c.name === 'https')?.href.replace(/^https:\/\/[^@/]+@/, 'https://') ?? '',
      sshUrl: r.links.clone?.find((c) => c.name === 'ssh')?.href ?? null,
      isPrivate: r.is_private,
    }));
  }

  async listBranches(repository: string, signal?: AbortSignal): Promise<HostedBranch[]> {
    const [workspace, slug] = twoPartName(repository, 'workspace');
    const branches = await this.pages<{ name: string; target: { hash: string } }>(`${this.api}/repositories/${workspace}/${slug}/refs/branches?pagelen=100`, signal);
    return branches.map((b) => ({ name: b.name, commit: b.target.hash }));
  }

  async openPullRequest(): Promise<OpenedPullRequest> {
    throw new VcsHostError('invalid-input', 'Opening pull requests on Bitbucket Cloud is not supported yet');
  }

  async commentOnPullRequest(pr: PullRequestRef, body: string, signal?: AbortSignal): Promise<PostedCommentRef> {
    const [workspace, slug] = twoPartName(pr.repository, 'workspace');
    const { body: comment } = await this.http<{ id: number }>({
      method: 'POST',
      url: `${this.api}/repositories/${workspace}/${slug}/pullrequests/${pr.number}/comments`,
      headers: this.headers(),
      body: { content: { raw: body } },
      signal,
    });
    return { id: String(comment.id) };
  }

  async updatePullRequestComment(pr: PullRequestRef, commentId: string, body: string, signal?: AbortSignal): Promise<void> {
    const [workspace, slug] = twoPartName(pr.repository, 'workspace');
    await this.http({
      method: 'PUT',
      url: `${this.api}/repositories/${workspace}/${slug}/pullrequests/${pr.number}/comments/${numericId(commentId)}`,
      headers: this.headers(),
      body: { content: { raw: body } },
      signal,
    });
  }

  async gitCredentials(): Promise<GitCredentials> {
    const auth = this.options.auth;
    return auth.kind === 'password'
      ? { type: 'basic', username: auth.username, password: auth.password }
      : { type: 'basic', username: 'x-token-auth', password: auth.token };
  }

  private headers(): Record<string, string> {
    return { Authorization: authorization(this.options.auth) };
  }

  private pages<T>(first: string, signal?: AbortSignal): Promise<T[]> {
    return collectPages<T>(first, async (url) => {
      const { body } = await this.http<{ values: T[]; next?: string }>({ url, headers: this.headers(), signal });
      return { items: body.values, next: body.next && sameOrigin(body.next, this.api) };
    });
  }
}

interface DataCenterRepo {
  slug: string;
  project: { key: string };
  links: { clone?: { name: string; href: string }[] };
  public?: boolean;
}

export interface BitbucketDataCenterOptions {
  /** The server's address (the spec's `httpUrl`); the API is below it at /rest/api/1.0. */
  url: string;
  auth: BitbucketAuth;
  fetch?: typeof fetch;
}

/** Bitbucket Data Center (Server) REST 1.0. */
export class BitbucketDataCenterHost implements VcsHost {
  readonly type = 'bitbucket-data-center' as const;
  private readonly api: string;
  private readonly http;

  constructor(private readonly options: BitbucketDataCenterOptions) {
    this.api = `${baseUrl(options.url, 'Bitbucket Data Center')}/rest/api/1.0`;
    this.http = createHostHttp({
      hostName: 'Bitbucket Data Center',
      errorMessage: (body) => (body as { errors?: { message?: string }[] } | undefined)?.errors?.[0]?.message,
      fetch: options.fetch,
    });
  }

  async validate(signal?: AbortSignal): Promise<HostIdentity> {
    const { headers } = await this.http({ url: `${this.api}/repos?limit=1`, headers: this.headers(), signal });
    // The server names the authenticated user in X-AUSERNAME; an anonymous answer carries none.
    const user = headers.get('x-ausername');
    if (!user) throw new VcsHostError('authentication', 'Bitbucket Data Center answered without signing the credentials in');
    return { account: user };
  }

  async listRepositories(signal?: AbortSignal): Promise<HostedRepository[]> {
    const repos = await this.pages<DataCenterRepo>(`${this.api}/repos?limit=100`, signal);
    return repos.map((r) => ({
      fullName: `${r.project.key}/${r.slug}`,
      defaultBranch: null,
      httpUrl: r.links.clone?.find((c) => c.name === 'http')?.href ?? '',
      sshUrl: r.links.clone?.find((c) => c.name === 'ssh')?.href ?? null,
      isPrivate: r.public !== true,
    }));
  }

  async listBranches(repository: string, signal?: AbortSignal): Promise<HostedBranch[]> {
    const [project, slug] = twoPartName(repository, 'project');
    const branches = await this.pages<{ displayId: string; latestCommit: string }>(`${this.api}/projects/${project}/repos/${slug}/branches?limit=100`, signal);
    return branches.map((b) => ({ name: b.displayId, commit: b.latestCommit }));
  }

  async openPullRequest(): Promise<OpenedPullRequest> {
    throw new VcsHostError('invalid-input', 'Opening pull requests on Bitbucket Data Center is not supported yet');
  }

  async commentOnPullRequest(pr: PullRequestRef, body: string, signal?: AbortSignal): Promise<PostedCommentRef> {
    const [project, slug] = twoPartName(pr.repository, 'project');
    const { body: comment } = await this.http<{ id: number }>({
      method: 'POST',
      url: `${this.api}/projects/${project}/repos/${slug}/pull-requests/${pr.number}/comments`,
      headers: this.headers(),
      body: { text: body },
      signal,
    });
    return { id: String(comment.id) };
  }

  async updatePullRequestComment(pr: PullRequestRef, commentId: string, body: string, signal?: AbortSignal): Promise<void> {
    const [project, slug] = twoPartName(pr.repository, 'project');
    const url = `${this.api}/projects/${project}/repos/${slug}/pull-requests/${pr.number}/comments/${numericId(commentId)}`;
    // Data Center versions each comment: an edit names the version it replaces.
    const { body: current } = await this.http<{ version: number }>({ url, headers: this.headers(), signal });
    await this.http({ method: 'PUT', url, headers: this.headers(), body: { text: body, version: current.version }, signal });
  }

  async gitCredentials(): Promise<GitCredentials> {
    const auth = this.options.auth;
    return auth.kind === 'password'
      ? { type: 'basic', username: auth.username, password: auth.password }
      : { type: 'basic', username: auth.username ?? 'x-token-auth', password: auth.token };
  }

  private headers(): Record<string, string> {
    return { Authorization: authorization(this.options.auth) };
  }

  private pages<T>(first: string, signal?: AbortSignal): Promise<T[]> {
    return collectPages<T>(first, async (url) => {
      const { body } = await this.http<{ values: T[]; isLastPage: boolean; nextPageStart?: number }>({ url, headers: this.headers(), signal });
      if (body.isLastPage || body.nextPageStart === undefined) return { items: body.values };
      const next = new URL(url);
      next.searchParams.set('start', String(body.nextPageStart));
      return { items: body.values, next: next.toString() };
    });
  }
}
