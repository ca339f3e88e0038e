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
