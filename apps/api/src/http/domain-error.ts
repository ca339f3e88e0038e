/** What went wrong, in domain terms; the HTTP edge (error-mapping.ts) turns it into the catalogue. */
export type DomainErrorKind =
  | 'validation'
  | 'bad_request'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'already_exists'
  | 'conflict'
  | 'payload_too_large'
  | 'rate_limited'
  | 'not_implemented';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    readonly field: string | null = null,
    /** rate_limited only: seconds until a retry can succeed, sent as Retry-After. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const validationError = (message: string, field: string | null = null) =>
  new DomainError('validation', message, field);
/** "Namespace not found: ns-…": clients match the "<What> not found" part of the message. */
export const notFound = (what: string, id: string) => new DomainError('not_found', `${what} not found: ${id}`);
export const alreadyExists = (message: string, field: string | null = null) =>
  new DomainError('already_exists', message, field);
export const forbidden = (message = 'User is not authorized to perform this action') =>
  new DomainError('forbidden', message);
export const unauthenticated = (message = 'Authentication is required') => new DomainError('unauthenticated', message);
export const badRequest = (message: string, field: string | null = null) =>
  new DomainError('bad_request', message, field);
