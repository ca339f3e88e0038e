import type { IncomingMessage, ServerResponse } from 'node:http';
import { basic, readJson, sendJson, type StandInState } from './stand-in-state';

const signInPage = '<!DOCTYPE html><html><head><title>Azure DevOps Services | Sign In</title></head><body></body></html>';

/**
 * Azure DevOps REST 7.1: basic auth with an empty user name and the PAT; a refused PAT answers 203
 * with the sign-in page (not 401); continuation tokens in x-ms-continuationtoken; `{message, typeKey}` errors.
 */
export async function handleAzureDevops(state: StandInState, request: IncomingMessage, response: ServerResponse, url: URL, base: string): Promise<void> {
  const accepted = request.headers.authorization === basic('', state.options.token);
  if (!accepted) {
    response.writeHead(203, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(signInPage);
    return;
  }
  if (state.overLimit()) {
    return sendJson(response, 429, { message: 'Request was blocked due to exceeding usage of resource.', typeKey: 'ThrottlingException' }, { 'Retry-After': '10' });
  }
  const path = url.pathname;
  const orgs = [...new Set(state.options.repositories.map((r) => r.owner.split('/')[0] ?? ''))];

  if (path === '/accounts/_apis/profile/profiles/me') return sendJson(response, 200, { id: 'profile-1', displayName: 'Terrace Bot', emailAddress: 'bot@terrace.invalid' });
  if (path === '/accounts/_apis/accounts') {
    return sendJson(response, 200, { count: orgs.length, value: orgs.map((o) => ({ accountId: o, accountName: o })) });
  }
  const connection = /^\/([^/_][^/]*)\/_apis\/connectionData$/.exec(path);
  if (connection) {
    if (!orgs.includes(decodeURIComponent(connection[1] ?? ''))) return sendJson(response, 404, { message: 'Organization not found', typeKey: 'NotFoundException' });
    return sendJson(response, 200, { authenticatedUser: { providerDisplayName: 'Terrace Bot' } });
  }
  const list = /^\/([^/]+)\/_apis\/git\/repositories$/.exec(path);
  if (list) {
    const org = decodeURIComponent(list[1] ?? '');
    const repos = state.options.repositories.filter((r) => r.owner.split('/')[0] === org);
    return sendJson(response, 200, {
      count: repos.length,
      value: repos.map((r) => {
        const project = r.owner.split('/')[1] ?? '';
        return {
          id: `${r.name}-id`,
          name: r.name,
          project: { name: project, visibility: r.isPrivate === false ? 'public' : 'private' },
          defaultBranch: `refs/heads/${r.defaultBranch}`,
          remoteUrl: r.httpUrl ?? `${base}/${org}/${project}/_git/${r.name}`,
          sshUrl: r.sshUrl ?? `git@ssh.dev.azure.com:v3/${org}/${project}/${r.name}`,
        };
      }),
    });
  }
  const change = /^\/([^/]+)\/([^/]+)\/_apis\/git\/repositories\/([^/]+)\/(pushes|pullrequests)$/i.exec(path);
  const changeRepo =
    change &&
    state.options.repositories.find((r) => r.owner === `${decodeURIComponent(change[1] ?? '')}/${decodeURIComponent(change[2] ?? '')}` && r.name === decodeURIComponent(change[3] ?? ''));
  if (change && changeRepo && request.method === 'POST') {
    const repository = `${changeRepo.owner}/${changeRepo.name}`;
    const webUrl = `${base}/${changeRepo.owner}/_git/${changeRepo.name}`;
    const branchName = (ref: string | undefined) => (ref ?? '').replace(/^refs\/heads\//, '');
    if (change[4]?.toLowerCase() === 'pushes') {
      const body = (await readJson(request)) as {
        refUpdates?: { name?: string; oldObjectId?: string }[];
        commits?: { comment?: string; changes?: { changeType?: string; item?: { path?: string }; newContent?: { content?: string } }[] }[];
      };
      const update = body.refUpdates?.[0];
      const commit = body.commits?.[0];
      if (!update?.name || !update.oldObjectId || !commit?.changes?.length) return sendJson(response, 400, { message: 'The push must name a ref and carry a commit.', typeKey: 'InvalidArgumentValueException' });
      const existing = changeRepo.branches.find((b) => b.name === branchName(update.name));
      if (existing ? existing.commit !== update.oldObjectId : !changeRepo.branches.some((b) => b.commit === update.oldObjectId)) {
        return sendJson(response, 409, {
          message: `TF401028: The reference '${update.name}' has already been updated by another client, so you cannot update it. Please try again.`,
          typeKey: 'GitReferenceStaleException',
        });
      }
      const files = commit.changes.map((c) => ({ path: (c.item?.path ?? '').replace(/^\/+/, ''), content: c.changeType === 'delete' ? null : (c.newContent?.content ?? '') }));
      const sha = state.addCommit(update.oldObjectId, files);
      if (existing) existing.commit = sha;
      else changeRepo.branches.push({ name: branchName(update.name), commit: sha });
      return sendJson(response, 201, {
        pushId: state.commits.size,
        refUpdates: [{ name: update.name, oldObjectId: update.oldObjectId, newObjectId: sha }],
        commits: [{ commitId: sha, comment: commit.comment ?? '' }],
        repository: { id: `${changeRepo.name}-id`, name: changeRepo.name, webUrl },
      });
    }
    const body = (await readJson(request)) as { sourceRefName?: string; targetRefName?: string; title?: string; description?: string };
    const source = changeRepo.branches.find((b) => b.name === branchName(body.sourceRefName));
    const target = changeRepo.branches.find((b) => b.name === branchName(body.targetRefName));
    if (!source || !target || !body.title) return sendJson(response, 400, { message: 'TF401398: The pull request cannot be activated because the source and/or the target branch no longer exists.', typeKey: 'GitPullRequestCannotBeActivated' });
    const id = state.pullRequests.filter((p) => p.host === 'azure-devops').length + 1;
    const url = `${webUrl}/pullrequest/${id}`;
    state.pullRequests.push({ host: 'azure-devops', repository, number: id, title: body.title, body: body.description ?? '', head: source.name, base: target.name, url, files: state.filesSince(source.commit, target.commit) });
    return sendJson(response, 201, {
      pullRequestId: id,
      codeReviewId: id,
      status: 'active',
      title: body.title,
      description: body.description ?? '',
      sourceRefName: `refs/heads/${source.name}`,
      targetRefName: `refs/heads/${target.name}`,
      url: `${base}/${changeRepo.owner}/_apis/git/repositories/${changeRepo.name}-id/pullRequests/${id}`,
      repository: { id: `${changeRepo.name}-id`, name: changeRepo.name, webUrl, project: { name: changeRepo.owner.split('/')[1] ?? '' } },
    });
  }
  const repoPath = /^\/([^/]+)\/([^/]+)\/_apis\/git\/repositories\/([^/]+)\/(refs|pullRequests\/(\d+)\/threads(?:\/(\d+)\/comments\/(\d+))?)$/.exec(path);
  const repo =
    repoPath &&
    state.options.repositories.find(
      (r) => r.owner === `${decodeURIComponent(repoPath[1] ?? '')}/${decodeURIComponent(repoPath[2] ?? '')}` && r.name === decodeURIComponent(repoPath[3] ?? ''),
    );
  if (!repoPath || !repo) {
    return sendJson(response, 404, { message: 'TF401019: The Git repository with name or identifier does not exist or you do not have permissions.', typeKey: 'GitRepositoryNotFoundException' });
  }
  if (repoPath[4] === 'refs') {
    // The filter is a prefix of the full ref name without 'refs/' (heads/ for the branches).
    const prefix = (url.searchParams.get('filter') ?? 'heads/').replace(/^heads\//, '');
    const branches = repo.branches.filter((b) => b.name.startsWith(prefix));
    const start = Number(url.searchParams.get('continuationToken') ?? '0');
    const slice = branches.slice(start, start + state.pageSize);
    const more = start + state.pageSize < branches.length;
    return sendJson(
      response,
      200,
      { count: slice.length, value: slice.map((b) => ({ name: `refs/heads/${b.name}`, objectId: b.commit })) },
      more ? { 'x-ms-continuationtoken': String(start + state.pageSize) } : {},
    );
  }
  const repository = `${repo.owner}/${repo.name}`;
  if (repoPath[6] !== undefined && request.method === 'PATCH') {
    // The stand-in keeps one comment per thread: the thread's first, id 1.
    const thread = state.commentOf('azure-devops', repository, Number(repoPath[5]), repoPath[6]);
    if (!thread || repoPath[7] !== '1') {
      return sendJson(response, 404, { message: 'TF401181: The comment could not be found.', typeKey: 'GitPullRequestCommentNotFoundException' });
    }
    const body = (await readJson(request)) as { content: string };
    state.editComment(thread, body.content);
    return sendJson(response, 200, { id: 1, parentCommentId: 0, content: thread.body, commentType: 'text', lastUpdatedDate: new Date().toISOString() });
  }
  if (repoPath[6] === undefined && request.method === 'POST') {
    const body = (await readJson(request)) as { comments: { content: string }[] };
    const thread = state.addComment('azure-devops', repository, Number(repoPath[5]), body.comments[0]?.content ?? '');
    return sendJson(response, 200, { id: thread.id, status: 'active', comments: [{ id: 1, parentCommentId: 0, content: thread.body, commentType: 'text' }] });
  }
  sendJson(response, 404, { message: 'Not found', typeKey: 'NotFoundException' });
}
