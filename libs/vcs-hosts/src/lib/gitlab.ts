import type { GitCredentials } from '@terrace/git';
import { baseUrl, collectPages, createHostHttp, nextLink, numericId, sameOrigin } from './host-http';
import {
  type HostedBranch,
  type HostedRepository,
  type HostIdentity,
  type OpenedPullRequest,
  type PostedCommentRef,
  type PullRequestChange,
  type PullRequestRef,
  type VcsHost,
} from './vcs-host';

interface GitlabProject {
  path_with_namespace: string;
  default_branch?: string | null;
  http_url_to_repo: string;
  ssh_url_to_repo?: string;
  visibility?: string;
}

export interface GitlabOptions {
  type: 'gitlab' | 'gitlab-onprem';
  /** https://gitlab.com, or a self-managed instance's address (the spec's `dnsName`). */
  url: string;
  /** A personal, group or project access token: all go in PRIVATE-TOKEN. */
  token: string;
  fetch?: typeof fetch;
}

/** GitLab REST v4 (gitlab.com and self-managed CE/EE). */
export class GitlabHost implements VcsHost {
  readonly type: GitlabOptions['type'];
  private readonly api: string;
  private readonly http;

  constructor(private readonly options: GitlabOptions) {
    this.type = options.type;
    this.api = `${baseUrl(options.url, 'GitLab')}/api/v4`;
    this.http = createHostHttp({
      hostName: 'GitLab',
      errorMessage: (body) => {
        const b = body as { message?: unknown; error?: string; error_description?: string } | undefined;
        if (typeof b?.message === 'string') return b.message;
        if (b?.message && typeof b.message === 'object') return JSON.stringify(b.message);
        return b?.error_description ?? b?.error;
      },
      fetch: options.fetch,
    });
  }

  async validate(signal?: AbortSignal): Promise<HostIdentity> {
    const { body } = await this.http<{ username: string }>({ url: `${this.api}/user`, headers: this.headers(), signal });
    return { account: body.username };
  }

  async listRepositories(signal?: AbortSignal): Promise<HostedRepository[]> {
    const projects = await this.pages<GitlabProject>(`${this.api}/projects?membership=true&simple=true&archived=false&per_page=100`, signal);
    return projects.map((p) => ({
      fullName: p.path_with_namespace,
      defaultBranch: p.default_branch ?? null,
      httpUrl: p.http_url_to_repo,
      sshUrl: p.ssh_url_to_repo ?? null,
      isPrivate: p.visibility !== 'public',
    }));
  }

  async listBranches(repository: string, signal?: AbortSignal): Promise<HostedBranch[]> {
    const branches = await this.pages<{ name: string; commit: { id: string } }>(
      `${this.api}/projects/${encodeURIComponent(repository)}/repository/branches?per_page=100`,
      signal,
    );
    return branches.map((b) => ({ name: b.name, commit: b.commit.id }));
  }

  async commentOnPullRequest(pr: PullRequestRef, body: string, signal?: AbortSignal): Promise<PostedCommentRef> {
    const { body: note } = await this.http<{ id: number }>({
      method: 'POST',
      url: `${this.api}/projects/${encodeURIComponent(pr.repository)}/merge_requests/${pr.number}/notes`,
      headers: this.headers(),
      body: { body },
      signal,
    });
    return { id: String(note.id) };
  }

  async updatePullRequestComment(pr: PullRequestRef, commentId: string, body: string, signal?: AbortSignal): Promise<void> {
    await this.http({
      method: 'PUT',
      url: `${this.api}/projects/${encodeURIComponent(pr.repository)}/merge_requests/${pr.number}/notes/${numericId(commentId)}`,
      headers: this.headers(),
      body: { body },
      signal,
    });
  }

  /** One commit on a new branch made from the base (the Commits API's start_branch), then the merge request. */
  async openPullRequest(change: PullRequestChange, signal?: AbortSignal): Promise<OpenedPullRequest> {
    const project = `${this.api}/projects/${encodeURIComponent(change.repository)}`;
    await this.http({
      method: 'POST',
      url: `${project}/repository/commits`,
      headers: this.headers(),
      body: {
        branch: change.branch,
        start_branch: change.baseBranch,
        commit_message: change.commitMessage,
        actions: change.files.map((f) => (f.content === null ? { action: 'delete', file_path: f.path } : { action: 'create', file_path: f.path, content: f.content })),
      },
      signal,
    });
    const { body: mr } = await this.http<{ iid: number; web_url: string }>({
      method: 'POST',
      url: `${project}/merge_requests`,
      headers: this.headers(),
      body: { source_branch: change.branch, target_branch: change.baseBranch, title: change.title, description: change.body, remove_source_branch: true },
      signal,
    });
    return { number: mr.iid, url: mr.web_url };
  }

  async gitCredentials(): Promise<GitCredentials> {
    return { type: 'basic', username: 'oauth2', password: this.options.token };
  }

  private headers(): Record<string, string> {
    return { 'PRIVATE-TOKEN': this.options.token };
  }

  private pages<T>(first: string, signal?: AbortSignal): Promise<T[]> {
    return collectPages<T>(first, async (url) => {
      const { body, headers } = await this.http<T[]>({ url, headers: this.headers(), signal });
      const link = nextLink(headers);
      const nextPage = headers.get('x-next-page');
      const next = link ?? (nextPage ? withPage(url, nextPage) : undefined);
      return { items: body, next: next && sameOrigin(next, this.api) };
    });
  }
}

function withPage(url: string, page: string): string {
  const u = new URL(url);
  u.searchParams.set('page', page);
  return u.toString();
}
