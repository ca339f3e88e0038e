import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { AUTH_FAILURE_REDIRECT_DELAY_MS, QUIET_REQUEST_HEADER, REQUEST_TIMEOUT_MS, createApiClient, type ApiClientOptions, type ApiNotice } from './create-api-client';
import { errorBody, json, startTestServer } from './http-test-server';
import { httpMessages } from './http-messages';
import { readChatStream } from './read-chat-stream';

type Server = Awaited<ReturnType<typeof startTestServer>>;
let server: Server;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
});

/** A client wired to recorders instead of a browser: what it notifies, where it navigates. */
function setup(overrides: Partial<ApiClientOptions> = {}) {
  const notices: ApiNotice[] = [];
  const visits: { to: string; reload: boolean; at: number }[] = [];
  let signOuts = 0;
  let location = { pathname: '/app/stack/stk-1', search: '?tab=resources' };
  let token: string | null = 'tok-123';
  const client = createApiClient({
    baseUrl: `${server.origin}/api`,
    getToken: () => token,
    onUnauthorized: () => {
      signOuts += 1;
    },
    notify: (notice) => notices.push(notice),
    navigate: {
      location: () => location,
      go: (to, options) => visits.push({ to, reload: options?.reload ?? false, at: Date.now() }),
    },
    ...overrides,
  });
  return {
    client,
    notices,
    visits,
    signOuts: () => signOuts,
    setToken: (next: string | null) => {
      token = next;
    },
    setLocation: (pathname: string, search = '') => {
      location = { pathname, search };
    },
  };
}

const ok = { request: { id: 'req-ok' }, response: { items: [{}], errors: [] } };
const consoleEvent = { body: { entity: { title: 'aiIconClick', message: 'clicked' } } };

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('the call succeeded');
}

describe('requests', () => {
  it('calls the configured base with the bearer token, a request id and the entity body', async () => {
    server.answer((_req, res) => json(res, 200, ok));
    const { client, notices } = setup();
    const { data } = await client.POST('/console/event', consoleEvent);
    expect(data).toEqual(ok);
    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/api/console/event');
    expect(request?.headers.authorization).toBe('Bearer tok-123');
    expect(request?.headers['x-request-id']).toMatch(/.+/);
    expect(request?.headers['x-public-request']).toBeUndefined();
    expect(JSON.parse(request?.body ?? '')).toEqual(consoleEvent.body);
    expect(notices).toEqual([]);
  });

  it('marks public operations with X-Public-Request and sends them without a token', async () => {
    server.answer((_req, res) => json(res, 200, { access_token: 'a', token_type: 'bearer' }));
    const { client, visits, setToken } = setup();
    setToken(null);
    const { data } = await client.POST('/oauth/token', {
      body: { grant_type: 'authorization_code', code: 'c', redirect_uri: 'http://localhost:10000/login', client_id: 'terraform-cli', code_verifier: 'v' },
      bodySerializer: (body) => new URLSearchParams(body).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(data).toEqual({ access_token: 'a', token_type: 'bearer' });
    expect(server.requests[0]?.headers['x-public-request']).toBe('true');
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
    expect(visits).toEqual([]);
  });

  it('does not mark operations that need a token as public', async () => {
    server.answer((_req, res) => json(res, 200, ok));
    const { client } = setup();
    await client.POST('/oauth/authorization', {
      body: { entity: { clientId: 'terraform-cli', redirectUri: 'http://localhost:10000/login', state: 's', codeChallenge: 'c', codeChallengeMethod: 'S256' } },
    });
    expect(server.requests[0]?.headers['x-public-request']).toBeUndefined();
  });

  it('sends a caller-marked public call without a token', async () => {
    server.answer((_req, res) => json(res, 200, ok));
    const { client, setToken, visits } = setup();
    setToken(null);
    await client.POST('/console/event', { ...consoleEvent, headers: { 'X-Public-Request': 'true' } });
    expect(server.requests).toHaveLength(1);
    expect(visits).toEqual([]);
  });

  it('without a token, does not send a non-public call: it goes to sign-in with the redirect and reloads', async () => {
    const { client, setToken, visits, notices } = setup();
    setToken(null);
    const error = await failure(client.POST('/console/event', consoleEvent));
    expect(error.kind).toBe('unauthenticated');
    expect(error.code).toBe('no_token');
    expect(server.requests).toHaveLength(0);
    expect(visits.map(({ to, reload }) => ({ to, reload }))).toEqual([
      { to: '/auth/login?redirect=%2Fapp%2Fstack%2Fstk-1%3Ftab%3Dresources', reload: true },
    ]);
    expect(notices).toEqual([]);
  });

  it('uses a 10-minute time-out by default and a configured one when given', async () => {
    expect(REQUEST_TIMEOUT_MS).toBe(600_000);
    server.answer(() => {
      /* never answers */
    });
    const { client, notices } = setup({ timeoutMs: 150 });
    const error = await failure(client.POST('/console/event', consoleEvent));
    expect(error).toMatchObject({ kind: 'network', status: 0, code: 'timeout', message: 'Something went wrong' });
    expect(notices.map((n) => n.title)).toEqual([httpMessages.somethingWentWrong]);
  });

  it('stays quiet when the caller cancels its own request', async () => {
    server.answer(() => {
      /* never answers */
    });
    const { client, notices } = setup();
    const controller = new AbortController();
    const pending = client.POST('/console/event', { ...consoleEvent, signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const error = await failure(pending);
    expect(error.code).toBe('aborted');
    expect(notices).toEqual([]);
  });
});

describe('the error catalogue', () => {
  const cases: { status: number; errors?: { code: string; message: string; field?: string | null }[]; raw?: string; title: { id: string }; message: string }[] = [
    { status: 400, errors: [{ code: 'validation_error', message: 'name is required', field: 'entity.name' }], title: { id: 'http.serverMessage' }, message: 'name is required' },
    { status: 400, errors: [], title: httpMessages.errorFulfillingRequest, message: 'Error fulfilling request' },
    { status: 400, raw: '<html>bad gateway</html>', title: httpMessages.somethingWentWrong, message: 'Something went wrong' },
    { status: 403, errors: [{ code: 'forbidden', message: 'unauthorized' }], title: httpMessages.notAuthorized, message: 'User is not authorized to perform this action' },
    { status: 403, errors: [{ code: 'forbidden', message: 'Only admins may delete stacks' }], title: { id: 'http.serverMessage' }, message: 'Only admins may delete stacks' },
    { status: 403, errors: [], title: httpMessages.notAuthorized, message: 'User is not authorized to perform this action' },
    { status: 404, errors: [{ code: 'not_found', message: 'stack stk-9 not found' }], title: httpMessages.notFound, message: 'Not Found' },
    { status: 500, errors: [{ code: 'internal_error', message: 'boom' }], title: httpMessages.internalServerError, message: 'Internal Server Error' },
    { status: 508, errors: [{ code: 'timeout', message: 'loop' }], title: httpMessages.timeOut, message: 'Time Out' },
    { status: 409, errors: [{ code: 'already_exist', message: 'exists' }], title: httpMessages.somethingWentWrong, message: 'Something went wrong' },
    { status: 502, raw: 'Bad Gateway', title: httpMessages.somethingWentWrong, message: 'Something went wrong' },
  ];

  for (const c of cases) {
    it(`${c.status} ${c.raw ? 'with an unparseable body' : JSON.stringify(c.errors?.[0]?.message ?? 'without errors')} → ${c.message}`, async () => {
      server.answer((_req, res) => {
        if (c.raw !== undefined) res.writeHead(c.status, { 'content-type': 'text/html' }).end(c.raw);
        else json(res, c.status, errorBody(c.errors ?? []));
      });
      const { client, notices, signOuts, visits } = setup();
      const error = await failure(client.POST('/console/event', consoleEvent));
      expect(error).toMatchObject({ kind: 'http', status: c.status, message: c.message });
      expect(notices).toHaveLength(1);
      expect(notices[0]?.title.id).toBe(c.title.id);
      expect(notices[0]?.error).toBe(error);
      expect(signOuts()).toBe(0);
      expect(visits).toEqual([]);
    });
  }

  it('says why under the catalogue’s title when the server gave a reason for a 409', async () => {
    server.answer((_req, res) => json(res, 409, errorBody([{ code: 'conflict', message: 'The namespace still holds 3 stacks' }])));
    const { client, notices } = setup();
    const error = await failure(client.POST('/console/event', consoleEvent));
    expect(error).toMatchObject({ status: 409, code: 'conflict', message: 'Something went wrong' });
    expect(notices[0]?.title.id).toBe(httpMessages.somethingWentWrong.id);
    expect(notices[0]?.description).toMatchObject({ id: 'http.serverMessage', values: { message: 'The namespace still holds 3 stacks' } });
  });

  it('carries code, field and request id of the envelope in the ApiError', async () => {
    server.answer((_req, res) => json(res, 400, errorBody([{ code: 'validation_error', message: 'too long', field: 'entity.title' }], 'req-77')));
    const { client, notices } = setup();
    const error = await failure(client.POST('/console/event', consoleEvent));
    expect(error).toMatchObject({ status: 400, code: 'validation_error', field: 'entity.title', requestId: 'req-77', message: 'too long' });
    expect(notices[0]?.title.values).toEqual({ message: 'too long' });
  });

  it('falls back to the status code and the x-request-id header when the body says nothing', async () => {
    server.answer((_req, res) => json(res, 404, {}));
    const { client } = setup();
    const error = await failure(client.POST('/console/event', consoleEvent));
    expect(error).toMatchObject({ code: 'not_found', requestId: 'req-header', field: null });
  });

  it('passes configured 400 messages on silently', async () => {
    server.answer((_req, res) => json(res, 400, errorBody([{ code: 'bad_request', message: 'MFA code required' }])));
    const { client, notices } = setup({ silentMessages: ['MFA code required'] });
    const error = await failure(client.POST('/console/event', consoleEvent));
    expect(error.message).toBe('MFA code required');
    expect(notices).toEqual([]);
  });

  it('401: notifies, signs out, and after 600 ms goes to sign-in with the current path and query', async () => {
    expect(AUTH_FAILURE_REDIRECT_DELAY_MS).toBe(600);
    server.answer((_req, res) => json(res, 401, errorBody([{ code: 'unauthorized', message: 'token expired' }])));
    const { client, notices, visits, signOuts } = setup();
    const started = Date.now();
    const [first, second] = await Promise.allSettled([
      client.POST('/console/event', consoleEvent),
      client.POST('/console/event', consoleEvent),
    ]);
    expect(first.status).toBe('rejected');
    expect(second.status).toBe('rejected');
    expect(notices.map((n) => [n.title.id, n.description?.id])).toEqual([
      ['http.authenticationFail', 'http.pleaseLoginAgain'],
      ['http.authenticationFail', 'http.pleaseLoginAgain'],
    ]);
    expect(signOuts()).toBe(1);
    expect(visits).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(visits).toHaveLength(1);
    expect(visits[0]?.to).toBe('/auth/login?redirect=%2Fapp%2Fstack%2Fstk-1%3Ftab%3Dresources');
    expect(visits[0]?.reload).toBe(false);
    expect((visits[0]?.at ?? 0) - started).toBeGreaterThanOrEqual(590);
  });

  it('401 then a refetch without the token: one visit, to sign-in with the redirect (not a bare reload)', async () => {
    server.answer((_req, res) => json(res, 401, errorBody([{ code: 'unauthorized', message: 'revoked' }])));
    const { client, visits, setToken, setLocation } = setup({
      authFailureDelayMs: 30,
      // As in the console: the sign-out forgets the token.
      onUnauthorized: () => setToken(null),
    });
    setLocation('/app/namespaces', '?page=2');
    await failure(client.GET('/namespace'));
    // The list refetches (or a dependent query starts) while the toast shows: no token any more.
    await failure(client.GET('/namespace'));
    // A guard reacting to the sign-out may move the view before the delay ends.
    setLocation('/auth/login');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(visits.map(({ to, reload }) => ({ to, reload }))).toEqual([
      { to: '/auth/login?redirect=%2Fapp%2Fnamespaces%3Fpage%3D2', reload: false },
    ]);
  });

  it('401 answering a call sent before the user signed out: no toast, no sign-out, no redirect', async () => {
    // The server answers after the user has left the session (a poll in flight at sign-out).
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (release = resolve));
    server.answer(async (_req, res) => {
      await answered;
      json(res, 401, errorBody([{ code: 'unauthorized', message: 'signed out' }]));
    });
    const { client, notices, visits, signOuts, setToken, setLocation } = setup({ authFailureDelayMs: 10 });
    setLocation('/app/organization/setting', '?id=sign-in');
    const call = failure(client.GET('/namespace'));
    setToken(null);
    release();
    expect((await call).code).toBe('unauthorized');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(notices).toEqual([]);
    expect(signOuts()).toBe(0);
    expect(visits).toEqual([]);
  });

  it('401 at the root path goes to sign-in without a redirect parameter', async () => {
    server.answer((_req, res) => json(res, 401, errorBody([{ code: 'unauthorized', message: 'no' }])));
    const { client, visits, setLocation } = setup({ authFailureDelayMs: 10 });
    setLocation('/');
    await failure(client.POST('/console/event', consoleEvent));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(visits.map((v) => v.to)).toEqual(['/auth/login']);
  });

  it('no response at all: Something went wrong', async () => {
    server.answer((req, res) => {
      void req;
      res.socket?.destroy();
    });
    const { client, notices } = setup();
    const error = await failure(client.POST('/console/event', consoleEvent));
    expect(error).toMatchObject({ kind: 'network', status: 0, code: 'network_error', message: 'Something went wrong' });
    expect(notices.map((n) => n.title)).toEqual([httpMessages.somethingWentWrong]);
  });

  it('a success whose body is not JSON: Something went wrong', async () => {
    server.answer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"request":'));
    const { client, notices } = setup();
    const error = await failure(client.POST('/console/event', consoleEvent));
    expect(error).toMatchObject({ kind: 'http', status: 200, code: 'invalid_response' });
    expect(notices.map((n) => n.title)).toEqual([httpMessages.somethingWentWrong]);
  });

  it('a request that cannot be set up: Error', async () => {
    const { client, notices } = setup({ baseUrl: 'http://[not-a-host' });
    const error = await failure(client.POST('/console/event', consoleEvent));
    expect(error).toMatchObject({ kind: 'setup', status: 0, code: 'setup_error', message: 'Error' });
    expect(notices.map((n) => n.title)).toEqual([httpMessages.requestSetupError]);
    expect(server.requests).toHaveLength(0);
  });
});

describe('the chat stream through the client', () => {
  it('streams the answer of /agent/chat/completion/stream into readChatStream', async () => {
    server.answer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: {"content":"Hel"}\n');
      setTimeout(() => {
        res.write('data: {"content":"lo"}\n\ndata: {"done":true,"cmAgentInteractionId":"int-1"}\n');
        res.end();
      }, 20);
    });
    const { client } = setup();
    const { response } = await client.POST('/agent/chat/completion/stream', {
      body: { entity: { cmChatId: 'ch-1', prompt: 'hi' } },
      parseAs: 'stream',
    });
    const pieces: string[] = [];
    const result = await readChatStream(response, { onContent: (text) => pieces.push(text) });
    expect(pieces).toEqual(['Hel', 'lo']);
    expect(result).toEqual({ content: 'Hello', final: { done: true, cmAgentInteractionId: 'int-1' }, failures: [] });
  });

  it('applies the same error catalogue to the stream call', async () => {
    server.answer((_req, res) => json(res, 500, errorBody([{ code: 'internal_error', message: 'llm down' }])));
    const { client, notices } = setup();
    const error = await failure(
      client.POST('/agent/chat/completion/stream', { body: { entity: { cmChatId: 'ch-1', prompt: 'hi' } }, parseAs: 'stream' }),
    );
    expect(error.status).toBe(500);
    expect(notices[0]?.title).toEqual(httpMessages.internalServerError);
  });

  it('reports a connection that breaks mid-answer with its reason', async () => {
    server.answer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: {"content":"partial"}\n');
      setTimeout(() => res.socket?.destroy(), 30);
    });
    const { client } = setup();
    const { response } = await client.POST('/agent/chat/completion/stream', {
      body: { entity: { cmChatId: 'ch-1', prompt: 'hi' } },
      parseAs: 'stream',
    });
    const result = await readChatStream(response);
    expect(result.content).toBe('partial');
    expect(result.failures).toHaveLength(1);
    expect(result.failures[0]?.kind).toBe('connection');
    expect(result.failures[0]?.title).toEqual(httpMessages.streamConnectionError);
    expect(result.failures[0]?.detail).toMatch(/\S/);
  });
});

describe('quiet calls (a run event stream shows its own failures)', () => {
  const streamCall = (client: ReturnType<typeof setup>['client']) =>
    client.GET('/stack/run/{runId}/logs', { params: { path: { runId: 'dep-1' } }, headers: { [QUIET_REQUEST_HEADER]: 'true' }, parseAs: 'stream' });

  it('raises no notice for an error answer, rejects all the same, and does not send the marker', async () => {
    server.answer((_req, res) => json(res, 404, errorBody([{ code: 'not_found', message: 'Not Found' }])));
    const { client, notices } = setup();
    const error = await failure(streamCall(client));
    expect(error.status).toBe(404);
    expect(notices).toEqual([]);
    expect(server.requests[0]?.headers[QUIET_REQUEST_HEADER.toLowerCase()]).toBeUndefined();
    expect(server.requests[0]?.headers.authorization).toBe('Bearer tok-123');
  });

  it('raises no notice when the connection fails', async () => {
    server.answer((_req, res) => res.socket?.destroy());
    const { client, notices } = setup();
    const error = await failure(streamCall(client));
    expect(error.kind).toBe('network');
    expect(notices).toEqual([]);
  });

  it('still tells the user why a 401 signs them out', async () => {
    server.answer((_req, res) => json(res, 401, errorBody([{ code: 'unauthorized', message: 'unauthorized' }])));
    const { client, notices, signOuts } = setup();
    await failure(streamCall(client));
    expect(notices.map((n) => n.title)).toEqual([httpMessages.authenticationFail]);
    expect(signOuts()).toBe(1);
  });

  it('leaves other calls of the same client loud', async () => {
    server.answer((_req, res) => json(res, 404, errorBody([{ code: 'not_found', message: 'Not Found' }])));
    const { client, notices } = setup();
    await failure(streamCall(client));
    await failure(client.GET('/stack/run/{runId}/logs', { params: { path: { runId: 'dep-1' } }, parseAs: 'stream' }));
    expect(notices.map((n) => n.title)).toEqual([httpMessages.notFound]);
  });
});
