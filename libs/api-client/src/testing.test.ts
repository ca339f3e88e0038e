import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { createApiClient, type ApiNotice } from './create-api-client';
import { envelope, errorResponse, handle } from './testing';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function client() {
  const notices: ApiNotice[] = [];
  const api = createApiClient({
    baseUrl: 'http://console.test/api',
    getToken: () => 'tok',
    onUnauthorized: () => undefined,
    notify: (notice) => notices.push(notice),
    navigate: { location: () => ({ pathname: '/app', search: '' }), go: () => undefined },
  });
  return { api, notices };
}

describe('typed MSW handlers', () => {
  it('answers a call with the operation\'s 200 body and hands the resolver the parsed entity', async () => {
    const seen: unknown[] = [];
    server.use(
      handle('post', '/console/event', ({ body }) => {
        seen.push(body?.entity.title);
        return envelope([{}], { requestId: 'req-5' });
      }),
    );
    const { api } = client();
    const { data } = await api.POST('/console/event', { body: { entity: { title: 't', message: 'm' } } });
    expect(data).toEqual({ request: { id: 'req-5' }, response: { items: [{}], errors: [] } });
    expect(seen).toEqual(['t']);
  });

  it('turns {parameters} into MSW path parameters and exposes the query', async () => {
    server.use(
      handle('get', '/registry/modules/v1/{namespace}', ({ params, query }) => ({
        modules: [{ id: `${params['namespace']}/vpc/aws/1.0.0`, namespace: params['namespace'] ?? '', name: 'vpc', provider: 'aws', version: query.get('v') ?? '' }],
      })),
    );
    const { api } = client();
    const { data } = await api.GET('/registry/modules/v1/{namespace}', {
      params: { path: { namespace: 'acme' } },
      querySerializer: () => 'v=1.0.0',
    });
    expect(data?.modules[0]).toMatchObject({ id: 'acme/vpc/aws/1.0.0', version: '1.0.0' });
  });

  it('matches the path under the API base only, not a longer path that ends the same way', async () => {
    const stack = { id: 'stk-1', name: 'web', namespaceId: 'ns-1', iacType: 'terraform' as const, data: {}, createdAt: '2026-01-01T00:00:00Z' };
    server.use(
      handle('get', '/stack', () => envelope([stack])),
      handle('get', '/externalPipeline/stack', () => envelope([{ id: 'eps-1', name: 'ext', externalPipelineNamespaceId: 'epn-1' }])),
    );
    const { api } = client();
    const { data } = await api.GET('/externalPipeline/stack');
    expect(data?.response.items.map((item) => item.id)).toEqual(['eps-1']);
    const { data: stacks } = await api.GET('/stack');
    expect(stacks?.response.items.map((item) => item.id)).toEqual(['stk-1']);
  });

  it('answers errors of the catalogue through errorResponse', async () => {
    server.use(handle('post', '/console/event', () => errorResponse(404, 'not_found', 'gone', { field: 'entity.title' })));
    const { api, notices } = client();
    const error = await api.POST('/console/event', { body: { entity: { title: 't', message: 'm' } } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'not_found', field: 'entity.title' });
    expect(notices[0]?.title.id).toBe('http.notFound');
  });

  it('rejects a resolver whose answer does not match the contract (type-level)', () => {
    // The line below must not compile: the 200 body of POST /console/event is an envelope.
    // @ts-expect-error — a bare object is not the operation's 200 body
    const handler = handle('post', '/console/event', () => ({ ok: true }));
    expect(handler.info.method).toBe('POST');
  });
});
