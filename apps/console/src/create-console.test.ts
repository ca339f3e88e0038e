import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createConsole } from './create-console';

const server = setupServer();
const asked: string[] = [];

beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => {
  server.resetHandlers();
  asked.length = 0;
  window.history.replaceState(null, '', '/');
});
afterAll(() => server.close());

function recordCalls() {
  server.use(
    http.all('http://localhost/api/*', ({ request }) => {
      asked.push(new URL(request.url).pathname);
      return HttpResponse.json({ request: { id: 'r' }, response: { items: [] } });
    }),
  );
}

describe('createConsole', () => {
  it("on an /app page signed in, starts the session's calls before anything renders", async () => {
    recordCalls();
    localStorage.setItem('auth_token', 'tsn_test');
    window.history.replaceState(null, '', '/app/namespaces');
    const console = createConsole({ apiBaseUrl: 'http://localhost/api', tfcMigrationOrganizationIds: [] });
    expect(console.queryClient.isFetching()).toBe(3);
    await expect.poll(() => [...asked].sort()).toEqual(['/api/auth/me', '/api/iam/org/userOrgRole', '/api/org/capabilities']);
    console.queryClient.clear();
  });

  it('starts nothing on the sign-in pages or without a token', async () => {
    recordCalls();
    window.history.replaceState(null, '', '/app/namespaces');
    expect(createConsole({ apiBaseUrl: 'http://localhost/api', tfcMigrationOrganizationIds: [] }).queryClient.isFetching()).toBe(0);
    localStorage.setItem('auth_token', 'tsn_test');
    window.history.replaceState(null, '', '/auth/login');
    expect(createConsole({ apiBaseUrl: 'http://localhost/api', tfcMigrationOrganizationIds: [] }).queryClient.isFetching()).toBe(0);
    expect(asked).toEqual([]);
  });
});
