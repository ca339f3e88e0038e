import { http, HttpResponse, type HttpHandler } from 'msw';

type Method = 'get' | 'put' | 'post' | 'delete' | 'patch';

type Success<Op> = Op extends { responses: { 200: { content: { 'application/json': infer B } } } } ? B : never;
type Body<Op> = Op extends { requestBody: { content: { 'application/json': infer B } } } ? B : undefined;

export interface DesignedHandleInfo<Op> {
  request: Request;
  params: Record<string, string>;
  query: URLSearchParams;
  body: Body<Op> | undefined;
}

/**
 * The designed-contract twin of `handle` from @terrace/api-client/testing: an MSW handler whose
 * answer is checked against a designed paths type, so component tests cannot drift from the
 * adapters. `designedHandler<OrganizationDesignedPaths>()('get', '/iam/org/team', () => ...)`.
 */
export function designedHandler<Paths extends object>() {
  return function handle<M extends Method, P extends keyof Paths & string>(
    method: M,
    path: P,
    resolver: (
      info: DesignedHandleInfo<Paths[P] extends Record<M, infer Op> ? Op : never>,
    ) =>
      | Success<Paths[P] extends Record<M, infer Op> ? Op : never>
      | Response
      | Promise<Success<Paths[P] extends Record<M, infer Op> ? Op : never> | Response>,
    options: { once?: boolean } = {},
  ): HttpHandler {
    // Same base rule as the contract's `handle`: only the console's /api base, on any origin.
    const pattern = `*/api${path.replace(/\{([^}]+)\}/g, ':$1')}`;
    return http[method](
      pattern,
      async ({ request, params }) => {
        const text = request.body ? await request.clone().text() : '';
        const flat = Object.fromEntries(
          Object.entries(params).map(([key, value]) => [key, Array.isArray(value) ? value.join('/') : String(value)]),
        );
        const answer = await resolver({
          request,
          params: flat,
          query: new URL(request.url).searchParams,
          body: text === '' ? undefined : JSON.parse(text),
        });
        return answer instanceof Response ? answer : HttpResponse.json(answer as object);
      },
      { once: options.once ?? false },
    );
  };
}
