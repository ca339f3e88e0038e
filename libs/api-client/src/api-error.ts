import type { MessageDescriptor } from '@lingui/core';

/**
 * Where a failure happened: `http` (the server answered with an error status), `network` (no
 * response: connection refused, reset, time-out), `setup` (the request could not be built), or
 * `unauthenticated` (not sent: no token for a call that needs one).
 */
export type ApiErrorKind = 'http' | 'network' | 'setup' | 'unauthenticated';

export interface ApiErrorInit {
  kind: ApiErrorKind;
  /** HTTP status, 0 when no response arrived. */
  status: number;
  /** `errors[0].code` of the envelope, or a client-side code (`network_error`, `timeout`, `setup_error`, `no_token`). */
  code: string;
  /** The text shown to the user, in English (the descriptor carries the translatable form). */
  message: string;
  /** The descriptor `notify` received, for a caller that renders the error itself. */
  descriptor: MessageDescriptor;
  requestId?: string | null;
  field?: string | null;
  cause?: unknown;
}

/** The one error every failed call rejects with, whatever went wrong. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly status: number;
  readonly code: string;
  readonly descriptor: MessageDescriptor;
  readonly requestId: string | null;
  readonly field: string | null;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.status = init.status;
    this.code = init.code;
    this.descriptor = init.descriptor;
    this.requestId = init.requestId ?? null;
    this.field = init.field ?? null;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
