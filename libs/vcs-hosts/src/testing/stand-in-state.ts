import type { IncomingMessage, ServerResponse } from 'node:http';
import { createPublicKey, createVerify, type KeyObject } from 'node:crypto';

export interface StandInRepository {
  /** GitHub owner or organization, GitLab group path, Bitbucket workspace or project key, Azure `organization/project`. */
  owner: string;
  name: string;
  defaultBranch: string;
  branches: { name: string; commit: string }[];
  isPrivate?: boolean;
  /**
   * The clone address the listing gives instead of the host's own (for example a
   * `startGitHttpServer` URL of @terrace/git/testing, so a test can clone what the host lists).
   */
  httpUrl?: string;
  /** The SSH clone address the listing gives (for example a `startGitSshServer` URL of @terrace/git/testing). */
  sshUrl?: string;
}

export interface StandInOptions {
  repositories: StandInRepository[];
  /** The token (or password) each host accepts. */
  token: string;
  /** Bitbucket's user name for basic auth. */
  username?: string;
  /** Items per page, small so the clients must follow pages. */
  pageSize?: number;
  /** After this many authenticated requests, every further one is rate-limited. */
  requestsBeforeRateLimit?: number;
  /** GitHub App: the app id and the public key its JWTs are verified with. */
  githubApp?: { appId: string; installationId: string; publicKeyPem: string };
}

export interface PostedComment {
  /** The host's id of the comment (Azure DevOps: of its thread). */
  id: number;
  host: string;
  repository: string;
  number: number;
  body: string;
  /** Times the comment was edited after it was posted. */
  edits: number;
  /** Bitbucket Data Center's optimistic-locking version. */
  version: number;
}

/** A pull (merge) request a client opened, with the files its one commit changed (null: deleted). */
export interface OpenedPullRequestRecord {
  host: string;
  repository: string;
  number: number;
  title: string;
  body: string;
  head: string;
  base: string;
  url: string;
  files: { path: string; content: string | null }[];
}

/** A commit the API made (GitHub's Git Data API, GitLab's Commits API): its parent and changed files. */
export interface StandInCommit {
  sha: string;
  parent: string;
  files: { path: string; content: string | null }[];
}

export class StandInState {
  readonly comments: PostedComment[] = [];
  readonly pullRequests: OpenedPullRequestRecord[] = [];
  /** Trees and commits made through the API, by sha (their base is a real commit of the repository). */
  readonly trees = new Map<string, { baseTree: string; files: { path: string; content: string | null }[] }>();
  readonly commits = new Map<string, StandInCommit>();
  private shaCounter = 0;

  /** A fresh 40-hex object id for an object the API made. */
  newSha(): string {
    this.shaCounter += 1;
    return this.shaCounter.toString(16).padStart(40, 'b');
  }
  readonly pageSize: number;
  private requests = 0;
  readonly appKey: KeyObject | null;
  readonly installationTokens = new Set<string>();

  constructor(readonly options: StandInOptions) {
    this.pageSize = options.pageSize ?? 2;
    this.appKey = options.githubApp ? createPublicKey(options.githubApp.publicKeyPem) : null;
  }

  /** Counts one authenticated request; true when the rate limit is exhausted. */
  overLimit(): boolean {
    this.requests++;
    const limit = this.options.requestsBeforeRateLimit;
    return limit !== undefined && this.requests > limit;
  }

  remaining(): number {
    const limit = this.options.requestsBeforeRateLimit;
    return limit === undefined ? 5000 : Math.max(0, limit - this.requests);
  }

  /** Verifies a GitHub App JWT (RS256, issuer = app id, not expired). */
  verifyAppJwt(jwt: string): boolean {
    const app = this.options.githubApp;
    if (!app || !this.appKey) return false;
    const [header, payload, signature] = jwt.split('.');
    if (!header || !payload || !signature) return false;
    const ok = createVerify('RSA-SHA256').update(`${header}.${payload}`).verify(this.appKey, Buffer.from(signature, 'base64url'));
    if (!ok) return false;
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { iss?: string; exp?: number };
    return String(claims.iss) === app.appId && (claims.exp ?? 0) > Date.now() / 1000;
  }

  /** Records a posted comment; answers it (its id is its place in the list, from 1). */
  addComment(host: string, repository: string, number: number, body: string): PostedComment {
    const comment = { id: this.comments.length + 1, host, repository, number, body, edits: 0, version: 0 };
    this.comments.push(comment);
    return comment;
  }

  /** The comment `id` of that pull request on that host, if it was posted there. */
  commentOf(host: string, repository: string, number: number, id: string | undefined): PostedComment | undefined {
    const comment = this.comments[Number(id) - 1];
    return comment && comment.host === host && comment.repository === repository && comment.number === number ? comment : undefined;
  }

  /** Replaces the text of a comment. */
  editComment(comment: PostedComment, body: string): PostedComment {
    comment.body = body;
    comment.edits += 1;
    comment.version += 1;
    return comment;
  }

  /**
   * The files the API's commits changed from `head` back to `base` (oldest first, a later change of
   * a path replacing an earlier one): what a pull request from that branch proposes.
   */
  filesSince(head: string, base: string): { path: string; content: string | null }[] {
    const chain: StandInCommit[] = [];
    for (let sha = head; sha !== base; ) {
      const commit = this.commits.get(sha);
      if (!commit) break;
      chain.unshift(commit);
      sha = commit.parent;
    }
    const files = new Map<string, string | null>();
    for (const commit of chain) for (const file of commit.files) files.set(file.path, file.content);
    return [...files].map(([path, content]) => ({ path, content }));
  }

  /** Records a commit the API made on top of `parent`; answers its sha. */
  addCommit(parent: string, files: { path: string; content: string | null }[]): string {
    const sha = this.newSha();
    this.commits.set(sha, { sha, parent, files });
    return sha;
  }

  page<T>(items: T[], page: number): T[] {
    return items.slice((page - 1) * this.pageSize, page * this.pageSize);
  }
}

export function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers });
  response.end(JSON.stringify(body));
}

export async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : undefined;
}

export function basic(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
}

/** A form body as the hosts' file APIs take it: urlencoded or multipart (parsed by the platform's own Response). */
export async function readForm(request: IncomingMessage): Promise<FormData> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new Response(Buffer.concat(chunks), { headers: { 'content-type': request.headers['content-type'] ?? '' } }).formData();
}
