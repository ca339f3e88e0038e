import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { readJson, sendJson, type StandInState } from './stand-in-state';

const docs = 'https://docs.github.com/rest';

/** GitHub REST v3 as api.github.com answers: Link paging, `{message, documentation_url}` errors, x-ratelimit-* headers. */
export async function handleGithub(state: StandInState, request: IncomingMessage, response: ServerResponse, url: URL, base: string): Promise<void> {
  const path = url.pathname;
  const auth = request.headers.authorization ?? '';
  const bearer = auth.startsWith('Bearer ') ? auth.slice(7) : '';
  const app = state.options.githubApp;

  if (path === '/app' || /^\/app\/installations\/[^/]+\/access_tokens$/.test(path)) {
    if (!state.verifyAppJwt(bearer)) {
      sendJson(response, 401, { message: 'A JSON web token could not be decoded', documentation_url: docs });
      return;
    }
    if (path === '/app') {
      sendJson(response, 200, { id: Number(app?.appId), slug: 'terrace-app', name: 'Terrace' });
      return;
    }
    if (request.method !== 'POST' || !path.includes(`/installations/${app?.installationId}/`)) {
      sendJson(response, 404, { message: 'Not Found', documentation_url: docs });
      return;
    }
    const token = `ghs_${randomBytes(12).toString('hex')}`;
    state.installationTokens.add(token);
    sendJson(response, 201, { token, expires_at: new Date(Date.now() + 3600_000).toISOString(), permissions: { contents: 'read' } });
    return;
  }

  const authorised = bearer === state.options.token || state.installationTokens.has(bearer);
  if (!authorised) {
    sendJson(response, 401, { message: 'Bad credentials', documentation_url: docs, status: '401' });
    return;
  }
  if (state.overLimit()) {
    sendJson(response, 403, { message: 'API rate limit exceeded for user ID 1.', documentation_url: docs }, {
      'x-ratelimit-limit': '5000',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 120),
    });
    return;
  }
  const rateHeaders = { 'x-ratelimit-limit': '5000', 'x-ratelimit-remaining': String(state.remaining()) };
  const pageOf = <T>(items: T[]) => {
    const page = Number(url.searchParams.get('page') ?? '1');
    const last = Math.max(1, Math.ceil(items.length / state.pageSize));
    const link = (p: number) => {
      const u = new URL(url.toString());
      u.searchParams.set('page', String(p));
      return `<${base}${u.pathname}${u.search}>`;
    };
    const links = page < last ? [`${link(page + 1)}; rel="next"`, `${link(last)}; rel="last"`] : [];
    return { body: state.page(items, page), headers: links.length ? { ...rateHeaders, link: links.join(', ') } : rateHeaders };
  };
  const repoJson = (r: (typeof state.options.repositories)[number]) => ({
    id: 1,
    name: r.name,
    full_name: `${r.owner}/${r.name}`,
    private: r.isPrivate ?? true,
    owner: { login: r.owner },
    default_branch: r.defaultBranch,
    clone_url: r.httpUrl ?? `https://github.com/${r.owner}/${r.name}.git`,
    ssh_url: r.sshUrl ?? `git@github.com:${r.owner}/${r.name}.git`,
  });

  if (path === '/user') return sendJson(response, 200, { login: 'octo-terrace', id: 1 }, rateHeaders);
  const org = /^\/orgs\/([^/]+)(\/repos)?$/.exec(path);
  if (org) {
    const repos = state.options.repositories.filter((r) => r.owner === decodeURIComponent(org[1] ?? ''));
    if (repos.length === 0) return sendJson(response, 404, { message: 'Not Found', documentation_url: docs });
    if (!org[2]) return sendJson(response, 200, { login: org[1] }, rateHeaders);
    const { body, headers } = pageOf(repos.map(repoJson));
    return sendJson(response, 200, body, headers);
  }
  if (path === '/user/repos') {
    const { body, headers } = pageOf(state.options.repositories.map(repoJson));
    return sendJson(response, 200, body, headers);
  }
  if (path === '/installation/repositories') {
    const { body, headers } = pageOf(state.options.repositories.map(repoJson));
    return sendJson(response, 200, { total_count: state.options.repositories.length, repositories: body }, headers);
  }
  const gitData = /^\/repos\/([^/]+)\/([^/]+)\/(git\/ref\/heads\/(.+)|git\/commits\/([0-9a-f]+)|git\/trees|git\/commits|git\/refs|pulls)$/.exec(path);
  const dataRepo = gitData && state.options.repositories.find((r) => r.owner === decodeURIComponent(gitData[1] ?? '') && r.name === decodeURIComponent(gitData[2] ?? ''));
  if (gitData && dataRepo) {
    const notFound = () => sendJson(response, 404, { message: 'Not Found', documentation_url: docs, status: '404' });
    const unprocessable = (message: string) => sendJson(response, 422, { message, documentation_url: docs, status: '422' });
    const what = gitData[3] ?? '';
    const repository = `${dataRepo.owner}/${dataRepo.name}`;
    if (what.startsWith('git/ref/heads/') && request.method === 'GET') {
      const branch = dataRepo.branches.find((b) => b.name === decodeURIComponent(gitData[4] ?? ''));
      if (!branch) return notFound();
      return sendJson(response, 200, { ref: `refs/heads/${branch.name}`, object: { sha: branch.commit, type: 'commit' } }, rateHeaders);
    }
    if (gitData[5] !== undefined && request.method === 'GET') {
      const sha = gitData[5];
      const known = dataRepo.branches.some((b) => b.commit === sha) || state.commits.has(sha);
      if (!known) return notFound();
      return sendJson(response, 200, { sha, tree: { sha: `tree-of-${sha}` }, parents: [] }, rateHeaders);
    }
    if (what === 'git/trees' && request.method === 'POST') {
      const body = (await readJson(request)) as { base_tree?: string; tree?: { path: string; mode: string; type: string; content?: string; sha?: string | null }[] };
      if (!body.base_tree || !Array.isArray(body.tree)) return unprocessable('Invalid request.');
      const sha = state.newSha();
      state.trees.set(sha, { baseTree: body.base_tree, files: body.tree.map((e) => ({ path: e.path, content: e.sha === null ? null : (e.content ?? '') })) });
      return sendJson(response, 201, { sha, tree: [] }, rateHeaders);
    }
    if (what === 'git/commits' && request.method === 'POST') {
      const body = (await readJson(request)) as { message?: string; tree?: string; parents?: string[] };
      const tree = body.tree ? state.trees.get(body.tree) : undefined;
      if (!tree || !body.message || body.parents?.length !== 1) return unprocessable('Invalid request.');
      const sha = state.newSha();
      state.commits.set(sha, { sha, parent: body.parents[0] as string, files: tree.files });
      return sendJson(response, 201, { sha, message: body.message }, rateHeaders);
    }
    if (what === 'git/refs' && request.method === 'POST') {
      const body = (await readJson(request)) as { ref?: string; sha?: string };
      const name = body.ref?.replace(/^refs\/heads\//, '');
      if (!name || !body.sha || !state.commits.has(body.sha)) return unprocessable('Object does not exist');
      if (dataRepo.branches.some((b) => b.name === name)) return unprocessable('Reference already exists');
      dataRepo.branches.push({ name, commit: body.sha });
      return sendJson(response, 201, { ref: body.ref, object: { sha: body.sha, type: 'commit' } }, rateHeaders);
    }
    if (what === 'pulls' && request.method === 'POST') {
      const body = (await readJson(request)) as { title?: string; head?: string; base?: string; body?: string };
      const head = dataRepo.branches.find((b) => b.name === body.head);
      if (!body.title || !head || !dataRepo.branches.some((b) => b.name === body.base)) return unprocessable('Validation Failed');
      const number = state.pullRequests.filter((p) => p.host === 'github' && p.repository === repository).length + 1;
      const url = `https://github.com/${repository}/pull/${number}`;
      state.pullRequests.push({ host: 'github', repository, number, title: body.title, body: body.body ?? '', head: head.name, base: body.base as string, url, files: state.commits.get(head.commit)?.files ?? [] });
      return sendJson(response, 201, { number, html_url: url, state: 'open', head: { ref: head.name, sha: head.commit }, base: { ref: body.base } }, rateHeaders);
    }
  }
  const repoPath = /^\/repos\/([^/]+)\/([^/]+)\/(branches|issues\/(\d+)\/comments|issues\/comments\/(\d+))$/.exec(path);
  const repo = repoPath && state.options.repositories.find((r) => r.owner === decodeURIComponent(repoPath[1] ?? '') && r.name === decodeURIComponent(repoPath[2] ?? ''));
  if (repoPath && repo) {
    if (repoPath[3] === 'branches') {
      const { body, headers } = pageOf(repo.branches.map((b) => ({ name: b.name, commit: { sha: b.commit, url: '' }, protected: false })));
      return sendJson(response, 200, body, headers);
    }
    const repository = `${repo.owner}/${repo.name}`;
    if (repoPath[5] !== undefined && request.method === 'PATCH') {
      const comment = state.comments[Number(repoPath[5]) - 1];
      if (!comment || comment.host !== 'github' || comment.repository !== repository) return sendJson(response, 404, { message: 'Not Found', documentation_url: docs });
      const { body } = (await readJson(request)) as { body: string };
      state.editComment(comment, body);
      return sendJson(response, 200, { id: comment.id, body: comment.body, updated_at: new Date().toISOString() }, rateHeaders);
    }
    if (repoPath[4] !== undefined && request.method === 'POST') {
      const { body } = (await readJson(request)) as { body: string };
      const comment = state.addComment('github', repository, Number(repoPath[4]), body);
      return sendJson(response, 201, { id: comment.id, node_id: `IC_${comment.id}`, body, user: { login: 'octo-terrace' }, created_at: new Date().toISOString() }, rateHeaders);
    }
  }
  sendJson(response, 404, { message: 'Not Found', documentation_url: docs, status: '404' });
}
