export { ApiError, isApiError } from './api-error';
export type { ApiErrorInit, ApiErrorKind } from './api-error';
export {
  AUTH_FAILURE_REDIRECT_DELAY_MS,
  PUBLIC_REQUEST_HEADER,
  QUIET_REQUEST_HEADER,
  REQUEST_TIMEOUT_MS,
  createApiClient,
} from './create-api-client';
export type { ApiClient, ApiClientOptions, ApiNavigation, ApiNotice } from './create-api-client';
export { httpMessages, serverText } from './http-messages';
export { readChatStream } from './read-chat-stream';
export { readEventStream } from './read-event-stream';
export type { EventStreamResult, ServerSentEvent } from './read-event-stream';
export { AUTH_TOKEN_STORAGE_KEY, storedToken } from './stored-token';
export type {
  ChatStreamChunk,
  ChatStreamFailure,
  ChatStreamFailureKind,
  ChatStreamHandlers,
  ChatStreamResult,
} from './read-chat-stream';
export { publicOperations } from './generated/public-operations';
export type { components, operations, paths } from './generated/openapi';
