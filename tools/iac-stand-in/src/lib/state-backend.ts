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
  /**
   * Every state by its path (`/state/stk-1`, a terragrunt unit's `/state/stk-1/unit/prod%2Fvpc`; a
   * `…/lock` lock address is its state's); `state` and `lock` are those of `/state/stk-1`.
   */
  readonly states: Map<string, string>;
  readonly locks: Map<string, string>;
  close(): Promise<void>;
}

/**
 * A minimal HTTP state backend as GitLab's and Terrace's behave (204 when there is no state, LOCK
 * with a LockInfo, 423 + the holder when locked, POST ?ID=, UNLOCK by ID or forced with an empty
 * body), recording every request so tests can check what the client sent.
 */
export async function startStateBackend(options: { password?: string } = {}): Promise<StateBackend> {
  const root = '/state/stk-1';
  const states = new Map<string, string>();
  const locks = new Map<string, string>();
  const slot = (map: Map<string, string>, key: string) => ({
    get: () => map.get(key) ?? null,
    set: (value: string | null) => (value === null ? map.delete(key) : map.set(key, value)),
  });
  const backend = { requests: [] as RecordedRequest[], states, locks } as { requests: RecordedRequest[]; states: Map<string, string>; locks: Map<string, string>; state: string | null; lock: string | null };
  Object.defineProperty(backend, 'state', { ...slot(states, root), enumerable: true });
  Object.defineProperty(backend, 'lock', { ...slot(locks, root), enumerable: true });
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
      const key = url.pathname.replace(/\/lock$/, '');
      const state = slot(states, key);
      const lock = slot(locks, key);
      const heldId = lock.get() ? (JSON.parse(lock.get() ?? '{}') as { ID: string }).ID : null;
      switch (request.method) {
        case 'GET':
          if (state.get() === null) response.writeHead(204).end();
          else response.writeHead(200, { 'Content-Type': 'application/json' }).end(state.get());
          return;
        case 'POST':
          if (heldId && url.searchParams.get('ID') !== heldId) {
            response.writeHead(409, { 'Content-Type': 'application/json' }).end(lock.get() ?? '');
            return;
          }
          state.set(body);
          response.writeHead(200).end();
          return;
        case 'LOCK': {
          const id = (JSON.parse(body) as { ID: string }).ID;
          if (heldId && heldId !== id) {
            response.writeHead(423, { 'Content-Type': 'application/json' }).end(lock.get() ?? '');
            return;
          }
          lock.set(body);
          response.writeHead(200).end();
          return;
        }
        case 'UNLOCK': {
          const id = body.trim() === '' ? null : (JSON.parse(body) as { ID?: string }).ID;
          if (id !== null && heldId && id !== heldId) {
            response.writeHead(409, { 'Content-Type': 'application/json' }).end(lock.get() ?? '');
            return;
          }
          lock.set(null);
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
    addresses: { address: `${origin}${root}`, lockAddress: `${origin}${root}`, unlockAddress: `${origin}${root}` },
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  });
}
