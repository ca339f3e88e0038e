import { existsSync, readFileSync } from 'node:fs';
import { randomFillSync } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { Actor } from '../permissions/actor';
import type { PermissionEngine } from '../permissions/permission-engine';
import { DomainError } from './domain-error';
import { errorEnvelope } from './envelope';
import { mapDomainError, toDomainError } from './error-mapping';
import type { OpenApiDocument } from './openapi-document';
import type { OperationRegistry } from './operation-registry';
import { registerOperations } from './register-operations';
import { clientErrorHandler, frameworkErrors } from './request-edge';
import { consolePageFor, isConsolePath, readConsoleFiles, sendConsoleFile } from './static-console';
import { terraformDiscoveryDocument } from './terraform-discovery';

export interface HttpAppOptions {
  document: OpenApiDocument;
  registry: OperationRegistry;
  engine: PermissionEngine;
  authenticate: (token: string) => Promise<Actor | null>;
  actorsChanged?: () => void;
  logger: FastifyBaseLogger;
  /** '/api' on the console listener; '' on a listener dedicated to the API. */
  apiPrefix: string;
  /** The built console (served at / with SPA fallback), or undefined on an API-only listener. */
  consoleDist: string | undefined;
  /** The API reference page built from the description (`nx run openapi:build`), served at /api-reference. */
  apiReferenceFile?: string | undefined;
  bodyLimitBytes: number;
  /** The largest state file Terraform's HTTP backend may send (BODY_LIMIT_BYTES when unset). */
  stateBodyLimitBytes?: number;
  rateLimit: { max: number; windowMs: number };
  trustProxy: boolean;
  /** PEM certificate (chain) and private key: the listener serves HTTPS itself. */
  tls?: { cert: Buffer; key: Buffer } | undefined;
}

const incomingRequestId = /^[A-Za-z0-9._:-]{1,128}$/;

// Request ids take 12 random bytes each from a buffer refilled 4 KiB at a time: the same
// randomness as one randomBytes(12) per request, without a call into the random source for each.
const randomPool = Buffer.alloc(4080);
let randomOffset = randomPool.length;
export function newRequestId(): string {
  if (randomOffset + 12 > randomPool.length) {
    randomFillSync(randomPool);
    randomOffset = 0;
  }
  const id = `req-${randomPool.toString('hex', randomOffset, randomOffset + 12)}`;
  randomOffset += 12;
  return id;
}

/** The security headers of every answer (helmet: Content-Security-Policy and the rest). */
export const helmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      frameAncestors: ["'none'"],
      // Added per request below, only over HTTPS.
      upgradeInsecureRequests: null,
    },
  },
  strictTransportSecurity: false,
};

/**
 * The headers @fastify/helmet sets for these options, asked of it once on a throwaway instance.
 * They depend on nothing in the request, and the plugin rebuilds helmet's whole middleware
 * (directives parsed, a dozen closures) on every request: that cost about a tenth of a list's CPU
 * time and kept its garbage alive into the old generation. Set on the raw response, as helmet does.
 */
export async function helmetHeaders(options: typeof helmetOptions = helmetOptions): Promise<[string, string][]> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, options);
  let headers: [string, string][] = [];
  probe.get('/', (_request, reply) => {
    headers = Object.entries(reply.raw.getHeaders()).map(([name, value]) => [name, String(value)]);
    return reply.send('');
  });
  await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  if (!headers.some(([name]) => name === 'content-security-policy')) throw new Error('helmet set no Content-Security-Policy');
  return headers;
}

const consoleMissingPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Terrace</title></head>
<body><main><h1>Terrace</h1><p>The API is running under <code>/api</code>, but the console is not built.
Run <code>npm start</code> from the repository root (it builds the console when apps/console exists),
or <code>npx nx run console:build</code>.</p></main></body></html>
`;

/**
 * Every route under the API prefix must come from the description (registerOperations marks its
 * routes with their operationId): a route added any other way would escape validation, the
 * permission engine and the contract tests, so registering one fails the start-up.
 */
export function guardUndeclaredRoutes(app: FastifyInstance, apiPrefix: string): void {
  app.addHook('onRoute', (route) => {
    const underApi = apiPrefix === '' || route.url === apiPrefix || route.url.startsWith(`${apiPrefix}/`);
    const operationId = (route.config as { operationId?: string } | undefined)?.operationId;
    if (underApi && !operationId && route.method !== 'HEAD') {
      throw new Error(`Route ${String(route.method)} ${route.url} is not an operation of the OpenAPI description`);
    }
  });
}

export async function createHttpApp(options: HttpAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...(options.tls ? { https: { cert: options.tls.cert, key: options.tls.key } } : {}),
    loggerInstance: options.logger,
    bodyLimit: options.bodyLimitBytes,
    trustProxy: options.trustProxy,
    // A caller's x-request-id is kept when it is well-formed, so logs correlate across services.
    genReqId: (req) => {
      const sent = req.headers['x-request-id'];
      return typeof sent === 'string' && incomingRequestId.test(sent) ? sent : newRequestId();
    },
    routerOptions: { ignoreTrailingSlash: true },
    // Errors raised before routing (a malformed URL, an over-long parameter, a request Node's
    // parser refuses) answer in the envelope too (request-edge.ts).
    frameworkErrors,
    clientErrorHandler,
  });

  guardUndeclaredRoutes(app, options.apiPrefix);
  // The request id and the security headers on every answer; synchronous hooks (no promise per request).
  const securityHeaders = await helmetHeaders();
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    for (const [name, value] of securityHeaders) reply.raw.setHeader(name, value);
    done();
  });
  // HSTS and upgrade-insecure-requests only when this request came over HTTPS (TLS on this
  // listener, or X-Forwarded-Proto from a trusted proxy with TRUST_PROXY): sent over plain HTTP
  // they would turn a console opened as http://host:3000 into https:// requests nobody answers.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.protocol === 'https') {
      void reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
      const csp = reply.getHeader('content-security-policy');
      if (typeof csp === 'string' && !csp.includes('upgrade-insecure-requests')) {
        void reply.header('content-security-policy', `${csp};upgrade-insecure-requests`);
      }
    }
    done(null, payload);
  });
  // Only the operations marked x-rate-limited are limited (sign-in, recovery, invites, tokens).
  await app.register(rateLimit, { global: false });

  app.setErrorHandler((error, request, reply) => {
    const domain = toDomainError(error);
    if (domain) {
      const { status, item, retryAfterSeconds } = mapDomainError(domain);
      if (status >= 500) request.log.warn({ code: item.code }, item.message);
      if (retryAfterSeconds !== undefined) void reply.header('retry-after', String(retryAfterSeconds));
      return reply.code(status).send(errorEnvelope(request.id, [item]));
    }
    request.log.error({ err: error }, 'Unhandled error');
    return reply
      .code(500)
      .send(errorEnvelope(request.id, [{ code: 'internal_error', message: 'Internal Server Error', field: null }]));
  });

  await app.register(
    async (api) => {
      registerOperations(api, options);
    },
    { prefix: options.apiPrefix },
  );

  const referenceFile = options.apiReferenceFile;
  if (referenceFile && existsSync(referenceFile)) {
    const referenceHtml = readFileSync(referenceFile, 'utf8');
    // The reference page is one self-contained file whose renderer runs inline and in a worker.
    app.get('/api-reference', (_request, reply) =>
      reply
        .header(
          'content-security-policy',
          "default-src 'self'; script-src 'self' 'unsafe-inline' blob:; worker-src 'self' blob:; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; frame-ancestors 'none'",
        )
        .type('text/html; charset=utf-8')
        .send(referenceHtml),
    );
  }

  // Terraform looks for service discovery at the root of the host, whatever the API prefix.
  app.get('/.well-known/terraform.json', { config: { operationId: 'discoverTerraformServices' } }, (_request, reply) =>
    reply
      .header('cache-control', 'no-cache')
      .send(terraformDiscoveryDocument(options.registry, { apiPrefix: options.apiPrefix, console: options.consoleDist !== undefined })),
  );

  const consoleFiles = options.consoleDist ? readConsoleFiles(options.consoleDist) : undefined;
  const isApiPath = (url: string) =>
    options.apiPrefix === '' || url === options.apiPrefix || url.startsWith(`${options.apiPrefix}/`) || url.startsWith(`${options.apiPrefix}?`);
  const notFound = (request: FastifyRequest, reply: FastifyReply) => {
    const { status, item } = mapDomainError(
      new DomainError('not_found', `No operation ${request.method} ${request.url.split('?')[0]}`),
    );
    return reply.code(status).send(errorEnvelope(request.id, [item]));
  };

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (isApiPath(request.url) || options.consoleDist === undefined) return notFound(request, reply);
    if (request.method === 'GET' || request.method === 'HEAD') {
      if (consoleFiles) {
        const file = consoleFiles.files.get(pathname);
        if (file) return sendConsoleFile(request, reply, file);
        // Client-side routes (/app/..., /auth/...) all load the single page.
        if (isConsolePath(pathname)) return sendConsoleFile(request, reply, consolePageFor(consoleFiles, pathname));
      } else if (isConsolePath(pathname)) {
        return reply.code(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(consoleMissingPage);
      }
    }
    // Anything else is neither the console nor an operation: a missing asset or a mistyped URL
    // answers 404 in the envelope, not the console's page with 200.
    return notFound(request, reply);
  });

  return app;
}
