import { withValues, type Message } from './message';

export const httpErrorMessages = {
  noResponse: /*i18n*/ { id: 'http.noResponse', message: 'Something went wrong' },
  authFail: /*i18n*/ { id: 'http.authFail', message: 'Authentication Fail' },
  loginAgain: /*i18n*/ { id: 'http.loginAgain', message: 'Please login again' },
  badRequest: /*i18n*/ { id: 'http.badRequest', message: 'Error fulfilling request' },
  forbidden: /*i18n*/ {
    id: 'http.forbidden',
    message: 'User is not authorized to perform this action',
  },
  notFound: /*i18n*/ { id: 'http.notFound', message: 'Not Found' },
  internal: /*i18n*/ { id: 'http.internal', message: 'Internal Server Error' },
  timeOut: /*i18n*/ { id: 'http.timeOut', message: 'Time Out' },
  requestSetup: /*i18n*/ { id: 'http.requestSetup', message: 'Error' },
  streamError: /*i18n*/ { id: 'http.streamError', message: 'Stream Connection Error' },
  streamFailed: /*i18n*/ { id: 'http.streamFailed', message: 'Stream connection failed' },
  // The server's own text, already in the user's words; carried as a value so the type stays Message.
  server: /*i18n*/ { id: 'http.server', message: '{text}' },
} as const satisfies Record<string, Message>;

export interface HttpErrorNotice {
  title: Message;
  description?: Message;
}

function serverText(text: string): Message {
  return withValues(httpErrorMessages.server, { text });
}

/**
 * The toast for a failed call (console-shell §8). `status` is undefined when no response arrived;
 * `serverMessages` are the messages of the response's errors list, first one first.
 */
export function httpErrorNotice(
  status: number | undefined,
  serverMessages: readonly string[] = [],
): HttpErrorNotice {
  const first = serverMessages.find((m) => m.trim() !== '');
  switch (status) {
    case undefined:
      return { title: httpErrorMessages.noResponse };
    case 400:
      return { title: first ? serverText(first) : httpErrorMessages.badRequest };
    case 401:
      return { title: httpErrorMessages.authFail, description: httpErrorMessages.loginAgain };
    case 403:
      // 'unauthorized' is the server's generic code-like text; the console's sentence reads better.
      return {
        title: first && first !== 'unauthorized' ? serverText(first) : httpErrorMessages.forbidden,
      };
    case 404:
      return { title: httpErrorMessages.notFound };
    case 500:
      return { title: httpErrorMessages.internal };
    case 508:
      return { title: httpErrorMessages.timeOut };
    default:
      return { title: httpErrorMessages.noResponse };
  }
}

/** A broken chat stream: the fixed title and the reason, or a default reason. */
export function streamErrorNotice(reason?: string): HttpErrorNotice {
  return {
    title: httpErrorMessages.streamError,
    description: reason?.trim() ? serverText(reason) : httpErrorMessages.streamFailed,
  };
}
