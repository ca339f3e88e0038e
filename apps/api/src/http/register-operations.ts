import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../permissions/actor';
import { isPermission, type PermissionEngine } from '../permissions/permission-engine';
import { parseCookies } from './cookies';
import { DomainError, forbidden, unauthenticated } from './domain-error';
import { successEnvelope } from './envelope';
import { listOperations, toRoutePath, type OpenApiDocument, type OperationSpec } from './openapi-document';
import type { ErasedDefinition, OperationRegistry, RawAnswer } from './operation-registry';
import { rawBodyOf, registerBodyParsers } from './request-edge';
import { buildRequestValidator, createAjv } from './request-validation';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on every route built from the description (see guardUndeclaredRoutes). */
    operationId?: string;
  }
}

export interface OperationRoutesOptions {
  document: OpenApiDocument;
  registry: OperationRegistry;
  engine: PermissionEngine;
  authenticate: (token: string) => Promise<Actor | null>;
  /** Called after any operation that may change who an actor is: every non-GET, every public one. */
  actorsChanged?: () => void;
  rateLimit: { max: number; windowMs: number };
  /** The largest state file Terraform's HTTP backend may send (the state operations' own limit). */
  stateBodyLimitBytes?: number;
}

/**
 * Checks the handlers against the description before anything listens: a handler without an
 * operation, or whose security differs from the declared one, or an undeclared permission,
 * stops the start-up.
 */
export function checkRegistry(operations: OperationSpec[], typedRegistry: OperationRegistry): void {
  const registry: Record<string, ErasedDefinition | undefined> = typedRegistry;
  const byId = new Map(operations.map((op) => [op.operationId, op]));
  const problems: string[] = [];
  for (const [id, definition] of Object.entries(registry)) {
    if (!definition) continue;
    const op = byId.get(id);
    if (!op) problems.push(`handler '${id}' has no operation in the description`);
    else if (op.security !== definition.security) {
      problems.push(`handler '${id}' is ${definition.security} but the operation declares x-security: ${op.security}`);
    }
  }
  // Every operation, implemented or not, names a permission of the shared access model
  // (@terrace/domain), so the console and the server read the same names.
  for (const op of operations) {
    if (!isPermission(op.permission) && op.permission !== 'public') {
      problems.push(`${op.operationId}: unknown x-permission '${op.permission}'`);
    }
    if ((op.permission === 'public') !== (op.security === 'public')) {
      problems.push(`${op.operationId}: x-permission public goes with x-security public only`);
    }
  }
  if (problems.length) throw new Error(`The handlers do not match the OpenAPI description:\n  ${problems.join('\n  ')}`);
}

/** A signal aborted when the client's connection closes before the answer was sent (a killed runner's long poll). */
function clientGone(request: FastifyRequest, reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  const socket = request.raw.socket as (typeof request.raw.socket & { destroyed?: boolean }) | undefined;
  const onClose = () => {
    if (!reply.raw.writableFinished) controller.abort();
  };
  reply.raw.once('close', onClose);
  if (socket?.destroyed) controller.abort();
  return controller.signal;
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * The credential of Terraform's HTTP backend: the password of Basic credentials (the user name
 * is not used; Terraform sends none when it is empty), or a bearer token.
 */
export function stateCredential(header: string | undefined): string | null {
  if (!header) return null;
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (basic?.[1]) {
    const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    const password = colon < 0 ? '' : decoded.slice(colon + 1);
    return password === '' ? null : password;
  }
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return bearer?.[1] ?? null;
}

/** Sends an answer outside the envelope, as the handler built it. */
export function sendRaw(reply: FastifyReply, answer: RawAnswer) {
  void reply.code(answer.status);
  for (const [name, value] of Object.entries(answer.headers ?? {})) void reply.header(name, value);
  return answer.body === undefined ? reply.send() : reply.send(answer.body);
}

/**
 * Terraform's HTTP backend (`x-security: state`), in its own context: the body is kept as raw
 * bytes whatever its content type (a state is stored byte for byte, and terraform's force-unlock
 * sends an empty body labelled application/json), the limit is the state's own, and the WebDAV
 * methods LOCK and UNLOCK answer beside the operation's declared method.
 */
function registerStateOperations(app: FastifyInstance, ops: OperationSpec[], options: OperationRoutesOptions, validators: ReturnType<typeof validatorsFor>) {
  const registry: Record<string, ErasedDefinition | undefined> = options.registry;
  void app.register(async (state) => {
    state.removeAllContentTypeParsers();
    state.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: options.stateBodyLimitBytes }, (_request, body, done) => done(null, body));
    for (const method of ['LOCK', 'UNLOCK']) {
      // Shared by the whole server: declared once, with a body (Terraform sends its LockInfo).
      if (!(state.supportedMethods as string[]).includes(method)) state.addHttpMethod(method, { hasBody: true });
    }
    for (const op of ops) {
      const validator = validators(op);
      const definition = registry[op.operationId];
      const handler = async (request: FastifyRequest, reply: FastifyReply) => {
        const credential = stateCredential(request.headers.authorization);
        if (!credential) throw unauthenticated('Authentication is required: a personal access token or a job token as the password of Basic credentials');
        const params = validator.params(request.params);
        const query = validator.query(request.query);
        if (!definition) {
          throw new DomainError('not_implemented', `${op.method.toUpperCase()} ${op.path} (${op.operationId}) is not implemented yet`);
        }
        if (definition.security !== 'state') throw new Error(`${op.operationId} is not a state operation`);
        const md5 = request.headers['content-md5'];
        const answer = await definition.handle({
          requestId: request.id,
          method: request.method,
          params,
          query,
          body: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          contentType: request.headers['content-type'] ?? null,
          contentMd5: typeof md5 === 'string' && md5 !== '' ? md5 : null,
          credential,
          ip: request.ip,
        });
        return sendRaw(reply, answer);
      };
      const methods = [op.method.toUpperCase(), ...(op.webdavMethod ? [op.webdavMethod] : [])];
      state.route({
        method: methods as 'GET'[],
        url: toRoutePath(op.path),
        bodyLimit: options.stateBodyLimitBytes,
        config: { operationId: op.operationId },
        handler,
      });
    }
  });
}

function validatorsFor(document: OpenApiDocument) {
  const parameterAjv = createAjv(document, { coerceTypes: true, useDefaults: true });
  const bodyAjv = createAjv(document, { coerceTypes: false, useDefaults: false });
  return (op: OperationSpec) => buildRequestValidator(op, parameterAjv, bodyAjv);
}

/** Registers every operation of the description; those without a handler answer 501. */
export function registerOperations(app: FastifyInstance, options: OperationRoutesOptions): void {
  const operations = listOperations(options.document);
  checkRegistry(operations, options.registry);
  const registry: Record<string, ErasedDefinition | undefined> = options.registry;
  const validators = validatorsFor(options.document);
  registerStateOperations(app, operations.filter((op) => op.security === 'state'), options, validators);
  registerBodyParsers(app);
  // Identity providers post SAML responses as an HTML form; only operations that declare a form
  // body accept one (for the others it fails their `{entity}` schema).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  for (const op of operations) {
    // Terraform's discovery document lives at the host's root, outside the prefix (create-http-app).
    if (op.atHostRoot || op.security === 'state') continue;
    const validator = validators(op);
    const definition = registry[op.operationId];
    const permission = op.permission;
    const mayChangeActors = (op.method !== 'get' && op.security !== 'runner') || op.security === 'public';

    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const token = bearerToken(request);
      let actor: Actor | null = null;
      // Runner-protocol handlers check the runner's (or job's) token themselves.
      if (op.security !== 'public' && op.security !== 'runner') {
        actor = token ? await options.authenticate(token) : null;
        if (!actor) throw unauthenticated(token ? 'The session token is invalid or expired' : 'Authentication is required');
        // An operation without a handler answers 501 after validation (below), whatever its permission.
        if (definition && (await options.engine.decideForOrganization(actor, permission)) === 'deny') {
          throw forbidden();
        }
      }
      const params = validator.params(request.params);
      const query = validator.query(request.query);
      const body = validator.body(request.body) as { entity?: unknown } | undefined;
      // Bad input is refused (4xx) even where the operation is not implemented yet.
      if (!definition) {
        throw new DomainError('not_implemented', `${op.method.toUpperCase()} ${op.path} (${op.operationId}) is not implemented yet`);
      }
      const operationRequest = {
        requestId: request.id,
        params,
        query,
        entity: body?.entity,
        body,
        bearerToken: token,
        cookies: parseCookies(request.headers.cookie),
        ip: request.ip,
        headers: request.headers,
        rawBody: rawBodyOf(request),
        signal: clientGone(request, reply),
      };
      let result;
      try {
        if (definition.security === 'state') throw new Error(`${op.operationId} is declared ${op.security} but handled as a state operation`);
        result =
          definition.security === 'public' || definition.security === 'runner'
            ? await definition.handle(operationRequest)
            : await definition.handle(actor as Actor, operationRequest);
      } finally {
        if (mayChangeActors) options.actorsChanged?.();
      }
      if ('raw' in result) return sendRaw(reply, result.raw);
      if (result.setCookies?.length) void reply.header('set-cookie', result.setCookies);
      if (result.redirect !== undefined) return reply.redirect(result.redirect, 303);
      return reply.code(200).send(successEnvelope(request.id, result.items, result.paging));
    };

    app.route({
      method: op.method.toUpperCase() as 'GET',
      url: toRoutePath(op.path),
      config: {
        operationId: op.operationId,
        ...(op.rateLimited ? { rateLimit: { max: options.rateLimit.max, timeWindow: options.rateLimit.windowMs } } : {}),
      },
      handler,
    });
  }
}
