import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseContentCoding, inlineScriptSources } from './static-console';
import { createTestApi, type TestApi } from '../testing/test-api';

// A console build as `nx run console:build` writes it: hashed files under assets/ with their
// brotli and gzip copies, index.html (with its copies) and a public file without copies.
const indexHtml = '<!doctype html><html><head><title>console</title></head><body><div id="root"></div></body></html>';
const entryJs = `export const routes = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `route-${i}`))};`;
const authHtml = indexHtml.replace('</head>', '<link rel="modulepreload" href="/assets/auth-layout-1.js"></head>');
// The settings script the console's build writes inline into its pages (apps/console first-paint.ts).
const inlineScript = 'document.documentElement.dir="rtl";';
const loginHtml = authHtml.replace('</head>', `<script>${inlineScript}</script><link rel="modulepreload" href="/assets/login-page-1.js"></head>`);
let dist: string;
let api: TestApi;

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'console-dist-'));
  await mkdir(join(dist, 'assets'));
  const withCopies = async (path: string, content: string) => {
    await writeFile(path, content);
    await writeFile(`${path}.br`, brotliCompressSync(content));
    await writeFile(`${path}.gz`, gzipSync(content));
  };
  await withCopies(join(dist, 'index.html'), indexHtml);
  await withCopies(join(dist, 'assets/index-Ab12Cd34.js'), entryJs);
  await writeFile(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await mkdir(join(dist, 'routes'));
  await mkdir(join(dist, '.vite'));
  await writeFile(join(dist, '.vite/manifest.json'), '{}');
  await withCopies(join(dist, 'routes/auth.html'), authHtml);
  await withCopies(join(dist, 'routes/auth-login.html'), loginHtml);
  await writeFile(
    join(dist, 'routes/preloads.json'),
    JSON.stringify([
      { prefix: '/auth/login', html: '/routes/auth-login.html' },
      { prefix: '/auth', html: '/routes/auth.html' },
    ]),
  );
  api = await createTestApi({ http: { consoleDist: dist } });
});
afterAll(async () => {
  await api.close();
  await rm(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => api.app.inject({ method: 'GET', url, headers });

describe('the console files', () => {
  it('sends the brotli copy built beside a file when the client accepts br, gzip when only that', async () => {
    const br = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toBe('Accept-Encoding');
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(entryJs);

    const gzip = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['vary']).toBe('Accept-Encoding');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(entryJs);

    const refused = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'br;q=0, gzip;q=0.5' });
    expect(refused.headers['content-encoding']).toBe('gzip');

    const plain = await get('/assets/index-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toBe('Accept-Encoding');
    expect(plain.body).toBe(entryJs);
    // The copies are never served under their own names.
    expect((await get('/assets/index-Ab12Cd34.js.br')).statusCode).toBe(404);
  });

  it('lets browsers keep hashed assets for a year and revalidate index.html and public files', async () => {
    const asset = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'br' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/index.html', '/app/namespaces', '/auth/login', '/favicon.svg']) {
      expect((await get(url, { 'accept-encoding': 'br' })).headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('answers 304 to a revalidation whose ETag still matches', async () => {
    const first = await get('/', { 'accept-encoding': 'gzip' });
    expect(first.headers['content-encoding']).toBe('gzip');
    const again = await get('/', { 'accept-encoding': 'gzip', 'if-none-match': String(first.headers['etag']) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    // Another coding is another representation, with its own tag.
    const other = await get('/', { 'accept-encoding': 'br', 'if-none-match': String(first.headers['etag']) });
    expect(other.statusCode).toBe(200);
  });

  it('sends the copy of the page that preloads the chunks of the longest matching route prefix', async () => {
    const expected: Record<string, string> = {
      '/auth/login': loginHtml,
      '/auth/login?redirect=%2Fapp%2Fnamespaces': loginHtml,
      '/auth/login-1': authHtml,
      '/auth/signup': authHtml,
      '/auth': authHtml,
      '/app/namespaces': indexHtml,
      '/': indexHtml,
    };
    for (const [url, html] of Object.entries(expected)) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(html);
    }
    // Build metadata is not served.
    expect((await get('/.vite/manifest.json')).statusCode).toBe(404);
  });

  it("allows a page's own inline scripts by their hash, and no inline script on other answers", async () => {
    const scriptSrc = (policy: unknown) => String(policy).split(';').find((d) => d.startsWith('script-src'));
    const hash = `'sha256-${createHash('sha256').update(inlineScript).digest('base64')}'`;
    expect(scriptSrc((await get('/auth/login')).headers['content-security-policy'])).toBe(`script-src 'self' ${hash}`);
    for (const url of ['/auth/signup', '/app/namespaces', '/assets/index-Ab12Cd34.js', '/api/org']) {
      expect(scriptSrc((await get(url)).headers['content-security-policy']), url).toBe("script-src 'self'");
    }
    // An inline script with other content (or an attribute src) is not allowed by it.
    expect(inlineScriptSources('<script src="/x.js"></script><script>a()</script>')).toEqual([
      `'sha256-${createHash('sha256').update('a()').digest('base64')}'`,
    ]);
  });

  it('loads the single page on every console path, and 404s in the envelope anywhere else', async () => {
    for (const url of ['/', '/app', '/app/', '/app/namespaces', '/app/namespace/ns-abc?tab=stacks']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(indexHtml);
    }
    for (const url of ['/favicon.ico', '/assets/gone-123.js', '/robots.txt', '/.well-known/security.txt', '/application', '/wp-login.php']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('application/json');
      expect(res.json(), url).toMatchObject({
        request: { id: expect.any(String) },
        response: { items: [], errors: [{ code: 'not_found', field: null }] },
      });
    }
    expect((await api.app.inject({ method: 'POST', url: '/app/namespaces' })).statusCode).toBe(404);
  });

  it('prefers brotli, then gzip, and honours q=0 and *', () => {
    expect(chooseContentCoding('gzip, br', ['br', 'gzip'])).toBe('br');
    expect(chooseContentCoding('gzip, br', ['gzip'])).toBe('gzip');
    expect(chooseContentCoding('br;q=0, *', ['br', 'gzip'])).toBe('gzip');
    expect(chooseContentCoding('identity', ['br', 'gzip'])).toBe('identity');
    expect(chooseContentCoding(undefined, ['br', 'gzip'])).toBe('identity');
    expect(chooseContentCoding('*;q=0', ['br', 'gzip'])).toBe('identity');
  });
});

describe('HTTPS-only headers', () => {
  it('sends neither HSTS nor upgrade-insecure-requests over plain HTTP', async () => {
    for (const url of ['/', '/api/org']) {
      const res = await get(url);
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
      expect(String(res.headers['content-security-policy']), url).not.toContain('upgrade-insecure-requests');
    }
    // X-Forwarded-Proto counts only from a trusted proxy (TRUST_PROXY).
    const forged = await get('/', { 'x-forwarded-proto': 'https' });
    expect(forged.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends both when a trusted proxy says the request came over HTTPS', async () => {
    const proxied = await createTestApi({ http: { consoleDist: dist, trustProxy: true } });
    try {
      for (const url of ['/', '/api/org']) {
        const res = await proxied.app.inject({ method: 'GET', url, headers: { 'x-forwarded-proto': 'https' } });
        expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
        expect(String(res.headers['content-security-policy']), url).toContain('upgrade-insecure-requests');
      }
      const plain = await proxied.app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'http' } });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });
});

describe('Terraform service discovery at the root of the host', () => {
  it('answers the discovery document as JSON, not the console, and nothing under /api', async () => {
    const res = await get('/.well-known/terraform.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    // login.v1 beside the console; neither modules.v1 (no registry answers yet) nor the TFE API
    // bases state.v2 / tfe.v2* (the state is served through the http backend instead).
    expect(res.json()).toEqual({
      'login.v1': {
        client: 'terraform-cli',
        grant_types: ['authz_code'],
        authz: '/app/personalAccessToken/terraformLogin',
        token: '/api/oauth/token',
        ports: [10000, 10010],
      },
    });
    expect((await get('/api/.well-known/terraform.json')).statusCode).toBe(404);
  });

  it('announces login.v1 only once both of its operations are implemented', async () => {
    const withoutLogin = await createTestApi({
      http: { consoleDist: dist },
      registry: (registry) => {
        const { exchangeTerraformLoginCode: _exchange, ...rest } = registry;
        return rest;
      },
    });
    try {
      const res = await withoutLogin.app.inject({ method: 'GET', url: '/.well-known/terraform.json' });
      expect(res.json()).toEqual({});
    } finally {
      await withoutLogin.close();
    }
  });

  it('is served at the root of an API-only listener too, without login.v1 (its page is the console’s)', async () => {
    const apiOnly = await createTestApi({ http: { consoleDist: undefined, apiPrefix: '' } });
    try {
      const res = await apiOnly.app.inject({ method: 'GET', url: '/.well-known/terraform.json' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({});
      const other = await apiOnly.app.inject({ method: 'GET', url: '/anything' });
      expect(other.statusCode).toBe(404);
      expect(other.json().response.errors[0].code).toBe('not_found');
      expect((await apiOnly.app.inject({ method: 'GET', url: '/org' })).statusCode).toBe(401);
    } finally {
      await apiOnly.close();
    }
  });
});
