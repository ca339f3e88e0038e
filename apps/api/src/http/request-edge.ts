import { randomBytes } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from './domain-error';
import { errorEnvelope } from './envelope';
import { mapDomainError } from './error-mapping';

/**
 * What happens to a request before an operation sees it: the body parsers of the API, and the
 * answers Fastify and Node give on their own (a malformed URL, an over-long path parameter, a
 * request the HTTP parser refuses). Every one of them answers in the envelope with a request id.
 */

/** The deepest JSON the API accepts. Every shape of the description nests far less than this. */
export const maxJsonDepth = 64;

/**
 * Finds the nesting depth of a JSON text without parsing it, so that a body of thousands of
 * nested arrays is refused before JSON.parse, the validator or any recursive walk sees it.
 * Brackets inside strings do not count. Stops as soon as the limit is passed.
 */
export function exceedsJsonDepth(text: string, limit = maxJsonDepth): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > limit) return true;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      depth--;
    }
  }
  return false;
}

const rawBodies = new WeakMap<FastifyRequest, Buffer>();

/** The body's bytes exactly as they arrived (JSON bodies), for signature checks. */
export const rawBodyOf = (request: FastifyRequest): Buffer | undefined => rawBodies.get(request);

/**
 * The API's body parsers (registered inside the API plugin, so the console is untouched):
 *  - JSON: an empty body is no body (clients send `Content-Type: application/json` on every call,
 *    DELETE and GET included); too deep a body is refused before it is parsed; otherwise Fastify's
 *    own parser (prototype-poisoning protection included).
 *  - Any other media type: an empty body is no body; a body is refused (400, not JSON).
 */
export function registerBodyParsers(api: FastifyInstance): void {
  const parseJson = api.getDefaultJsonParser('error', 'error');
  api.removeContentTypeParser(['application/json', 'text/plain']);
  api.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    // The bytes as sent are kept for the operations that check a signature over them (webhooks).
    rawBodies.set(request, body as Buffer);
    const text = (body as Buffer).toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    if (exceedsJsonDepth(text)) {
      return done(new DomainError('bad_request', `The request body is nested deeper than ${maxJsonDepth} levels`), undefined);
    }
    return parseJson(request, text, done);
  });
  api.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => {
    if ((body as string).length === 0) return done(null, undefined);
    return done(new DomainError('bad_request', 'The request body must be application/json'), undefined);
  });
}

function sendError(reply: FastifyReply, error: DomainError) {
  const { status, item } = mapDomainError(error);
  return reply.code(status).header('x-request-id', reply.request.id).send(errorEnvelope(reply.request.id, [item]));
}

/**
 * Fastify's `frameworkErrors`: a path whose percent-encoding does not decode, or whose parameter
 * is longer than the router keeps. Both are the client's mistake: 400 in the envelope.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return sendError(reply, new DomainError('validation', 'A path parameter is longer than the API accepts'));
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    return sendError(reply, new DomainError('bad_request', 'The path is not valid percent-encoded UTF-8'));
  }
  return sendError(reply, new DomainError('bad_request', 'The request is malformed'));
}

/**
 * Node's `clientError`: the HTTP parser refused the request (headers or URL too long, a method or
 * header it cannot read). No request exists yet; the answer is written to the socket directly,
 * still in the envelope, with a fresh request id.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) {
    socket.destroy();
    return;
  }
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const message =
    status === 431
      ? 'The request line or headers are larger than the server accepts'
      : status === 408
        ? 'The request took too long to arrive'
        : 'The request is not valid HTTP';
  const id = `req-${randomBytes(12).toString('hex')}`;
  const body = JSON.stringify(
    errorEnvelope(id, [{ code: status === 408 ? 'timeout' : 'bad_request', message, field: null }]),
  );
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Bad Request'}\r\n` +
      'Connection: close\r\n' +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      `x-request-id: ${id}\r\n` +
      '\r\n' +
      body,
  );
}
