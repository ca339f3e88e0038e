import { ApiError, createApiClient } from '@terrace/api-client';
import { envelope, errorResponse, handle } from '@terrace/api-client/testing';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { organizationRequests } from './organization.requests';
import { organizationFixtures } from './organization.fixtures';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function testClient() {
  const client = createApiClient({
    baseUrl: 'http://console.test/api',
    getToken: () => 'tok',
    onUnauthorized: () => undefined,
    notify: () => undefined,
    navigate: { location: () => ({ pathname: '/app', search: '' }), go: () => undefined },
  });
  return client;
}

describe('organizationRequests', () => {
  it('asks for one page of users and reads the total from the paging block', async () => {
    server.use(
      handle('get', '/iam/org/user', ({ query }) =>
        envelope([organizationFixtures.user()], {
          paging: { page: Number(query.get('page')), pageSize: 20, total: 41 },
        }),
      ),
    );
    const page = await organizationRequests.users(testClient(), { page: 3, pageSize: 20 });
    expect(page.total).toBe(41);
    expect(page.items[0]?.email).toBe('ada@example.com');
  });

  it('reads an unconfigured organization configuration as null (empty items)', async () => {
    server.use(handle('get', '/org/configuration', () => envelope([])));
    await expect(organizationRequests.configuration(testClient())).resolves.toBeNull();
  });

  it('removes a team member with the pair in the DELETE body, since memberships have no id', async () => {
    const seen: unknown[] = [];
    server.use(
      handle('delete', '/iam/org/teamUser', ({ body }) => {
        seen.push(body?.entity);
        return envelope([{ teamId: 'team-1', email: 'ada@example.com', userId: 'usr-ada' }]);
      }),
    );
    await organizationRequests.removeTeamUser(testClient(), 'team-1', 'ada@example.com');
    expect(seen).toEqual([{ teamId: 'team-1', userEmail: 'ada@example.com' }]);
  });

  it('sends a profile change on the same client, with its token', async () => {
    const seen: unknown[] = [];
    server.use(
      handle('put', '/iam/user/profile', ({ body, request }) => {
        seen.push([body?.entity, request.headers.get('authorization')]);
        return errorResponse(400, 'validation_error', 'First name is too long');
      }),
    );
    const error = await organizationRequests
      .updateProfile(testClient(), { firstName: 'A', lastName: 'B' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(seen).toEqual([[{ firstName: 'A', lastName: 'B' }, 'Bearer tok']]);
  });

  it('rejects with the ApiError of the catalogue when the server refuses', async () => {
    server.use(handle('post', '/iam/org/team', () => errorResponse(400, 'already_exist', 'Team already exists')));
    const error = await organizationRequests
      .createTeam(testClient(), { name: 'Platform' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Team already exists' });
  });
});
