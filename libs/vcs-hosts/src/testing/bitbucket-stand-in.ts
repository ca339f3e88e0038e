import type { IncomingMessage, ServerResponse } from 'node:http';
import { basic, readForm, readJson, sendJson, type StandInState } from './stand-in-state';

function accepted(state: StandInState, request: IncomingMessage): boolean {
  const auth = request.headers.authorization;
  return auth === `Bearer ${state.options.token}` || auth === basic(state.options.username ?? 'terrace', state.options.token);
}

/** Bitbucket Cloud 2.0: `{values, next, pagelen}` pages, `{type: 'error', error: {message}}` errors. */
export async function handleBitbucketCloud(state: StandInState, request: IncomingMessage, response: ServerResponse, url: URL, base: string): Promise<void> {
  if (!accepted(state, request)) return sendJson(response, 401, { type: 'error', error: { message: 'Unauthorized' } });
  if (state.overLimit()) return sendJson(response, 429, { type: 'error', error: { message: 'Rate limit for this resource has been exceeded' } }, { 'Retry-After': '20' });
  const path = url.pathname.replace(/^\/2\.0/, '');
  const pageOf = <T>(items: T[]) => {
    const page = Number(url.searchParams.get('page') ?? '1');
    const u = new URL(url.toString());
    u.searchParams.set('page', String(page + 1));
    const more = page * state.pageSize < items.length;
    return { pagelen: state.pageSize, page, size: items.length, values: state.page(items, page), ...(more ? { next: `${base}${u.pathname}${u.search}` } : {}) };
  };
  if (path === '/user') return sendJson(response, 200, { username: state.options.username ?? 'terrace', display_name: 'Terrace', type: 'user' });
  if (path === '/repositories') {
    return sendJson(
      response,
      200,
      pageOf(
        state.options.repositories.map((r) => ({
          type: 'repository',
          full_name: `${r.owner}/${r.name}`,
          is_private: r.isPrivate ?? true,
          mainbranch: { type: 'branch', name: r.defaultBranch },
          links: {
            clone: [
              { name: 'https', href: r.httpUrl ?? `https://${state.options.username ?? 'terrace'}@bitbucket.org/${r.owner}/${r.name}.git` },
              { name: 'ssh', href: r.sshUrl ?? `git@bitbucket.org:${r.owner}/${r.name}.git` },
            ],
          },
        })),
      ),
    );
  }
  const change = /^\/repositories\/([^/]+)\/([^/]+)\/(src|pullrequests|refs\/branches\/([^/]+))$/.exec(path);
  const changeRepo = change && state.options.repositories.find((r) => r.owner === decodeURIComponent(change[1] ?? '') && r.name === decodeURIComponent(change[2] ?? ''));
  if (change && changeRepo) {
    const repository = `${changeRepo.owner}/${changeRepo.name}`;
    if (change[4] !== undefined && request.method === 'GET') {
      const branch = changeRepo.branches.find((b) => b.name === decodeURIComponent(change[4] ?? ''));
      if (!branch) return sendJson(response, 404, { type: 'error', error: { message: 'Branch not found' } });
      return sendJson(response, 200, { type: 'branch', name: branch.name, target: { type: 'commit', hash: branch.commit } });
    }
    if (change[3] === 'src' && request.method === 'POST') {
      // A form: message, branch, parents, `files` naming paths to delete, every other field a file's new content.
      const form = await readForm(request);
      const meta = new Set(['message', 'branch', 'parents', 'files', 'author']);
      const deleted = form.getAll('files').map(String);
      const files: { path: string; content: string | null }[] = [];
      form.forEach((value, key) => {
        if (!meta.has(key)) files.push({ path: key.replace(/^\/+/, ''), content: String(value) });
      });
      for (const path of deleted) if (!form.has(path)) files.push({ path: path.replace(/^\/+/, ''), content: null });
      const branchName = String(form.get('branch') ?? changeRepo.defaultBranch);
      const existing = changeRepo.branches.find((b) => b.name === branchName);
      const parent = String(form.get('parents') ?? existing?.commit ?? '');
      if (!changeRepo.branches.some((b) => b.commit === parent) || !form.get('message') || !files.length) {
        return sendJson(response, 400, { type: 'error', error: { message: 'Bad request', fields: { parents: ['Invalid commit'] } } });
      }
      const sha = state.addCommit(parent, files);
      if (existing) existing.commit = sha;
      else changeRepo.branches.push({ name: branchName, commit: sha });
      response.writeHead(201, { Location: `${base}/repositories/${repository}/commit/${sha}` });
      response.end();
      return;
    }
    if (change[3] === 'pullrequests' && request.method === 'POST') {
      const body = (await readJson(request)) as { title?: string; description?: string; source?: { branch?: { name?: string } }; destination?: { branch?: { name?: string } } };
      const source = changeRepo.branches.find((b) => b.name === body.source?.branch?.name);
      const target = changeRepo.branches.find((b) => b.name === (body.destination?.branch?.name ?? changeRepo.defaultBranch));
      if (!source || !target || !body.title) return sendJson(response, 400, { type: 'error', error: { message: 'source: branch not found' } });
      const id = state.pullRequests.filter((p) => p.host === 'bitbucket-cloud' && p.repository === repository).length + 1;
      const url = `https://bitbucket.org/${repository}/pull-requests/${id}`;
      state.pullRequests.push({ host: 'bitbucket-cloud', repository, number: id, title: body.title, body: body.description ?? '', head: source.name, base: target.name, url, files: state.filesSince(source.commit, target.commit) });
      return sendJson(response, 201, {
        type: 'pullrequest',
        id,
        title: body.title,
        state: 'OPEN',
        source: { branch: { name: source.name } },
        destination: { branch: { name: target.name } },
        links: { html: { href: url }, self: { href: `${base}/repositories/${repository}/pullrequests/${id}` } },
      });
    }
  }
  const repoPath = /^\/repositories\/([^/]+)\/([^/]+)\/(refs\/branches|pullrequests\/(\d+)\/comments(?:\/(\d+))?)$/.exec(path);
  const repo = repoPath && state.options.repositories.find((r) => r.owner === decodeURIComponent(repoPath[1] ?? '') && r.name === decodeURIComponent(repoPath[2] ?? ''));
  if (!repoPath || !repo) return sendJson(response, 404, { type: 'error', error: { message: 'Repository not found' } });
  if (repoPath[3] === 'refs/branches') {
    return sendJson(response, 200, pageOf(repo.branches.map((b) => ({ type: 'branch', name: b.name, target: { type: 'commit', hash: b.commit } }))));
  }
  const repository = `${repo.owner}/${repo.name}`;
  if (repoPath[5] !== undefined && request.method === 'PUT') {
    const comment = state.commentOf('bitbucket-cloud', repository, Number(repoPath[4]), repoPath[5]);
    if (!comment) return sendJson(response, 404, { type: 'error', error: { message: 'No Comment matches the given query.' } });
    const body = (await readJson(request)) as { content: { raw: string } };
    state.editComment(comment, body.content.raw);
    return sendJson(response, 200, { type: 'pullrequest_comment', id: comment.id, content: { raw: comment.body, markup: 'markdown' } });
  }
  if (repoPath[5] === undefined && request.method === 'POST') {
    const body = (await readJson(request)) as { content: { raw: string } };
    const comment = state.addComment('bitbucket-cloud', repository, Number(repoPath[4]), body.content.raw);
    return sendJson(response, 201, { type: 'pullrequest_comment', id: comment.id, content: { raw: comment.body, markup: 'markdown' } });
  }
  sendJson(response, 404, { type: 'error', error: { message: 'Resource not found' } });
}

/** Bitbucket Data Center 1.0: `{values, isLastPage, nextPageStart}` pages, X-AUSERNAME, `{errors: [{message}]}` errors. */
export async function handleBitbucketDataCenter(state: StandInState, request: IncomingMessage, response: ServerResponse, url: URL, base: string): Promise<void> {
  if (!accepted(state, request)) {
    return sendJson(response, 401, { errors: [{ context: null, message: 'Authentication failed. Please check your credentials and try again.', exceptionName: 'com.atlassian.bitbucket.auth.IncorrectPasswordAuthenticationException' }] });
  }
  if (state.overLimit()) {
    return sendJson(response, 429, { errors: [{ context: null, message: 'You have been rate limited.', exceptionName: null }] }, { 'Retry-After': '5', 'X-RateLimit-Limit': '60' });
  }
  const user = { 'X-AUSERNAME': state.options.username ?? 'terrace' };
  const path = url.pathname.replace(/^\/rest\/api\/1\.0/, '');
  const pageOf = <T>(items: T[]) => {
    const start = Number(url.searchParams.get('start') ?? '0');
    const limit = Math.min(Number(url.searchParams.get('limit') ?? '25'), state.pageSize);
    const values = items.slice(start, start + limit);
    const isLastPage = start + limit >= items.length;
    return { size: values.length, limit, start, isLastPage, values, ...(isLastPage ? {} : { nextPageStart: start + limit }) };
  };
  if (path === '/repos') {
    return sendJson(
      response,
      200,
      pageOf(
        state.options.repositories.map((r) => ({
          slug: r.name,
          name: r.name,
          project: { key: r.owner },
          public: r.isPrivate === false,
          links: {
            clone: [
              { name: 'http', href: r.httpUrl ?? `${base}/scm/${r.owner.toLowerCase()}/${r.name}.git` },
              { name: 'ssh', href: r.sshUrl ?? `ssh://git@bitbucket.example.com:7999/${r.owner.toLowerCase()}/${r.name}.git` },
            ],
          },
        })),
      ),
      user,
    );
  }
  const change = /^\/projects\/([^/]+)\/repos\/([^/]+)\/(branches|pull-requests|browse\/(.+))$/.exec(path);
  const changeRepo = change && state.options.repositories.find((r) => r.owner === decodeURIComponent(change[1] ?? '') && r.name === decodeURIComponent(change[2] ?? ''));
  const dcError = (status: number, message: string, exceptionName: string) => sendJson(response, status, { errors: [{ context: null, message, exceptionName }] }, user);
  if (change && changeRepo && request.method !== 'GET') {
    const repository = `${changeRepo.owner}/${changeRepo.name}`;
    const branchName = (ref: string | undefined) => (ref ?? '').replace(/^refs\/heads\//, '');
    if (change[3] === 'branches' && request.method === 'POST') {
      const body = (await readJson(request)) as { name?: string; startPoint?: string };
      const start = changeRepo.branches.find((b) => b.name === branchName(body.startPoint) || b.commit === body.startPoint);
      if (!body.name || !start) return dcError(400, 'The start point does not exist.', 'com.atlassian.bitbucket.repository.NoSuchCommitException');
      if (changeRepo.branches.some((b) => b.name === body.name)) {
        return dcError(409, `Branch '${body.name}' already exists in repository '${changeRepo.name}'.`, 'com.atlassian.bitbucket.repository.DuplicateRefException');
      }
      changeRepo.branches.push({ name: body.name, commit: start.commit });
      return sendJson(response, 200, { id: `refs/heads/${body.name}`, displayId: body.name, type: 'BRANCH', latestCommit: start.commit, latestChangeset: start.commit, isDefault: false }, user);
    }
    if (change[4] !== undefined && request.method === 'PUT') {
      const form = await readForm(request);
      const branch = changeRepo.branches.find((b) => b.name === String(form.get('branch') ?? ''));
      if (!branch) return dcError(404, `Branch '${String(form.get('branch'))}' does not exist.`, 'com.atlassian.bitbucket.repository.NoSuchBranchException');
      if (String(form.get('sourceCommitId') ?? '') !== branch.commit) {
        return dcError(409, 'The file has been updated since you last viewed it.', 'com.atlassian.bitbucket.content.FileContentModificationOutOfDateException');
      }
      const content = form.get('content');
      const text = content === null ? '' : typeof content === 'string' ? content : await content.text();
      const sha = state.addCommit(branch.commit, [{ path: decodeURIComponent(change[4]), content: text }]);
      branch.commit = sha;
      const message = String(form.get('message') ?? '');
      return sendJson(response, 200, { id: sha, displayId: sha.slice(0, 11), message, parents: [{ id: state.commits.get(sha)?.parent ?? '' }] }, user);
    }
    if (change[3] === 'pull-requests' && request.method === 'POST') {
      const body = (await readJson(request)) as { title?: string; description?: string; fromRef?: { id?: string }; toRef?: { id?: string } };
      const source = changeRepo.branches.find((b) => b.name === branchName(body.fromRef?.id));
      const target = changeRepo.branches.find((b) => b.name === branchName(body.toRef?.id));
      if (!source || !target || !body.title) return dcError(400, 'The pull request refs are invalid.', 'com.atlassian.bitbucket.pull.InvalidPullRequestRefsException');
      const id = state.pullRequests.filter((p) => p.host === 'bitbucket-data-center' && p.repository === repository).length + 1;
      const url = `${base}/projects/${changeRepo.owner}/repos/${changeRepo.name}/pull-requests/${id}`;
      state.pullRequests.push({ host: 'bitbucket-data-center', repository, number: id, title: body.title, body: body.description ?? '', head: source.name, base: target.name, url, files: state.filesSince(source.commit, target.commit) });
      const ref = (b: { name: string; commit: string }) => ({ id: `refs/heads/${b.name}`, displayId: b.name, latestCommit: b.commit, repository: { slug: changeRepo.name, project: { key: changeRepo.owner } } });
      return sendJson(response, 201, { id, version: 0, title: body.title, description: body.description ?? '', state: 'OPEN', open: true, fromRef: ref(source), toRef: ref(target), links: { self: [{ href: url }] } }, user);
    }
  }
  const repoPath = /^\/projects\/([^/]+)\/repos\/([^/]+)\/(branches|pull-requests\/(\d+)\/comments(?:\/(\d+))?)$/.exec(path);
  const repo = repoPath && state.options.repositories.find((r) => r.owner === decodeURIComponent(repoPath[1] ?? '') && r.name === decodeURIComponent(repoPath[2] ?? ''));
  if (!repoPath || !repo) {
    return sendJson(response, 404, { errors: [{ context: null, message: 'Repository does not exist.', exceptionName: 'com.atlassian.bitbucket.repository.NoSuchRepositoryException' }] });
  }
  if (repoPath[3] === 'branches') {
    return sendJson(response, 200, pageOf(repo.branches.map((b) => ({ id: `refs/heads/${b.name}`, displayId: b.name, latestCommit: b.commit, isDefault: b.name === repo.defaultBranch }))), user);
  }
  const repository = `${repo.owner}/${repo.name}`;
  const commentJson = (c: { id: number; version: number; body: string }) => ({ id: c.id, version: c.version, text: c.body, author: { name: user['X-AUSERNAME'] } });
  if (repoPath[5] !== undefined) {
    const comment = state.commentOf('bitbucket-data-center', repository, Number(repoPath[4]), repoPath[5]);
    if (!comment) {
      return sendJson(response, 404, { errors: [{ context: null, message: `Comment ${repoPath[5]} does not exist.`, exceptionName: 'com.atlassian.bitbucket.comment.NoSuchCommentException' }] });
    }
    if (request.method === 'GET') return sendJson(response, 200, commentJson(comment), user);
    if (request.method === 'PUT') {
      const body = (await readJson(request)) as { text: string; version: number };
      if (body.version !== comment.version) {
        return sendJson(response, 409, { errors: [{ context: null, message: 'You are attempting to modify a comment based on out-of-date information.', exceptionName: 'com.atlassian.bitbucket.comment.CommentOutOfDateException' }] });
      }
      return sendJson(response, 200, commentJson(state.editComment(comment, body.text)), user);
    }
  }
  if (repoPath[5] === undefined && request.method === 'POST') {
    const body = (await readJson(request)) as { text: string };
    return sendJson(response, 201, commentJson(state.addComment('bitbucket-data-center', repository, Number(repoPath[4]), body.text)), user);
  }
  sendJson(response, 404, { errors: [{ message: 'Not found' }] });
}
