import { createHash, randomUUID } from 'node:crypto';
import { connect } from 'node:net';

/**
 * Terraform's and OpenTofu's HTTP-backend client on the wire (internal/backend/remote-state/http
 * client.go over go-retryablehttp and Go's net/http), for replaying their exact requests against
 * the real server: the request line, `Host` and `User-Agent` first, the other headers in Go's
 * canonical spelling and sorted order, `Accept-Encoding: gzip` from the transport, a body with
 * `Content-Type: application/json`, its `Content-Length` and `Content-MD5`, and no
 * `Content-Length` at all for a request without a body on a method other than POST/PUT/PATCH.
 */

export interface WireAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export interface WireRequest {
  method: string;
  path: string;
  /** Basic credentials as the backend's `username` / `password`; absent: none (an empty username sends none). */
  basic?: { username: string; password: string };
  /** A body (Terraform sets Content-Type, Content-Length and Content-MD5 for it). */
  body?: Buffer | string;
  /** Extra headers, written as given (`Content-Type` without a body for terraform's force-unlock). */
  headers?: Record<string, string>;
  userAgent?: string;
}

/** Sends one request over a fresh connection and reads the whole answer. */
export function sendWire(port: number, request: WireRequest): Promise<WireAnswer> {
  const headers: Record<string, string> = {};
  if (request.basic && request.basic.username !== '') {
    headers['Authorization'] = `Basic ${Buffer.from(`${request.basic.username}:${request.basic.password}`).toString('base64')}`;
  }
  let body: Buffer = Buffer.alloc(0);
  if (request.body !== undefined) {
    body = Buffer.isBuffer(request.body) ? request.body : Buffer.from(request.body, 'utf8');
    headers['Content-Type'] = 'application/json';
    headers['Content-Md5'] = createHash('md5').update(body).digest('base64');
    if (body.length > 0 || ['POST', 'PUT', 'PATCH'].includes(request.method)) headers['Content-Length'] = String(body.length);
  }
  Object.assign(headers, request.headers);
  const lines = [
    `${request.method} ${request.path} HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    `User-Agent: ${request.userAgent ?? 'Terraform/1.14.9'}`,
    ...Object.keys(headers)
      .sort()
      .map((name) => `${name}: ${headers[name]}`),
    'Accept-Encoding: gzip',
    'Connection: close',
  ];
  const raw = Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), body]);
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(raw));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      try {
        resolve(parseAnswer(Buffer.concat(chunks)));
      } catch (error) {
        reject(error as Error);
      }
    });
  });
}

function parseAnswer(data: Buffer): WireAnswer {
  const end = data.indexOf('\r\n\r\n');
  if (end < 0) throw new Error(`No HTTP answer: ${data.toString('latin1').slice(0, 200)}`);
  const [statusLine, ...headerLines] = data.subarray(0, end).toString('latin1').split('\r\n');
  const status = Number(statusLine?.split(' ')[1]);
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = data.subarray(end + 4);
  if (headers['transfer-encoding'] === 'chunked') {
    const parts: Buffer[] = [];
    let rest = body;
    for (;;) {
      const lineEnd = rest.indexOf('\r\n');
      const size = parseInt(rest.subarray(0, lineEnd).toString('latin1'), 16);
      if (!size) break;
      parts.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
      rest = rest.subarray(lineEnd + 2 + size + 2);
    }
    body = Buffer.concat(parts);
  }
  return { status, headers, body };
}

/** Terraform's LockInfo (statemgr.LockInfo) as Go's encoder writes it. */
export function lockInfo(overrides: Partial<Record<'ID' | 'Operation' | 'Info' | 'Who' | 'Version' | 'Created' | 'Path', string>> = {}) {
  return JSON.stringify({
    ID: randomUUID(),
    Operation: 'OperationTypeApply',
    Info: '',
    Who: 'alice@laptop',
    Version: '1.14.9',
    Created: '2026-11-23T10:00:00.123456789Z',
    Path: '',
    ...overrides,
  });
}

export interface StateFileOptions {
  serial: number;
  lineage: string;
  outputs?: Record<string, { value: unknown; type: unknown; sensitive?: boolean }>;
  resources?: unknown[];
  terraformVersion?: string;
}

/** A state file (format 4) as Terraform writes it: two-space indentation and a final newline. */
export function stateFile(options: StateFileOptions): string {
  return `${JSON.stringify(
    {
      version: 4,
      terraform_version: options.terraformVersion ?? '1.14.9',
      serial: options.serial,
      lineage: options.lineage,
      outputs: options.outputs ?? {},
      resources: options.resources ?? [],
      check_results: null,
    },
    null,
    2,
  )}\n`;
}

/** A managed resource with `count` instances. */
export const managedResource = (name: string, count = 1) => ({
  mode: 'managed',
  type: 'null_resource',
  name,
  provider: 'provider["registry.terraform.io/hashicorp/null"]',
  instances: Array.from({ length: count }, (_, i) => ({ index_key: i, schema_version: 0, attributes: { id: `${name}-${i}` }, sensitive_attributes: [] })),
});
