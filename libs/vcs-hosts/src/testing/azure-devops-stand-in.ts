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
    const start = Number(url.searchParams.get('continuationToken') ?? '0');
    const slice = repo.branches.slice(start, start + state.pageSize);
    const more = start + state.pageSize < repo.branches.length;
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
