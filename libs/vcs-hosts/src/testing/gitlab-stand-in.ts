import type { IncomingMessage, ServerResponse } from 'node:http';
import { readJson, sendJson, type StandInState } from './stand-in-state';

/** GitLab REST v4: PRIVATE-TOKEN, x-next-page and Link paging, `{message}` errors, 429 with Retry-After and RateLimit-*. */
export async function handleGitlab(state: StandInState, request: IncomingMessage, response: ServerResponse, url: URL, base: string): Promise<void> {
  if (request.headers['private-token'] !== state.options.token) {
    return sendJson(response, 401, { message: '401 Unauthorized' });
  }
  if (state.overLimit()) {
    response.writeHead(429, {
      'Content-Type': 'text/plain',
      'Retry-After': '30',
      'RateLimit-Limit': '2000',
      'RateLimit-Remaining': '0',
      'RateLimit-Reset': String(Math.floor(Date.now() / 1000) + 30),
    });
    response.end('Retry later');
    return;
  }
  const path = url.pathname.replace(/^\/api\/v4/, '');
  const pageOf = <T>(items: T[]) => {
    const page = Number(url.searchParams.get('page') ?? '1');
    const last = Math.max(1, Math.ceil(items.length / state.pageSize));
    const headers: Record<string, string> = {
      'x-page': String(page),
      'x-per-page': String(state.pageSize),
      'x-total': String(items.length),
      'x-total-pages': String(last),
      'x-next-page': page < last ? String(page + 1) : '',
    };
    return { body: state.page(items, page), headers };
  };
  const fullName = (r: (typeof state.options.repositories)[number]) => `${r.owner}/${r.name}`;

  if (path === '/user') return sendJson(response, 200, { id: 7, username: 'terrace-bot', name: 'Terrace' });
  if (path === '/projects') {
    const { body, headers } = pageOf(
      state.options.repositories.map((r) => ({
        id: 1,
        path_with_namespace: fullName(r),
        default_branch: r.defaultBranch,
        http_url_to_repo: r.httpUrl ?? `${base}/${fullName(r)}.git`,
        ssh_url_to_repo: r.sshUrl ?? `git@gitlab.example.com:${fullName(r)}.git`,
        visibility: r.isPrivate === false ? 'public' : 'private',
      })),
    );
    return sendJson(response, 200, body, headers);
  }
  const change = /^\/projects\/([^/]+)\/(repository\/commits|merge_requests)$/.exec(path);
  const changeRepo = change && state.options.repositories.find((r) => fullName(r) === decodeURIComponent(change[1] ?? ''));
  if (change && changeRepo && request.method === 'POST') {
    const repository = fullName(changeRepo);
    if (change[2] === 'repository/commits') {
      const body = (await readJson(request)) as { branch?: string; start_branch?: string; commit_message?: string; actions?: { action: string; file_path: string; content?: string }[] };
      const start = changeRepo.branches.find((b) => b.name === body.start_branch);
      if (!body.branch || !start || !body.commit_message || !Array.isArray(body.actions)) return sendJson(response, 400, { message: 'You can only create or edit files when you are on a branch' });
      if (changeRepo.branches.some((b) => b.name === body.branch)) return sendJson(response, 400, { message: 'A branch called this already exists' });
      const sha = state.newSha();
      state.commits.set(sha, { sha, parent: start.commit, files: body.actions.map((a) => ({ path: a.file_path, content: a.action === 'delete' ? null : (a.content ?? '') })) });
      changeRepo.branches.push({ name: body.branch, commit: sha });
      return sendJson(response, 201, { id: sha, short_id: sha.slice(0, 8), title: body.commit_message.split('\n')[0] });
    }
    const body = (await readJson(request)) as { source_branch?: string; target_branch?: string; title?: string; description?: string };
    const source = changeRepo.branches.find((b) => b.name === body.source_branch);
    if (!source || !body.title || !changeRepo.branches.some((b) => b.name === body.target_branch)) return sendJson(response, 400, { message: { source_branch: ['is invalid'] } });
    const iid = state.pullRequests.filter((p) => p.host === 'gitlab' && p.repository === repository).length + 1;
    const url = `${base}/${repository}/-/merge_requests/${iid}`;
    state.pullRequests.push({ host: 'gitlab', repository, number: iid, title: body.title, body: body.description ?? '', head: source.name, base: body.target_branch as string, url, files: state.commits.get(source.commit)?.files ?? [] });
    return sendJson(response, 201, { id: 1000 + iid, iid, web_url: url, state: 'opened', source_branch: source.name, target_branch: body.target_branch });
  }
  // GitLab takes the project as its URL-encoded path: /projects/group%2Fsub%2Fproject/...
  const project = /^\/projects\/([^/]+)\/(repository\/branches|merge_requests\/(\d+)\/notes(?:\/(\d+))?)$/.exec(url.pathname.replace(/^\/api\/v4/, ''));
  const repo = project && state.options.repositories.find((r) => fullName(r) === decodeURIComponent(project[1] ?? ''));
  if (!repo || !project) return sendJson(response, 404, { message: '404 Project Not Found' });
  if (project[2] === 'repository/branches') {
    const { body, headers } = pageOf(repo.branches.map((b) => ({ name: b.name, commit: { id: b.commit }, default: b.name === repo.defaultBranch })));
    return sendJson(response, 200, body, headers);
  }
  if (project[4] !== undefined && request.method === 'PUT') {
    const note = state.commentOf('gitlab', fullName(repo), Number(project[3]), project[4]);
    if (!note) return sendJson(response, 404, { message: '404 Not found' });
    const { body } = (await readJson(request)) as { body: string };
    state.editComment(note, body);
    return sendJson(response, 200, { id: note.id, type: null, body: note.body, noteable_type: 'MergeRequest', noteable_iid: note.number });
  }
  if (project[4] === undefined && request.method === 'POST') {
    const { body } = (await readJson(request)) as { body: string };
    const note = state.addComment('gitlab', fullName(repo), Number(project[3]), body);
    return sendJson(response, 201, { id: note.id, type: null, body, author: { username: 'terrace-bot' }, noteable_type: 'MergeRequest', noteable_iid: note.number });
  }
  sendJson(response, 404, { message: '404 Not found' });
}
