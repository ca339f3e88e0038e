import type { MessageDescriptor } from '@lingui/core';

/**
 * The texts of the error catalogue (spec console-shell §8, automation §8) as Lingui message
 * descriptors. The client runs in Node as well as in the browser, so it never translates: it hands
 * descriptors to the injected `notify`, and the console's Lingui extraction finds them through the
 * `/*i18n*\/` markers.
 */
export const httpMessages = {
  somethingWentWrong: /*i18n*/ { id: 'http.somethingWentWrong', message: 'Something went wrong' },
  authenticationFail: /*i18n*/ { id: 'http.authenticationFail', message: 'Authentication Fail' },
  pleaseLoginAgain: /*i18n*/ { id: 'http.pleaseLoginAgain', message: 'Please login again' },
  errorFulfillingRequest: /*i18n*/ { id: 'http.errorFulfillingRequest', message: 'Error fulfilling request' },
  notAuthorized: /*i18n*/ { id: 'http.notAuthorized', message: 'User is not authorized to perform this action' },
  notFound: /*i18n*/ { id: 'http.notFound', message: 'Not Found' },
  internalServerError: /*i18n*/ { id: 'http.internalServerError', message: 'Internal Server Error' },
  timeOut: /*i18n*/ { id: 'http.timeOut', message: 'Time Out' },
  requestSetupError: /*i18n*/ { id: 'http.requestSetupError', message: 'Error' },
  /** A message the server wrote; shown as it came, since the server does not know the locale. */
  serverMessage: /*i18n*/ { id: 'http.serverMessage', message: '{message}' },
  streamParseError: /*i18n*/ { id: 'chat.streamParseError', message: 'Failed to parse server response' },
  streamConnectionError: /*i18n*/ { id: 'chat.streamConnectionError', message: 'Stream Connection Error' },
  streamConnectionFailed: /*i18n*/ { id: 'chat.streamConnectionFailed', message: 'Stream connection failed' },
  /** The reason a stream broke, as the runtime reported it. */
  streamReason: /*i18n*/ { id: 'chat.streamReason', message: '{reason}' },
} as const satisfies Record<string, MessageDescriptor>;

/** A server-written text wrapped as a descriptor with the text in its values. */
export function serverText(message: string): MessageDescriptor {
  return { ...httpMessages.serverMessage, values: { message } };
}
