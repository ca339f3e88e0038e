import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | undefined>;
  body: string;
}

export interface StateBackend {
  origin: string;
  /** address, lock_address, unlock_address of one state. */
  addresses: { address: string; lockAddress: string; unlockAddress: string };
  readonly requests: RecordedRequest[];
  /** The stored state (null: none yet → GET answers 204). */
  state: string | null;
  /** The current lock's LockInfo JSON, if any. */
  lock: string | null;
  close(): Promise<void>;
}

/**
 * A minimal HTTP state backend as GitLab's and Terrace's behave (204 when there is no state, LOCK
 * with a LockInfo, 423 + the holder when locked, POST ?ID=, UNLOCK by ID or forced with an empty
 * body), recording every request so tests can check what the client sent.
 */
export async function startStateBackend(options: { password?: string } = {}): Promise<StateBackend> {
  const backend = {
    requests: [] as RecordedRequest[],
    state: null as string | null,
    lock: null as string | null,
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://x');
      const body = Buffer.concat(chunks).toString('utf8');
      backend.requests.push({
        method: request.method ?? '',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: { authorization: request.headers.authorization, 'content-type': request.headers['content-type'], 'content-md5': request.headers['content-md5'] as string | undefined },
        body,
      });
      if (options.password !== undefined) {
        const expected = `Basic ${Buffer.from(`terraform:${options.password}`).toString('base64')}`;
        if (request.headers.authorization !== expected) {
          response.writeHead(401).end();
          return;
        }
      }
      const heldId = backend.lock ? (JSON.parse(backend.lock) as { ID: string }).ID : null;
      switch (request.method) {
        case 'GET':
          if (backend.state === null) response.writeHead(204).end();
          else response.writeHead(200, { 'Content-Type': 'application/json' }).end(backend.state);
          return;
        case 'POST':
          if (heldId && url.searchParams.get('ID') !== heldId) {
            response.writeHead(409, { 'Content-Type': 'application/json' }).end(backend.lock);
            return;
          }
          backend.state = body;
          response.writeHead(200).end();
          return;
        case 'LOCK': {
          const id = (JSON.parse(body) as { ID: string }).ID;
          if (heldId && heldId !== id) {
            response.writeHead(423, { 'Content-Type': 'application/json' }).end(backend.lock);
            return;
          }
          backend.lock = body;
          response.writeHead(200).end();
          return;
        }
        case 'UNLOCK': {
          const id = body.trim() === '' ? null : (JSON.parse(body) as { ID?: string }).ID;
          if (id !== null && heldId && id !== heldId) {
            response.writeHead(409, { 'Content-Type': 'application/json' }).end(backend.lock);
            return;
          }
          backend.lock = null;
          response.writeHead(200).end();
          return;
        }
        default:
          response.writeHead(405).end();
      }
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(backend, {
    origin,
    addresses: { address: `${origin}/state/stk-1`, lockAddress: `${origin}/state/stk-1`, unlockAddress: `${origin}/state/stk-1` },
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  });
}
