import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { timingSafeEqual } from 'node:crypto';

export interface GitHttpServerOptions {
  /** The directory whose bare repositories (`<name>.git`) are served. */
  root: string;
  /** When set, every request must carry these basic-auth credentials (as git hosts ask for a token). */
  credentials?: { username: string; password: string };
}

export interface GitHttpServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** The clone URL of `<root>/<name>.git`. */
  urlOf(name: string): string;
  /** Authorization headers seen, for tests that prove credentials travelled. */
  readonly authorizations: string[];
  close(): Promise<void>;
}

/**
 * Serves real repositories over HTTP on loopback through git's own CGI program,
 * `git http-backend` (Debian's git), so tests exercise the real smart-HTTP protocol (v2
 * included) and partial clone, exactly as a git host would answer.
 */
export async function startGitHttpServer(options: GitHttpServerOptions): Promise<GitHttpServer> {
  const authorizations: string[] = [];
  const server = createServer((request, response) => {
    const authorization = request.headers.authorization ?? '';
    if (authorization) authorizations.push(authorization);
    if (options.credentials && !matchesBasic(authorization, options.credentials)) {
      response.writeHead(401, { 'WWW-Authenticate': 'Basic realm="git"', 'Content-Type': 'text/plain' });
      response.end('Authentication required');
      return;
    }
    serveThroughBackend(options.root, request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    urlOf: (name) => `${origin}/${name}.git`,
    authorizations,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function matchesBasic(header: string, expected: { username: string; password: string }): boolean {
  const want = Buffer.from(`Basic ${Buffer.from(`${expected.username}:${expected.password}`).toString('base64')}`);
  const got = Buffer.from(header);
  return got.length === want.length && timingSafeEqual(got, want);
}

function serveThroughBackend(root: string, request: IncomingMessage, response: ServerResponse): void {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const child = spawn('git', ['http-backend'], {
    env: {
      PATH: process.env['PATH'] ?? '/usr/bin:/bin',
      GIT_PROJECT_ROOT: root,
      GIT_HTTP_EXPORT_ALL: '1',
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_CONFIG_GLOBAL: '/dev/null',
      // What the big hosts allow: partial clone (filter) and fetching a commit by id.
      GIT_CONFIG_COUNT: '3',
      GIT_CONFIG_KEY_0: 'uploadpack.allowFilter',
      GIT_CONFIG_VALUE_0: 'true',
      GIT_CONFIG_KEY_1: 'uploadpack.allowAnySHA1InWant',
      GIT_CONFIG_VALUE_1: 'true',
      GIT_CONFIG_KEY_2: 'http.receivepack',
      GIT_CONFIG_VALUE_2: 'true',
      PATH_INFO: decodeURIComponent(url.pathname),
      QUERY_STRING: url.search.replace(/^\?/, ''),
      REQUEST_METHOD: request.method ?? 'GET',
      CONTENT_TYPE: request.headers['content-type'] ?? '',
      REMOTE_USER: 'git',
      REMOTE_ADDR: request.socket.remoteAddress ?? '127.0.0.1',
      ...(request.headers['content-encoding'] ? { HTTP_CONTENT_ENCODING: String(request.headers['content-encoding']) } : {}),
      ...(request.headers['git-protocol'] ? { GIT_PROTOCOL: String(request.headers['git-protocol']) } : {}),
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  request.pipe(child.stdin);
  child.stderr.resume();
  let head = Buffer.alloc(0);
  let headersSent = false;
  child.stdout.on('data', (chunk: Buffer) => {
    if (headersSent) {
      response.write(chunk);
      return;
    }
    head = Buffer.concat([head, chunk]);
    const crlf = head.indexOf('\r\n\r\n');
    const lf = head.indexOf('\n\n');
    const end = crlf >= 0 && (lf < 0 || crlf < lf) ? crlf : lf;
    if (end < 0) return;
    const separator = end === crlf ? 4 : 2;
    const headers: Record<string, string> = {};
    let status = 200;
    for (const line of head.subarray(0, end).toString('latin1').split(/\r?\n/)) {
      const colon = line.indexOf(':');
      if (colon < 0) continue;
      const name = line.slice(0, colon).trim();
      const value = line.slice(colon + 1).trim();
      if (name.toLowerCase() === 'status') status = Number.parseInt(value, 10);
      else headers[name] = value;
    }
    response.writeHead(status, headers);
    headersSent = true;
    response.write(head.subarray(end + separator));
  });
  child.on('close', () => {
    if (!headersSent) response.writeHead(502);
    response.end();
  });
  child.on('error', () => {
    if (!headersSent) response.writeHead(500);
    response.end();
  });
}
