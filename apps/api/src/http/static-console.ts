import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The built console, read once at start: every file with the brotli and gzip copies the console
 * build wrote beside it (`<file>.br`, `<file>.gz`), so nothing is compressed per request.
 */
export interface ConsoleFiles {
  /** `/assets/index-abc123.js` → the file. */
  files: Map<string, ConsoleFile>;
  index: ConsoleFile;
  /**
   * Copies of index.html that preload what a route's first render loads on demand, by path
   * prefix, longest first (`routes/preloads.json`, written by apps/console/route-preloads.ts).
   */
  routePages: { prefix: string; page: ConsoleFile }[];
}

interface Representation {
  body: Buffer;
  etag: string;
}

interface ConsoleFile {
  type: string;
  cacheControl: string;
  /**
   * A page's inline scripts, as Content-Security-Policy sources (`'sha256-…'`): the console's
   * build writes the script that applies the stored theme, direction and language before the
   * first paint into its pages (apps/console first-paint.ts), where a script file would delay
   * that paint by a request. Only these exact scripts run inline; the policy allows no other.
   */
  inlineScripts?: string[];
  identity: Representation;
  br?: Representation;
  gzip?: Representation;
}

export type ContentCoding = 'br' | 'gzip' | 'identity';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/**
 * Vite writes every file it names with a content hash under assets/: such a file never changes
 * under its name, so browsers keep it for a year without asking. Everything else (index.html,
 * the favicon) is revalidated on every use (ETag, 304).
 */
export const immutableCacheControl = 'public, max-age=31536000, immutable';
export const revalidateCacheControl = 'no-cache';

function representation(body: Buffer, suffix: string): Representation {
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 22);
  return { body, etag: `"${hash}${suffix}"` };
}

/** The CSP hash sources of an HTML page's inline `<script>` elements (those without `src`). */
export function inlineScriptSources(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, code]) => `'sha256-${createHash('sha256').update(code ?? '').digest('base64')}'`,
  );
}

/** A Content-Security-Policy with `sources` added to its script-src directive. */
export function withScriptSources(policy: string, sources: string[]): string {
  if (sources.length === 0) return policy;
  return policy
    .split(';')
    .map((directive) => (/^\s*script-src\s/.test(directive) ? `${directive} ${sources.join(' ')}` : directive))
    .join(';');
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/** Reads the built console; undefined when it is not built (no index.html). */
export function readConsoleFiles(dist: string): ConsoleFiles | undefined {
  if (!existsSync(join(dist, 'index.html'))) return undefined;
  const all = walk(dist);
  const present = new Set(all);
  const files = new Map<string, ConsoleFile>();
  for (const path of all) {
    // Build metadata (`.vite/`) is not the console's to serve.
    if (relative(dist, path).split(sep).some((part) => part.startsWith('.'))) continue;
    if (path.endsWith('.br') || path.endsWith('.gz')) {
      // A compressed copy is served in place of its original, never under its own name.
      if (present.has(path.slice(0, -3))) continue;
    }
    const url = `/${relative(dist, path).split(sep).join('/')}`;
    const body = readFileSync(path);
    const file: ConsoleFile = {
      type: types[extname(path).toLowerCase()] ?? 'application/octet-stream',
      cacheControl: url.startsWith('/assets/') ? immutableCacheControl : revalidateCacheControl,
      identity: representation(body, ''),
    };
    if (file.type.startsWith('text/html')) {
      const inlineScripts = inlineScriptSources(body.toString('utf8'));
      if (inlineScripts.length > 0) file.inlineScripts = inlineScripts;
    }
    if (present.has(`${path}.br`)) file.br = representation(readFileSync(`${path}.br`), '-br');
    if (present.has(`${path}.gz`)) file.gzip = representation(readFileSync(`${path}.gz`), '-gz');
    files.set(url, file);
  }
  const index = files.get('/index.html');
  if (!index) return undefined;
  const routePages: ConsoleFiles['routePages'] = [];
  const preloads = files.get('/routes/preloads.json');
  if (preloads) {
    const listed = JSON.parse(preloads.identity.body.toString('utf8')) as { prefix: string; html: string }[];
    for (const { prefix, html } of listed) {
      const page = files.get(html);
      if (page) routePages.push({ prefix, page });
    }
    routePages.sort((a, b) => b.prefix.length - a.prefix.length);
  }
  return { files, index, routePages };
}

/** The page for a console path: the copy of index.html for the longest matching prefix, if any. */
export function consolePageFor(consoleFiles: ConsoleFiles, pathname: string): ConsoleFile {
  const match = consoleFiles.routePages.find(({ prefix }) => pathname === prefix || pathname.startsWith(`${prefix}/`));
  return match?.page ?? consoleFiles.index;
}

/**
 * The coding to send, from Accept-Encoding (RFC 9110 §12.5.3): brotli before gzip when both are
 * acceptable, identity otherwise. `q=0` refuses a coding; `*` stands for the ones not named.
 */
export function chooseContentCoding(acceptEncoding: string | undefined, available: ContentCoding[]): ContentCoding {
  if (!acceptEncoding) return 'identity';
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    weights.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const weight = (coding: string) => weights.get(coding) ?? weights.get('*') ?? 0;
  for (const coding of ['br', 'gzip'] as const) {
    if (available.includes(coding) && weight(coding) > 0) return coding;
  }
  return 'identity';
}

function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** Sends one file of the console in the coding the client accepts. */
export function sendConsoleFile(request: FastifyRequest, reply: FastifyReply, file: ConsoleFile): FastifyReply {
  const available: ContentCoding[] = [...(file.br ? ['br' as const] : []), ...(file.gzip ? ['gzip' as const] : [])];
  const coding = chooseContentCoding(request.headers['accept-encoding'], available);
  const chosen = coding === 'br' ? file.br : coding === 'gzip' ? file.gzip : file.identity;
  const sent = chosen ?? file.identity;
  void reply.header('content-type', file.type).header('cache-control', file.cacheControl).header('etag', sent.etag);
  const policy = reply.getHeader('content-security-policy');
  if (file.inlineScripts && typeof policy === 'string') {
    void reply.header('content-security-policy', withScriptSources(policy, file.inlineScripts));
  }
  // Caches must keep one copy per coding whenever the answer depends on Accept-Encoding.
  if (available.length) void reply.header('vary', 'Accept-Encoding');
  if (coding !== 'identity') void reply.header('content-encoding', coding);
  if (etagMatches(request.headers['if-none-match'], sent.etag)) return reply.code(304).send();
  return reply.code(200).send(sent.body);
}

/**
 * The console's own paths (spec §2): `/` (which redirects to /app), the authenticated base
 * `/app` and the sign-in base `/auth`, with everything under them. Each loads the single page;
 * any other path that is not a file of the build is not the console's.
 */
export function isConsolePath(pathname: string): boolean {
  return pathname === '/' || /^\/(app|auth)(\/|$)/.test(pathname);
}
