import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { request } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config';
import { createTestApi, type TestApi } from '../testing/test-api';

// TLS served by the server itself (TLS_CERT_FILE, TLS_KEY_FILE): Terraform reads service
// discovery and runs `terraform login` over https:// only.

let dir: string;
let cert: Buffer;
let api: TestApi;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'terrace-tls-'));
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
    '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1',
    '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'),
  ], { stdio: 'ignore' });
  cert = await readFile(join(dir, 'cert.pem'));
  api = await createTestApi({ http: { tls: { cert, key: await readFile(join(dir, 'key.pem')) } } });
  await api.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await api.close();
  await rm(dir, { recursive: true, force: true });
});

function get(path: string): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  const { port } = api.app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, servername: 'localhost', ca: cert }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    })
      .on('error', reject)
      .end();
  });
}

describe('TLS', () => {
  it('serves HTTPS itself with the configured certificate: discovery as JSON, HSTS on', async () => {
    const discovery = await get('/.well-known/terraform.json');
    expect(discovery.status).toBe(200);
    expect(discovery.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(typeof JSON.parse(discovery.body)).toBe('object');
    expect(discovery.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('reads TLS_CERT_FILE and TLS_KEY_FILE together, and neither alone', () => {
    expect(loadConfig({}).tls).toBeUndefined();
    expect(loadConfig({ TLS_CERT_FILE: '/etc/terrace/cert.pem', TLS_KEY_FILE: '/etc/terrace/key.pem' }).tls).toEqual({
      certFile: '/etc/terrace/cert.pem',
      keyFile: '/etc/terrace/key.pem',
    });
    expect(() => loadConfig({ TLS_CERT_FILE: '/etc/terrace/cert.pem' })).toThrow(/TLS_CERT_FILE, TLS_KEY_FILE/);
    expect(loadConfig({}).stateBodyLimitBytes).toBe(64 * 1024 * 1024);
  });
});
