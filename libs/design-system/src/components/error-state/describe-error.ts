import type { MessageDescriptor } from '@lingui/core';

export interface DescribedError {
  message: string | null;
  /** The api-client's catalogue text ('Not Found', …) to translate instead of the English message. */
  descriptor: MessageDescriptor | null;
  status: number | null;
  requestId: string | null;
}

/**
 * Reads what can be shown from any thrown value: an Error, the api-client's ApiError
 * (status, code, message, requestId) or a plain string. Unknown shapes give nulls so the caller
 * falls back to a generic, translated text.
 */
export function describeError(error: unknown): DescribedError {
  if (typeof error === 'string') return { message: error || null, descriptor: null, status: null, requestId: null };
  if (typeof error !== 'object' || error === null)
    return { message: null, descriptor: null, status: null, requestId: null };
  const record = error as Record<string, unknown>;
  const message =
    typeof record['message'] === 'string' && record['message'] !== '' ? record['message'] : null;
  const status = typeof record['status'] === 'number' ? record['status'] : null;
  const requestId = typeof record['requestId'] === 'string' ? record['requestId'] : null;
  const candidate = record['descriptor'] as Record<string, unknown> | undefined;
  const descriptor =
    typeof candidate === 'object' && candidate !== null && typeof candidate['id'] === 'string'
      ? (candidate as unknown as MessageDescriptor)
      : null;
  return { message, descriptor, status, requestId };
}
