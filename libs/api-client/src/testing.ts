import { http, HttpResponse, type HttpHandler } from 'msw';
import type { components, paths } from './generated/openapi';

/**
 * MSW 2 helpers typed from the generated `paths` (CONVENTIONS: Tests): a component test's mock
 * answers with the operation's 200 body type, so it stops compiling when the contract changes.
 */
export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'patch';

/** The paths that have an operation for `M`. */
export type PathsWith<M extends HttpMethod> = {
  [P in keyof paths]: paths[P][M] extends { responses: unknown } ? P : never;
}[keyof paths];

type Operation<P extends keyof paths, M extends HttpMethod> = paths[P][M];

/** The JSON body of the operation's 200 response. */
export type SuccessBody<P extends keyof paths, M extends HttpMethod> =
  Operation<P, M> extends { responses: { 200: { content: { 'application/json': infer B } } } } ? B : never;

/** The JSON request body of the operation (`undefined` when it takes none). */
export type RequestBody<P extends keyof paths, M extends HttpMethod> =
  Operation<P, M> extends { requestBody?: { content: { 'application/json': infer B } } } ? B : undefined;

export interface HandleInfo<P extends keyof paths, M extends HttpMethod> {
  request: Request;
  /** Path parameters by the names the description gives them. */
  params: Record<string, string>;
  /** Query parameters of the URL. */
  query: URLSearchParams;
  /** The parsed JSON body, `undefined` when the request had none. */
  body: RequestBody<P, M> | undefined;
}

export type HandleResolver<P extends keyof paths, M extends HttpMethod> = (
  info: HandleInfo<P, M>,
) => SuccessBody<P, M> | Response | Promise<SuccessBody<P, M> | Response>;

export interface HandleOptions {
  /**
   * The API base the client under test uses. The default, `*\/api`, matches the console's `/api`
   * on any origin, and only that base: a handler for `/stack` must not answer
   * `/externalPipeline/stack`. Pass `''` for Terraform's root paths (`/.well-known/...`).
   */
  baseUrl?: string;
  once?: boolean;
}

/**
 * `handle('get', '/stack/{stackId}', ({ params }) => envelope([stack]))`: a typed MSW handler.
 * Return the 200 body (checked against the contract) or a `Response` (e.g. `errorResponse(...)`).
 */
export function handle<M extends HttpMethod, P extends PathsWith<M>>(
  method: M,
  path: P,
  resolver: HandleResolver<P, M>,
  options: HandleOptions = {},
): HttpHandler {
  const pattern = `${options.baseUrl ?? '*/api'}${String(path).replace(/\{([^}]+)\}/g, ':$1')}`;
  return http[method](
    pattern,
    async ({ request, params }) => {
      const text = request.body ? await request.clone().text() : '';
      const body = text === '' ? undefined : (JSON.parse(text) as RequestBody<P, M>);
      const flatParams = Object.fromEntries(
        Object.entries(params).map(([key, value]) => [key, Array.isArray(value) ? value.join('/') : String(value)]),
      );
      const answer = await resolver({ request, params: flatParams, query: new URL(request.url).searchParams, body });
      return answer instanceof Response ? answer : HttpResponse.json(answer as object);
    },
    { once: options.once ?? false },
  );
}

export interface EnvelopeOptions {
  requestId?: string;
  paging?: components['schemas']['Paging'];
}

/** The success envelope of the wire format: `{ request: { id }, response: { items, errors: [] } }`. */
export function envelope<T>(
  items: T[],
  options: EnvelopeOptions = {},
): {
  request: { id: string };
  response: { items: T[]; errors: never[]; paging?: components['schemas']['Paging'] };
} {
  return {
    request: { id: options.requestId ?? 'req-test' },
    response: { items, errors: [], ...(options.paging ? { paging: options.paging } : {}) },
  };
}

export type ErrorCode = components['schemas']['ErrorCode'];

/** An error answer of the catalogue: the status with `errors: [{ code, message, field }]`. */
export function errorResponse(
  status: number,
  code: ErrorCode,
  message: string,
  options: { field?: string; requestId?: string } = {},
): Response {
  const body: components['schemas']['ErrorEnvelope'] = {
    request: { id: options.requestId ?? 'req-test' },
    response: { items: [], errors: [{ code, message, field: options.field ?? null }] },
  };
  return HttpResponse.json(body, { status });
}
