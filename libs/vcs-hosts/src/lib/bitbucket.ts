import type { GitCredentials } from '@terrace/git';
import { baseUrl, collectPages, createHostHttp, numericId, sameOrigin } from './host-http';
import { VcsHostError, type HostedBranch, type HostedRepository, type HostIdentity, type OpenedPullRequest, type PostedCommentRef, type PullRequestChange, type PullRequestRef, type VcsHost } from './vcs-host';

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

  /**
   * The branch must not exist yet; one commit on it through the `src` endpoint (a form: each file
   * as a field of its path, each deleted file named in `files` without a field), then the pull request.
   */
  async openPullRequest(change: PullRequestChange, signal?: AbortSignal): Promise<OpenedPullRequest> {
    const [workspace, slug] = twoPartName(change.repository, 'workspace');
    const repo = `${this.api}/repositories/${workspace}/${slug}`;
    const branchUrl = (name: string) => `${repo}/refs/branches/${encodeURIComponent(name)}`;
    const { body: base } = await this.http<{ target: { hash: string } }>({ url: branchUrl(change.baseBranch), headers: this.headers(), signal });
    // The src endpoint commits on top of a branch that exists: a new branch is checked for first.
    const existing = await this.http({ url: branchUrl(change.branch), headers: this.headers(), signal }).then(
      () => true,
      (error: unknown) => {
        if (error instanceof VcsHostError && error.kind === 'not-found') return false;
        throw error;
      },
    );
    if (existing) throw new VcsHostError('failed', `Bitbucket already has a branch named '${change.branch}'`);
    const form = new URLSearchParams({ message: change.commitMessage, branch: change.branch, parents: base.target.hash });
    for (const file of change.files) {
      if (file.content === null) form.append('files', file.path);
      else form.append(file.path, file.content);
    }
    await this.http({ method: 'POST', url: `${repo}/src`, headers: this.headers(), body: form, signal });
    const { body: pr } = await this.http<{ id: number; links: { html: { href: string } } }>({
      method: 'POST',
      url: `${repo}/pullrequests`,
      headers: this.headers(),
      body: {
        title: change.title,
        description: change.body,
        source: { branch: { name: change.branch } },
        destination: { branch: { name: change.baseBranch } },
        close_source_branch: true,
      },
      signal,
    });
    return { number: pr.id, url: pr.links.html.href };
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

  /**
   * The branch from the base (the branches API), each file committed on it through the file edit
   * API (one commit a file: Data Center has no multi-file commit), then the pull request. Its REST
   * API cannot delete a file: a change deleting files is refused before anything is made.
   */
  async openPullRequest(change: PullRequestChange, signal?: AbortSignal): Promise<OpenedPullRequest> {
    const [project, slug] = twoPartName(change.repository, 'project');
    const deleted = change.files.filter((f) => f.content === null);
    if (deleted.length) {
      throw new VcsHostError(
        'invalid-input',
        `Bitbucket Data Center's REST API cannot delete files (${deleted.map((f) => f.path).join(', ')}): remove them in a pull request of your own`,
      );
    }
    const repo = `${this.api}/projects/${project}/repos/${slug}`;
    const { body: branch } = await this.http<{ latestCommit: string }>({
      method: 'POST',
      url: `${repo}/branches`,
      headers: this.headers(),
      body: { name: change.branch, startPoint: `refs/heads/${change.baseBranch}`, message: change.commitMessage },
      signal,
    });
    let head = branch.latestCommit;
    for (const file of change.files) {
      const form = new FormData();
      form.set('branch', change.branch);
      // A file part, not a text field: multipart text fields have their line ends rewritten to CRLF.
      form.set('content', new Blob([file.content ?? '']), file.path.split('/').pop() ?? 'file');
      form.set('message', change.commitMessage);
      form.set('sourceCommitId', head);
      const path = file.path.split('/').map(encodeURIComponent).join('/');
      const { body: commit } = await this.http<{ id: string }>({ method: 'PUT', url: `${repo}/browse/${path}`, headers: this.headers(), body: form, signal });
      head = commit.id;
    }
    const ref = (name: string) => ({ id: `refs/heads/${name}`, repository: { slug: decodeURIComponent(slug), project: { key: decodeURIComponent(project) } } });
    const { body: pr } = await this.http<{ id: number; links: { self: { href: string }[] } }>({
      method: 'POST',
      url: `${repo}/pull-requests`,
      headers: this.headers(),
      body: { title: change.title, description: change.body, fromRef: ref(change.branch), toRef: ref(change.baseBranch) },
      signal,
    });
    return { number: pr.id, url: pr.links.self[0]?.href ?? `${repo}/pull-requests/${pr.id}` };
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
