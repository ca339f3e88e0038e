import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export type TestRoute = (request: RecordedRequest, response: ServerResponse) => void;

/**
 * A tiny real HTTP server on a free port for the client's tests: it stands in for the API server
 * (built elsewhere) so the client is exercised over real sockets, with no fetch stubbing.
 */
export async function startTestServer() {
  const requests: RecordedRequest[] = [];
  let route: TestRoute = (_request, response) => {
    response.writeHead(500).end();
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(recorded);
      route(recorded, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    /** Sets how the next requests are answered. */
    answer(next: TestRoute) {
      route = next;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Writes a JSON body with the given status. */
export function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json', 'x-request-id': 'req-header' });
  response.end(JSON.stringify(body));
}

/** The wire format's error envelope. */
export function errorBody(errors: { code: string; message: string; field?: string | null }[], requestId = 'req-1') {
  return { request: { id: requestId }, response: { items: [], errors } };
}
