import { DomainError, type DomainErrorKind } from './domain-error';

export type ErrorCode =
  | 'validation_error'
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'already_exist'
  | 'conflict'
  | 'payload_too_large'
  | 'rate_limited'
  | 'internal_error'
  | 'timeout';

export interface ErrorItem {
  code: ErrorCode;
  message: string;
  field: string | null;
}

export interface MappedError {
  status: number;
  item: ErrorItem;
  /** Sent as the Retry-After header (429 of a counted limit). */
  retryAfterSeconds?: number;
}

/** The one place where domain errors become HTTP statuses and catalogue codes. */
export function mapDomainError(error: DomainError): MappedError {
  const kind: DomainErrorKind = error.kind;
  const item = (code: ErrorCode): ErrorItem => ({ code, message: error.message, field: error.field });
  switch (kind) {
    case 'validation':
      return { status: 400, item: item('validation_error') };
    case 'bad_request':
      return { status: 400, item: item('bad_request') };
    case 'unauthenticated':
      return { status: 401, item: item('unauthorized') };
    case 'forbidden':
      return { status: 403, item: item('forbidden') };
    case 'not_found':
      return { status: 404, item: item('not_found') };
    case 'already_exists':
      return { status: 409, item: item('already_exist') };
    case 'conflict':
      return { status: 409, item: item('conflict') };
    case 'payload_too_large':
      return { status: 413, item: item('payload_too_large') };
    case 'rate_limited':
      return {
        status: 429,
        item: item('rate_limited'),
        ...(error.retryAfterSeconds !== undefined ? { retryAfterSeconds: error.retryAfterSeconds } : {}),
      };
    case 'not_implemented':
      // The catalogue has no not_implemented code (openapi/shared is not ours to extend);
      // internal_error with an explicit message, on HTTP 501.
      return { status: 501, item: item('internal_error') };
    default: {
      const unhandled: never = kind;
      throw new Error(`Unmapped domain error kind: ${String(unhandled)}`);
    }
  }
}

interface FrameworkError {
  code?: string;
  statusCode?: number;
  message?: string;
}

/**
 * Errors raised before a handler runs (Fastify's body parser, the rate limiter) carry a status
 * code; they become domain errors here so that mapDomainError stays the only mapping.
 */
export function toDomainError(error: unknown): DomainError | undefined {
  if (error instanceof DomainError) return error;
  const e = (error ?? {}) as FrameworkError;
  switch (e.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new DomainError('payload_too_large', 'The request body is larger than the limit');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new DomainError('bad_request', 'The request body is not valid JSON');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new DomainError('bad_request', 'The request body must be application/json');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new DomainError('bad_request', 'The Content-Length header does not match the body');
    default:
      break;
  }
  if (e.statusCode === 429) return new DomainError('rate_limited', 'Too many requests, try again later');
  if (e.statusCode === 413) return new DomainError('payload_too_large', 'The request body is larger than the limit');
  if (e.statusCode === 400) return new DomainError('bad_request', 'The request is malformed');
  if (e.statusCode === 415) return new DomainError('bad_request', 'The request body must be application/json');
  return undefined;
}
