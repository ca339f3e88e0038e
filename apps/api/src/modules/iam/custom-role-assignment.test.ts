import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createNamespace, mailedLinkToken, signUpOrganization, testPassword, uniqueEmail, type SignedUp } from '../../testing/factories';
import { createTestApi, type TestApi } from '../../testing/test-api';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

type Item = Record<string, unknown> & { id: string };

/** A custom organization role granting team:read (which a member or namespace-only role lacks). */
async function teamReader(org: SignedUp): Promise<string> {
  const res = await api.call<Item>('createCustomRole', {
    token: org.token,
    entity: { name: `Team readers ${Math.random()}`, type: 'organizationRole', permissions: [{ name: 'team:read' }] },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.response.items[0] as Item).id;
}

describe('custom organization roles given by invitation', () => {
  it('a newcomer invited with a custom role holds it and gets its permissions', async () => {
    const org = await signUpOrganization(api, 'cro-invite');
    const roleId = await teamReader(org);
    const email = uniqueEmail('cro-newcomer');
    expect((await api.call('inviteUser', { token: org.token, entity: { email, role: roleId } })).status).toBe(200);
    const invitationToken = await mailedLinkToken(api, email, 'acceptInvite');
    const created = await api.call<{ token: string; user: Item }>('createUserFromInvite', {
      entity: { invitationToken, firstName: 'Cro', lastName: 'Newcomer', password: testPassword },
    });
    expect(created.status).toBe(200);
    const session = created.body.response.items[0];
    expect(session?.user).toMatchObject({ orgRole: roleId, customRoleId: roleId });
    expect((await api.call('listTeams', { token: session?.token })).status).toBe(200);
    // Exactly its permissions: nothing else.
    expect((await api.call('createTeam', { token: session?.token, entity: { name: 'nope' } })).status).toBe(403);
  });

  it('an existing user accepting an invitation with a custom role holds it there', async () => {
    const host = await signUpOrganization(api, 'cro-host');
    const guest = await signUpOrganization(api, 'cro-guest');
    const roleId = await teamReader(host);
    await api.call('inviteUser', { token: host.token, entity: { email: guest.email, role: roleId } });
    const invitationToken = await mailedLinkToken(api, guest.email, 'acceptInviteExistingUser');
    expect((await api.call('acceptInvite', { entity: { invitationToken } })).status).toBe(200);
    const switched = await api.call<{ token: string; user: Item }>('tradeSession', {
      token: guest.token,
      query: { desiredOrganizationId: host.organizationId },
    });
    expect(switched.status).toBe(200);
    const token = switched.body.response.items[0]?.token;
    expect(switched.body.response.items[0]?.user).toMatchObject({ customRoleId: roleId });
    expect((await api.call('listTeams', { token })).status).toBe(200);
  });

  it('a custom role held by an open invitation cannot be deleted', async () => {
    const org = await signUpOrganization(api, 'cro-held');
    const roleId = await teamReader(org);
    await api.call('inviteUser', { token: org.token, entity: { email: uniqueEmail('pending'), role: roleId } });
    const deleted = await api.call('deleteCustomRole', { token: org.token, params: { customRoleId: roleId } });
    expect(deleted.status).toBe(409);
    expect(deleted.body.response.errors[0]?.code).toBe('conflict');
  });
});

describe("another organization's custom role id", () => {
  async function setUp() {
    const mine = await signUpOrganization(api, 'cro-mine');
    const theirs = await signUpOrganization(api, 'cro-theirs');
    return { mine, foreignRole: await teamReader(theirs) };
  }

  const refusedOn = (res: { status: number; body: { response: { errors: { code: string; field?: string | null }[] } } }, field: string) => {
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.response.errors[0]).toMatchObject({ code: 'validation_error', field });
  };

  it('is refused for an invitation', async () => {
    const { mine, foreignRole } = await setUp();
    refusedOn(await api.call('inviteUser', { token: mine.token, entity: { email: uniqueEmail(), role: foreignRole } }), 'entity.role');
  });

  it('is refused for a programmatic user, while an own custom role works and grants its permissions', async () => {
    const { mine, foreignRole } = await setUp();
    refusedOn(await api.call('createProgrammaticUser', { token: mine.token, entity: { name: 'robot', role: foreignRole } }), 'entity.role');
    const ownRole = await teamReader(mine);
    const robot = await api.call<Item>('createProgrammaticUser', { token: mine.token, entity: { name: 'robot', role: ownRole } });
    expect(robot.status).toBe(200);
    const minted = await api.call<{ token: string }>('createProgrammaticUserToken', {
      token: mine.token,
      params: { programmaticUserId: (robot.body.response.items[0] as Item).id },
      entity: { name: 'ci' },
    });
    expect((await api.call('listTeams', { token: minted.body.response.items[0]?.token })).status).toBe(200);
  });

  it('is refused for a role change', async () => {
    const { mine, foreignRole } = await setUp();
    const member = await addMember(api, mine.organizationId, 'member');
    refusedOn(
      await api.call('updateOrganizationUser', { token: mine.token, params: { userId: member.userId }, entity: { role: foreignRole } }),
      'entity.role',
    );
  });

  it('is refused for a namespace permission', async () => {
    const { mine, foreignRole } = await setUp();
    const ns = await createNamespace(api, mine.token);
    refusedOn(
      await api.call('createNamespacePermission', {
        token: mine.token,
        entity: { namespaceId: ns.id, userEmail: mine.email, customRoleId: foreignRole },
      }),
      'entity.customRoleId',
    );
  });

  it('is refused in a custom ABAC mapping', async () => {
    const { mine, foreignRole } = await setUp();
    refusedOn(
      await api.call('createCustomAbacConfiguration', {
        token: mine.token,
        entity: { customAbacId: 'grp', name: 'g', roles: [{ orgId: mine.organizationId, orgRole: foreignRole }] },
      }),
      'entity.roles.0.orgRole',
    );
  });
});
