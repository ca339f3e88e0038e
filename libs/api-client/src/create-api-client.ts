import type { MessageDescriptor } from '@lingui/core';
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { ApiError } from './api-error';
import type { paths } from './generated/openapi';
import { publicOperations } from './generated/public-operations';
import { httpMessages, serverText } from './http-messages';

/** What the client asks the host to show: a toast in the console, a log line in a Node script. */
export interface ApiNotice {
  title: MessageDescriptor;
  description?: MessageDescriptor;
  error: ApiError;
}

/** The host's navigation, injected so the same client runs in Node and in the browser. */
export interface ApiNavigation {
  /** The current console path and query string (`search` includes the leading `?` or is empty). */
  location(): { pathname: string; search: string };
  /** Go to a console URL; `reload` asks for a full page load, leaving no in-memory session state. */
  go(to: string, options?: { reload?: boolean }): void;
}

export interface ApiClientOptions {
  /** The API base, e.g. `/api` in the console or `https://terrace.example.com/api` elsewhere. */
  baseUrl: string;
  /** The stored bearer token (the console reads the `auth_token` storage key). */
  getToken: () => string | null | undefined;
  /** Signs the user out after a 401 (clears the stored session). */
  onUnauthorized: () => void | Promise<void>;
  notify: (notice: ApiNotice) => void;
  navigate: ApiNavigation;
  /** 400 messages passed on to the caller without a notice (the caller handles them itself). */
  silentMessages?: readonly string[];
  fetch?: typeof globalThis.fetch;
  /** Default 600,000 ms (spec: 10 minutes). */
  timeoutMs?: number;
  /** Default `/auth/login`. */
  signInPath?: string;
  /** Delay before leaving for sign-in after a 401; default 600 ms (spec). */
  authFailureDelayMs?: number;
}

export type ApiClient = Client<paths>;

export const REQUEST_TIMEOUT_MS = 600_000;
export const AUTH_FAILURE_REDIRECT_DELAY_MS = 600;
export const PUBLIC_REQUEST_HEADER = 'X-Public-Request';
/**
 * Marks a call whose caller shows its failures itself (a run's event stream shows its connection
 * in its panel, and reconnects): no notice is raised for it. A 401 still signs out. The header
 * stays in the console: it is removed before the request leaves.
 */
export const QUIET_REQUEST_HEADER = 'X-Terrace-Quiet';

interface EnvelopeError {
  code?: unknown;
  message?: unknown;
  field?: unknown;
}

/**
 * The one configured client of the API (CONVENTIONS: Data), on the generated `paths`.
 * Every call resolves with openapi-fetch's `{ data, response }` on success and rejects with an
 * `ApiError` otherwise, after the error catalogue's notice has gone to `notify`: callers never see
 * an `error` member, and never a raw `TypeError` or `DOMException`.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const {
    getToken,
    notify,
    navigate,
    onUnauthorized,
    silentMessages = [],
    timeoutMs = REQUEST_TIMEOUT_MS,
    signInPath = '/auth/login',
    authFailureDelayMs = AUTH_FAILURE_REDIRECT_DELAY_MS,
  } = options;
  const baseFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  // Several calls of a page may fail with 401 at once; one sign-out and one redirect is enough.
  let leavingForSignIn = false;
  const quiet = new WeakSet<Request>();

  const report = (error: ApiError, description?: MessageDescriptor, request?: Request): ApiError => {
    if (request && quiet.has(request)) return error;
    notify(description ? { title: error.descriptor, description, error } : { title: error.descriptor, error });
    return error;
  };

  const send = async (request: Request): Promise<Response> => {
    const timeout = AbortSignal.timeout(timeoutMs);
    try {
      return await baseFetch(request, { signal: AbortSignal.any([request.signal, timeout]) });
    } catch (cause) {
      const timedOut = timeout.aborted && !request.signal.aborted;
      const error = new ApiError({
        kind: 'network',
        status: 0,
        code: timedOut ? 'timeout' : request.signal.aborted ? 'aborted' : 'network_error',
        message: httpMessages.somethingWentWrong.message,
        descriptor: httpMessages.somethingWentWrong,
        cause,
      });
      // A caller that cancels its own request (a page left, a query superseded) expects no toast.
      if (request.signal.aborted && !timedOut) throw error;
      throw report(error, undefined, request);
    }
  };

  /** Sign-in with the current path and query as the redirect target (none at the root, none from sign-in itself). */
  const signInWithRedirect = (): string => {
    const { pathname, search } = navigate.location();
    const bare = pathname === '/' || pathname === '' || pathname.startsWith(signInPath);
    return bare ? signInPath : `${signInPath}?redirect=${encodeURIComponent(pathname + search)}`;
  };

  const leaveForSignIn = async () => {
    if (leavingForSignIn) return;
    leavingForSignIn = true;
    try {
      // A sign-out that fails must not keep the user on a page whose calls all answer 401.
      await Promise.resolve()
        .then(onUnauthorized)
        .catch(() => undefined);
    } finally {
      // The page the user was on is read now: by the time the delay ends, a guard reacting to the
      // sign-out may already have moved the view.
      const target = signInWithRedirect();
      setTimeout(() => {
        leavingForSignIn = false;
        navigate.go(target);
      }, authFailureDelayMs);
    }
  };

  const middleware: Middleware = {
    onRequest({ request, schemaPath }) {
      if (request.headers.has(QUIET_REQUEST_HEADER)) {
        request.headers.delete(QUIET_REQUEST_HEADER);
        quiet.add(request);
      }
      const isPublic =
        publicOperations.has(`${request.method.toUpperCase()} ${schemaPath}`) ||
        request.headers.get(PUBLIC_REQUEST_HEADER) === 'true';
      const token = getToken();
      if (isPublic) {
        request.headers.set(PUBLIC_REQUEST_HEADER, 'true');
      } else if (!token) {
        // Spec: with no token a non-public call is not sent; the user goes to sign-in (keeping the
        // page as the redirect target) and the page reloads. Calls made after a 401 signed the user
        // out (a refetch, a dependent query) leave that redirect to the 401's own, delayed one.
        if (!leavingForSignIn) navigate.go(signInWithRedirect(), { reload: true });
        throw new ApiError({
          kind: 'unauthenticated',
          status: 0,
          code: 'no_token',
          message: httpMessages.pleaseLoginAgain.message,
          descriptor: httpMessages.pleaseLoginAgain,
        });
      }
      if (token) request.headers.set('Authorization', `Bearer ${token}`);
      if (!request.headers.has('X-Request-Id')) request.headers.set('X-Request-Id', newRequestId());
      return request;
    },
    async onResponse({ request, response, options: callOptions }) {
      if (response.ok) {
        if (callOptions.parseAs !== 'json') return undefined;
        // An unreadable success body is a failure of the call, not of the caller's code.
        const text = await response.clone().text();
        if (text === '' || isJson(text)) return undefined;
        throw report(
          new ApiError({
            kind: 'http',
            status: response.status,
            code: 'invalid_response',
            message: httpMessages.somethingWentWrong.message,
            descriptor: httpMessages.somethingWentWrong,
            requestId: response.headers.get('x-request-id'),
          }),
          undefined,
          request,
        );
      }
      const body = await readEnvelope(response);
      const first = body.parsed ? body.errors[0] : undefined;
      const firstMessage = typeof first?.message === 'string' && first.message !== '' ? first.message : undefined;
      const base = {
        kind: 'http' as const,
        status: response.status,
        code: typeof first?.code === 'string' ? first.code : statusCode(response.status),
        requestId: body.requestId ?? response.headers.get('x-request-id'),
        field: typeof first?.field === 'string' ? first.field : null,
      };
      const fail = (descriptor: MessageDescriptor, message = descriptor.message ?? '') =>
        new ApiError({ ...base, descriptor, message });
      // A quiet call's caller shows the failure itself.
      const reportHere = (error: ApiError, description?: MessageDescriptor) => report(error, description, request);

      switch (response.status) {
        case 401: {
          // A call sent with a session the user has since left (signed out, switched) says nothing
          // about the current one: no toast, no redirect.
          const current = getToken();
          if (request.headers.get('Authorization') !== (current ? `Bearer ${current}` : null)) throw fail(httpMessages.authenticationFail);
          // Even for a quiet call: the user is told why the console leaves for sign-in.
          const error = report(fail(httpMessages.authenticationFail), httpMessages.pleaseLoginAgain);
          await leaveForSignIn();
          throw error;
        }
        case 400: {
          if (!body.parsed) throw reportHere(fail(httpMessages.somethingWentWrong));
          const error = firstMessage ? fail(serverText(firstMessage), firstMessage) : fail(httpMessages.errorFulfillingRequest);
          if (firstMessage && silentMessages.includes(firstMessage)) throw error;
          throw reportHere(error);
        }
        case 403: {
          if (!body.parsed) throw reportHere(fail(httpMessages.somethingWentWrong));
          const useServer = firstMessage !== undefined && firstMessage.toLowerCase() !== 'unauthorized';
          throw reportHere(useServer ? fail(serverText(firstMessage), firstMessage) : fail(httpMessages.notAuthorized));
        }
        case 404:
          throw reportHere(fail(httpMessages.notFound));
        case 500:
          throw reportHere(fail(httpMessages.internalServerError));
        case 508:
          throw reportHere(fail(httpMessages.timeOut));
        default:
          // The catalogue's 'Something went wrong' (spec §8), with the server's reason under it
          // when it gave one (a 409's 'The namespace still holds 3 stacks', a 423's lock holder…).
          throw reportHere(fail(httpMessages.somethingWentWrong), firstMessage ? serverText(firstMessage) : undefined);
      }
    },
  };

  const client = createClient<paths>({ baseUrl: options.baseUrl, fetch: send });
  client.use(middleware);

  // Anything thrown that is not already an ApiError happened while the request was being built
  // (bad URL, body that cannot be serialised): the catalogue's "request set-up failure".
  const guard = <F extends (...args: never[]) => Promise<unknown>>(call: F): F =>
    (async (...args: Parameters<F>) => {
      try {
        return await call(...args);
      } catch (cause) {
        if (cause instanceof ApiError) throw cause;
        throw report(
          new ApiError({
            kind: 'setup',
            status: 0,
            code: 'setup_error',
            message: httpMessages.requestSetupError.message,
            descriptor: httpMessages.requestSetupError,
            cause,
          }),
        );
      }
    }) as F;

  return {
    ...client,
    request: guard(client.request),
    GET: guard(client.GET),
    PUT: guard(client.PUT),
    POST: guard(client.POST),
    DELETE: guard(client.DELETE),
    OPTIONS: guard(client.OPTIONS),
    HEAD: guard(client.HEAD),
    PATCH: guard(client.PATCH),
    TRACE: guard(client.TRACE),
  };
}

async function readEnvelope(
  response: Response,
): Promise<{ parsed: boolean; errors: EnvelopeError[]; requestId: string | null }> {
  let value: unknown;
  try {
    value = JSON.parse(await response.text());
  } catch {
    return { parsed: false, errors: [], requestId: null };
  }
  if (!isRecord(value)) return { parsed: false, errors: [], requestId: null };
  const request = isRecord(value['request']) ? value['request'] : {};
  const inner = isRecord(value['response']) ? value['response'] : {};
  const errors = Array.isArray(inner['errors']) ? inner['errors'].filter(isRecord) : [];
  return { parsed: true, errors, requestId: typeof request['id'] === 'string' ? request['id'] : null };
}

function statusCode(status: number): string {
  const codes: Record<number, string> = {
    400: 'bad_request',
    401: 'unauthorized',
    403: 'forbidden',
    404: 'not_found',
    409: 'conflict',
    413: 'payload_too_large',
    429: 'rate_limited',
    500: 'internal_error',
    508: 'timeout',
  };
  return codes[status] ?? 'http_error';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function newRequestId(): string {
  // randomUUID exists in Node and in secure browser contexts; the fallback keeps plain-http dev hosts working.
  const uuid = globalThis.crypto?.randomUUID?.();
  return uuid ?? `req-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}
