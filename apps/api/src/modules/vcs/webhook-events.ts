import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Schemas } from '../../http/contract-types';

// What the code hosts send to /vcs/webhook/{providerType}: each host's signature scheme, checked
// in constant time over the bytes as sent, and its push and pull-request payloads read into one
// shape. Pure functions: no database, no network.

type VcsType = Schemas['VcsType'];
type Headers = Readonly<Record<string, string | string[] | undefined>>;

/** The webhook families: how a provider type signs and shapes its events. */
export type WebhookFamily = 'github' | 'gitlab' | 'bitbucketCloud' | 'bitbucketDataCenter' | 'azureDevops';

export function webhookFamilyOf(type: VcsType): WebhookFamily {
  switch (type) {
    case 'github':
    case 'github-enterprise':
    case 'github-enterprise-app':
      return 'github';
    case 'gitlab':
    case 'gitlab-onprem':
      return 'gitlab';
    case 'bitbucket-cloud':
      return 'bitbucketCloud';
    case 'bitbucket-data-center':
      return 'bitbucketDataCenter';
    case 'azure-devops':
    case 'azure-devops-server':
      return 'azureDevops';
  }
}

/** The user name Azure DevOps service hooks send with the secret as password (getAzureDevopsWebhookProperties). */
export const azureDevopsHookUser = 'terrace';

const header = (headers: Headers, name: string): string | undefined => {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
};

/** `sha256=<hex>` of HMAC-SHA256(secret, body), compared as equal-length digests in constant time. */
export function hmacSignatureMatches(secret: string, body: Buffer, signature: string | undefined): boolean {
  const [, hex] = /^sha256=([0-9a-fA-F]{64})$/.exec(signature?.trim() ?? '') ?? [];
  if (hex === undefined) return false;
  const given = Buffer.from(hex, 'hex');
  const expected = createHmac('sha256', secret).update(body).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A secret sent as is (GitLab's token, a basic-auth header): both sides hashed first, so the comparison is of equal-length digests. */
export function sharedSecretMatches(expected: string, given: string | undefined): boolean {
  if (given === undefined) return false;
  const a = createHash('sha256').update(given, 'utf8').digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();
  return timingSafeEqual(a, b);
}

/** Whether the request carries the provider's secret the way its host signs. */
export function webhookAuthentic(family: WebhookFamily, secret: string, headers: Headers, body: Buffer): boolean {
  switch (family) {
    case 'github':
      return hmacSignatureMatches(secret, body, header(headers, 'x-hub-signature-256'));
    case 'gitlab':
      return sharedSecretMatches(secret, header(headers, 'x-gitlab-token'));
    case 'bitbucketCloud':
    case 'bitbucketDataCenter':
      return hmacSignatureMatches(secret, body, header(headers, 'x-hub-signature'));
    case 'azureDevops':
      return sharedSecretMatches(`Basic ${Buffer.from(`${azureDevopsHookUser}:${secret}`).toString('base64')}`, header(headers, 'authorization'));
  }
}

// ---------------------------------------------------------------------------------------------
// Events

export interface EventSender {
  /** The code host's login, when it names one. */
  login?: string | undefined;
  name?: string | undefined;
}

export interface PushEvent {
  kind: 'push';
  /** The names the repository may have in a stack's `vcsInfo.repoName` (compared without case). */
  repoNames: string[];
  branch: string;
  /** The branch's commit before the push; null for a new branch. */
  before: string | null;
  after: string;
  /** The files the pushed commits touched, when the payload lists them all; otherwise null (git tells). */
  changedFiles: string[] | null;
  commitSubject?: string | undefined;
  sender: EventSender;
}

export interface PullRequestEvent {
  kind: 'pullRequest';
  repoNames: string[];
  number: number;
  title: string;
  sourceBranch: string;
  targetBranch: string;
  /** The head commit (GitHub, GitLab, Data Center, Azure: full id; Bitbucket Cloud: a short one). */
  headSha: string | null;
  sender: EventSender;
}

export interface IgnoredEvent {
  kind: 'ignored';
  reason: string;
}

export type WebhookEvent = PushEvent | PullRequestEvent | IgnoredEvent;

export interface ParsedDelivery {
  /** The host's delivery id; a hash of the body when the host sends none. */
  deliveryKey: string;
  /** The host's name of the event ('push', 'Merge Request Hook', 'pr:opened'…). */
  eventName: string;
  event: WebhookEvent;
}

/** Context a payload's repository name needs: GitHub repositories named within the provider's organization. */
export interface ParseContext {
  githubOrganization?: string | undefined;
}

const ignored = (reason: string): IgnoredEvent => ({ kind: 'ignored', reason });
const zeroSha = /^0+$/;
const branchOf = (ref: unknown): string | null => (typeof ref === 'string' && ref.startsWith('refs/heads/') ? ref.slice('refs/heads/'.length) : null);
const firstLine = (text: unknown): string | undefined => (typeof text === 'string' ? text.split('\n')[0]?.trim() || undefined : undefined);
const str = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
const num = (value: unknown): number | undefined => (typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined);

type Json = Record<string, unknown>;
const obj = (value: unknown): Json => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {});
const arr = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** Every file named by commits that list `added`, `modified` and `removed` (GitHub, GitLab). */
function filesOfCommits(commits: unknown[]): string[] | null {
  const files = new Set<string>();
  for (const commit of commits.map(obj)) {
    const lists = [commit['added'], commit['modified'], commit['removed']];
    if (lists.some((l) => !Array.isArray(l))) return null;
    for (const list of lists) for (const file of arr(list)) if (typeof file === 'string') files.add(file);
  }
  return [...files];
}

/** Reads one delivery: its id, its event name and what it means, or why it is ignored. */
export function parseDelivery(family: WebhookFamily, headers: Headers, body: Buffer, payload: unknown, context: ParseContext = {}): ParsedDelivery {
  const bodyHash = `sha256:${createHash('sha256').update(body).digest('hex')}`;
  const p = obj(payload);
  switch (family) {
    case 'github': {
      const eventName = header(headers, 'x-github-event') ?? '';
      return { deliveryKey: header(headers, 'x-github-delivery') ?? bodyHash, eventName, event: githubEvent(eventName, p, context) };
    }
    case 'gitlab': {
      const eventName = header(headers, 'x-gitlab-event') ?? '';
      const key = header(headers, 'idempotency-key') ?? header(headers, 'x-gitlab-event-uuid') ?? bodyHash;
      return { deliveryKey: key, eventName, event: gitlabEvent(eventName, p) };
    }
    case 'bitbucketCloud': {
      const eventName = header(headers, 'x-event-key') ?? '';
      return { deliveryKey: header(headers, 'x-request-uuid') ?? bodyHash, eventName, event: bitbucketCloudEvent(eventName, p) };
    }
    case 'bitbucketDataCenter': {
      const eventName = header(headers, 'x-event-key') ?? str(p['eventKey']) ?? '';
      return { deliveryKey: header(headers, 'x-request-id') ?? bodyHash, eventName, event: bitbucketDataCenterEvent(eventName, p) };
    }
    case 'azureDevops': {
      const eventName = str(p['eventType']) ?? '';
      return { deliveryKey: str(p['id']) ?? bodyHash, eventName, event: azureDevopsEvent(eventName, p) };
    }
  }
}

// GitHub: https://docs.github.com/webhooks/webhook-events-and-payloads (push, pull_request)
function githubEvent(eventName: string, p: Json, context: ParseContext): WebhookEvent {
  const repository = obj(p['repository']);
  const fullName = str(repository['full_name']);
  if (!fullName) return ignored(`GitHub event '${eventName}' without a repository`);
  const owner = str(obj(repository['owner'])['login']) ?? fullName.split('/')[0];
  const org = context.githubOrganization;
  const repoNames = [fullName, ...(org && owner?.toLowerCase() === org.toLowerCase() && str(repository['name']) ? [str(repository['name']) as string] : [])];
  const sender: EventSender = { login: str(obj(p['sender'])['login']), name: str(obj(p['pusher'])['name']) ?? str(obj(p['sender'])['login']) };
  if (eventName === 'push') {
    const branch = branchOf(p['ref']);
    if (!branch) return ignored('A push of a tag');
    if (p['deleted'] === true) return ignored('A branch deleted');
    const after = str(p['after']);
    if (!after) return ignored('A push without a head commit');
    const before = str(p['before']);
    const commits = arr(p['commits']);
    // GitHub lists at most 2048 commits per push; beyond, or for a new branch, git tells the files.
    const complete = before !== undefined && !zeroSha.test(before) && commits.length > 0 && commits.length < 2048;
    return {
      kind: 'push',
      repoNames,
      branch,
      before: before && !zeroSha.test(before) ? before : null,
      after,
      changedFiles: complete ? filesOfCommits(commits) : null,
      commitSubject: firstLine(obj(p['head_commit'])['message']),
      sender,
    };
  }
  if (eventName === 'pull_request') {
    const action = str(p['action']);
    if (action !== 'opened' && action !== 'synchronize' && action !== 'reopened') return ignored(`A pull request ${action ?? 'event'}`);
    const pr = obj(p['pull_request']);
    const number = num(p['number']) ?? num(pr['number']);
    const head = obj(pr['head']);
    const base = obj(pr['base']);
    const sourceBranch = str(head['ref']);
    const targetBranch = str(base['ref']);
    if (!number || !sourceBranch || !targetBranch) return ignored('A pull request event without its branches');
    return {
      kind: 'pullRequest',
      repoNames,
      number,
      title: str(pr['title']) ?? '',
      sourceBranch,
      targetBranch,
      headSha: str(head['sha']) ?? null,
      sender: { login: str(obj(pr['user'])['login']) ?? sender.login, name: sender.login },
    };
  }
  return ignored(`GitHub event '${eventName}'`);
}

// GitLab: https://docs.gitlab.com/user/project/integrations/webhook_events/ (Push Hook, Merge Request Hook)
function gitlabEvent(eventName: string, p: Json): WebhookEvent {
  const project = obj(p['project']);
  const path = str(project['path_with_namespace']);
  if (!path) return ignored(`GitLab event '${eventName}' without a project`);
  if (eventName === 'Push Hook' && p['object_kind'] === 'push') {
    const branch = branchOf(p['ref']);
    if (!branch) return ignored('A push of a tag');
    const after = str(p['after']);
    if (!after || zeroSha.test(after)) return ignored('A branch deleted');
    const before = str(p['before']);
    const commits = arr(p['commits']);
    // GitLab sends at most 20 commits (total_commits_count tells how many there were).
    const total = typeof p['total_commits_count'] === 'number' ? (p['total_commits_count'] as number) : commits.length;
    const complete = before !== undefined && !zeroSha.test(before) && commits.length > 0 && total === commits.length;
    const head = commits.map(obj).find((c) => c['id'] === (str(p['checkout_sha']) ?? after)) ?? obj(commits.at(-1));
    return {
      kind: 'push',
      repoNames: [path],
      branch,
      before: before && !zeroSha.test(before) ? before : null,
      after,
      changedFiles: complete ? filesOfCommits(commits) : null,
      commitSubject: str(head['title']) ?? firstLine(head['message']),
      sender: { login: str(p['user_username']), name: str(p['user_name']) },
    };
  }
  if (eventName === 'Merge Request Hook' && p['object_kind'] === 'merge_request') {
    const mr = obj(p['object_attributes']);
    const action = str(mr['action']);
    // An update without new commits (a title, a label, an approval) carries no `oldrev`.
    const planned = action === 'open' || action === 'reopen' || (action === 'update' && str(mr['oldrev']) !== undefined);
    if (!planned) return ignored(`A merge request ${action ?? 'event'} without new commits`);
    const number = num(mr['iid']);
    const sourceBranch = str(mr['source_branch']);
    const targetBranch = str(mr['target_branch']);
    if (!number || !sourceBranch || !targetBranch) return ignored('A merge request event without its branches');
    const user = obj(p['user']);
    return {
      kind: 'pullRequest',
      repoNames: [path],
      number,
      title: str(mr['title']) ?? '',
      sourceBranch,
      targetBranch,
      headSha: str(obj(mr['last_commit'])['id']) ?? null,
      sender: { login: str(user['username']), name: str(user['name']) },
    };
  }
  return ignored(`GitLab event '${eventName}'`);
}

// Bitbucket Cloud: https://support.atlassian.com/bitbucket-cloud/docs/event-payloads/
function bitbucketCloudEvent(eventName: string, p: Json): WebhookEvent {
  const fullName = str(obj(p['repository'])['full_name']);
  if (!fullName) return ignored(`Bitbucket event '${eventName}' without a repository`);
  const actor = obj(p['actor']);
  const sender: EventSender = { login: str(actor['nickname']) ?? str(actor['username']), name: str(actor['display_name']) };
  if (eventName === 'repo:push') {
    // One push may move several branches: the first branch change is taken here, the others by
    // `bitbucketCloudPushes`.
    const pushes = bitbucketCloudPushes(p, fullName, sender);
    return pushes[0] ?? ignored('A push of tags or deleted branches');
  }
  if (eventName === 'pullrequest:created' || eventName === 'pullrequest:updated') {
    const pr = obj(p['pullrequest']);
    if (str(pr['state']) && pr['state'] !== 'OPEN') return ignored(`A pull request ${String(pr['state']).toLowerCase()}`);
    const source = obj(pr['source']);
    const destination = obj(pr['destination']);
    const number = num(pr['id']);
    const sourceBranch = str(obj(source['branch'])['name']);
    const targetBranch = str(obj(destination['branch'])['name']);
    if (!number || !sourceBranch || !targetBranch) return ignored('A pull request event without its branches');
    return {
      kind: 'pullRequest',
      repoNames: [fullName],
      number,
      title: str(pr['title']) ?? '',
      sourceBranch,
      targetBranch,
      headSha: str(obj(source['commit'])['hash']) ?? null,
      sender,
    };
  }
  return ignored(`Bitbucket event '${eventName}'`);
}

/** Every branch a Bitbucket Cloud `repo:push` moved (its `push.changes`). */
export function bitbucketCloudPushes(p: Json, fullName: string, sender: EventSender): PushEvent[] {
  const pushes: PushEvent[] = [];
  for (const change of arr(obj(p['push'])['changes']).map(obj)) {
    const next = obj(change['new']);
    if (next['type'] !== 'branch' || !str(next['name'])) continue;
    const target = obj(next['target']);
    const after = str(target['hash']);
    if (!after) continue;
    const old = obj(change['old']);
    pushes.push({
      kind: 'push',
      repoNames: [fullName],
      branch: str(next['name']) as string,
      before: str(obj(old['target'])['hash']) ?? null,
      after,
      changedFiles: null,
      commitSubject: firstLine(target['message']),
      sender,
    });
  }
  return pushes;
}

// Bitbucket Data Center: https://confluence.atlassian.com/bitbucketserver/event-payload-938025882.html
function bitbucketDataCenterEvent(eventName: string, p: Json): WebhookEvent {
  const actor = obj(p['actor']);
  const sender: EventSender = { login: str(actor['name']) ?? str(actor['slug']), name: str(actor['displayName']) };
  const repoName = (repository: Json) => {
    const key = str(obj(repository['project'])['key']);
    const slug = str(repository['slug']);
    return key && slug ? `${key}/${slug}` : undefined;
  };
  if (eventName === 'repo:refs_changed') {
    const name = repoName(obj(p['repository']));
    if (!name) return ignored('A push without a repository');
    const pushes = bitbucketDataCenterPushes(p, name, sender);
    return pushes[0] ?? ignored('A push of tags or deleted branches');
  }
  if (eventName === 'pr:opened' || eventName === 'pr:from_ref_updated' || eventName === 'pr:modified') {
    // A modification is planned only when it moved the pull request to another target branch.
    if (eventName === 'pr:modified' && p['previousTarget'] === undefined) return ignored('A pull request modified without a new target');
    const pr = obj(p['pullRequest']);
    const from = obj(pr['fromRef']);
    const to = obj(pr['toRef']);
    const name = repoName(obj(to['repository']));
    const number = num(pr['id']);
    const sourceBranch = str(from['displayId']) ?? branchOf(from['id']) ?? undefined;
    const targetBranch = str(to['displayId']) ?? branchOf(to['id']) ?? undefined;
    if (!name || !number || !sourceBranch || !targetBranch) return ignored('A pull request event without its branches');
    return {
      kind: 'pullRequest',
      repoNames: [name],
      number,
      title: str(pr['title']) ?? '',
      sourceBranch,
      targetBranch,
      headSha: str(from['latestCommit']) ?? null,
      sender,
    };
  }
  return ignored(`Bitbucket Data Center event '${eventName}'`);
}

/** Every branch a Data Center `repo:refs_changed` moved (its `changes`). */
export function bitbucketDataCenterPushes(p: Json, name: string, sender: EventSender): PushEvent[] {
  const pushes: PushEvent[] = [];
  for (const change of arr(p['changes']).map(obj)) {
    const ref = obj(change['ref']);
    if (change['type'] === 'DELETE' || (ref['type'] !== undefined && ref['type'] !== 'BRANCH')) continue;
    const branch = str(ref['displayId']) ?? branchOf(change['refId']);
    const after = str(change['toHash']);
    if (!branch || !after) continue;
    const before = str(change['fromHash']);
    pushes.push({ kind: 'push', repoNames: [name], branch, before: before && !zeroSha.test(before) ? before : null, after, changedFiles: null, sender });
  }
  return pushes;
}

/** `organization/project/repository` of an Azure DevOps repository, from its remote URL. */
function azureRepoNames(repository: Json): string[] {
  const project = str(obj(repository['project'])['name']);
  const name = str(repository['name']);
  if (!project || !name) return [];
  const names: string[] = [];
  for (const address of [str(repository['remoteUrl']), str(repository['url'])]) {
    if (!address) continue;
    try {
      const url = new URL(address);
      const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
      // https://dev.azure.com/{org}/{project}/_git/{repo}; https://{org}.visualstudio.com/{project}/_git/{repo};
      // Azure DevOps Server: https://host/{collection}/{project}/_git/{repo}.
      const git = parts.indexOf('_git');
      const org = url.hostname.endsWith('.visualstudio.com') ? url.hostname.split('.')[0] : git >= 2 ? parts[git - 2] : parts[0];
      if (org) names.push(`${org}/${project}/${name}`);
    } catch {
      // Not a URL: the project and repository alone cannot name it.
    }
  }
  return [...new Set(names)];
}

// Azure DevOps: https://learn.microsoft.com/azure/devops/service-hooks/events (git.push, git.pullrequest.*)
function azureDevopsEvent(eventName: string, p: Json): WebhookEvent {
  const resource = obj(p['resource']);
  const repoNames = azureRepoNames(obj(resource['repository']));
  if (!repoNames.length) return ignored(`Azure DevOps event '${eventName}' without a repository`);
  if (eventName === 'git.push') {
    const update = arr(resource['refUpdates']).map(obj).find((u) => branchOf(u['name']) !== null);
    const branch = update ? branchOf(update['name']) : null;
    const after = update ? str(update['newObjectId']) : undefined;
    if (!update || !branch || !after || zeroSha.test(after)) return ignored('A push of tags or deleted branches');
    const before = str(update['oldObjectId']);
    const pushedBy = obj(resource['pushedBy']);
    const commits = arr(resource['commits']).map(obj);
    const head = commits.find((c) => c['commitId'] === after) ?? commits[0] ?? {};
    return {
      kind: 'push',
      repoNames,
      branch,
      before: before && !zeroSha.test(before) ? before : null,
      after,
      changedFiles: null,
      commitSubject: firstLine(head['comment']),
      sender: { login: str(pushedBy['uniqueName']), name: str(pushedBy['displayName']) },
    };
  }
  if (eventName === 'git.pullrequest.created' || eventName === 'git.pullrequest.updated') {
    if (str(resource['status']) && resource['status'] !== 'active') return ignored(`A pull request ${String(resource['status'])}`);
    const number = num(resource['pullRequestId']);
    const sourceBranch = branchOf(resource['sourceRefName']);
    const targetBranch = branchOf(resource['targetRefName']);
    if (!number || !sourceBranch || !targetBranch) return ignored('A pull request event without its branches');
    const by = obj(resource['createdBy']);
    return {
      kind: 'pullRequest',
      repoNames,
      number,
      title: str(resource['title']) ?? '',
      sourceBranch,
      targetBranch,
      headSha: str(obj(resource['lastMergeSourceCommit'])['commitId']) ?? null,
      sender: { login: str(by['uniqueName']), name: str(by['displayName']) },
    };
  }
  return ignored(`Azure DevOps event '${eventName}'`);
}

/** Every push of a delivery (Bitbucket may move several branches in one). */
export function pushesOf(family: WebhookFamily, parsed: ParsedDelivery, payload: unknown): PushEvent[] {
  if (parsed.event.kind !== 'push') return [];
  const p = obj(payload);
  if (family === 'bitbucketCloud') return bitbucketCloudPushes(p, parsed.event.repoNames[0] ?? '', parsed.event.sender);
  if (family === 'bitbucketDataCenter') return bitbucketDataCenterPushes(p, parsed.event.repoNames[0] ?? '', parsed.event.sender);
  return [parsed.event];
}

/** A pull (merge) request closed: merged into its target, or closed without merging. */
export interface ClosedPullRequest {
  /** The repository as stacks may name it (GitHub: `owner/repo`, and `repo` within the provider's organization). */
  repoNames: string[];
  number: number;
  merged: boolean;
  mergeCommit?: string | undefined;
}

/**
 * Reads a pull request's closing from a delivery (GitHub `pull_request` closed, GitLab merge request
 * merge/close, Bitbucket Cloud fulfilled/rejected, Bitbucket Data Center merged/declined/deleted,
 * Azure DevOps completed/abandoned); null for every other delivery.
 */
export function closedPullRequestOf(family: WebhookFamily, headers: Headers, payload: unknown, githubOrganization?: string): ClosedPullRequest | null {
  const p = obj(payload);
  if (family === 'github') {
    if (header(headers, 'x-github-event') !== 'pull_request' || p['action'] !== 'closed') return null;
    const repository = obj(p['repository']);
    const fullName = str(repository['full_name']);
    const pr = obj(p['pull_request']);
    const number = num(p['number']) ?? num(pr['number']);
    if (!fullName || !number) return null;
    const owner = str(obj(repository['owner'])['login']) ?? fullName.split('/')[0];
    const name = str(repository['name']);
    const inOrg = githubOrganization && owner?.toLowerCase() === githubOrganization.toLowerCase() && name;
    return { repoNames: [fullName, ...(inOrg ? [name] : [])], number, merged: pr['merged'] === true, mergeCommit: str(pr['merge_commit_sha']) };
  }
  if (family === 'gitlab') {
    if (p['object_kind'] !== 'merge_request') return null;
    const mr = obj(p['object_attributes']);
    const action = str(mr['action']);
    const path = str(obj(p['project'])['path_with_namespace']);
    const number = num(mr['iid']);
    if ((action !== 'merge' && action !== 'close') || !path || !number) return null;
    return { repoNames: [path], number, merged: action === 'merge', mergeCommit: str(mr['merge_commit_sha']) };
  }
  if (family === 'bitbucketCloud') {
    const key = header(headers, 'x-event-key');
    if (key !== 'pullrequest:fulfilled' && key !== 'pullrequest:rejected') return null;
    const fullName = str(obj(p['repository'])['full_name']);
    const pr = obj(p['pullrequest']);
    const number = num(pr['id']);
    if (!fullName || !number) return null;
    return { repoNames: [fullName], number, merged: key === 'pullrequest:fulfilled', mergeCommit: str(obj(pr['merge_commit'])['hash']) };
  }
  if (family === 'bitbucketDataCenter') {
    // pr:merged, and pr:declined or pr:deleted (closed without merging); the repository is the target's.
    const key = header(headers, 'x-event-key') ?? str(p['eventKey']);
    if (key !== 'pr:merged' && key !== 'pr:declined' && key !== 'pr:deleted') return null;
    const pr = obj(p['pullRequest']);
    const repository = obj(obj(pr['toRef'])['repository']);
    const projectKey = str(obj(repository['project'])['key']);
    const slug = str(repository['slug']);
    const number = num(pr['id']);
    if (!projectKey || !slug || !number) return null;
    return { repoNames: [`${projectKey}/${slug}`], number, merged: key === 'pr:merged', mergeCommit: str(obj(obj(pr['properties'])['mergeCommit'])['id']) };
  }
  if (family === 'azureDevops') {
    // A completed pull request is merged; an abandoned one is closed (git.pullrequest.updated, or .merged once completed).
    const eventType = str(p['eventType']);
    if (eventType !== 'git.pullrequest.updated' && eventType !== 'git.pullrequest.merged') return null;
    const resource = obj(p['resource']);
    const status = str(resource['status']);
    if (status !== 'completed' && status !== 'abandoned') return null;
    const repoNames = azureRepoNames(obj(resource['repository']));
    const number = num(resource['pullRequestId']);
    if (!repoNames.length || !number) return null;
    return { repoNames, number, merged: status === 'completed', mergeCommit: str(obj(resource['lastMergeCommit'])['commitId']) };
  }
  return null;
}
