import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createNamespace, signUpOrganization } from '../../testing/factories';
import { createTestApi, type TestApi } from '../../testing/test-api';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

type Item = Record<string, unknown> & { id: string };

describe('teams', () => {
  it('creates teams with an IdP group id, adds members, and shows them in the session', async () => {
    const org = await signUpOrganization(api, 'teams');
    const member = await addMember(api, org.organizationId, 'member');
    const team = await api.call<Item>('createTeam', { token: org.token, entity: { name: 'Platform', customIdpId: 'okta-platform' } });
    const teamId = (team.body.response.items[0] as Item).id;
    expect(teamId).toMatch(/^team-/);
    const dup = await api.call('createTeam', { token: org.token, entity: { name: 'Platform' } });
    expect(dup.status).toBe(409);

    expect((await api.call('addTeamUser', { token: org.token, entity: { teamId, userEmail: member.email } })).status).toBe(200);
    const users = await api.call('listTeamUsers', { token: org.token, query: { teamId } });
    expect(users.body.response.items).toEqual([{ teamId, email: member.email, userId: member.userId }]);
    const role = await api.call<{ teams: unknown[] }>('getUserOrgRole', { token: member.token });
    expect(role.body.response.items[0]?.teams).toEqual([{ id: teamId, name: 'Platform' }]);

    const outsider = await api.call('addTeamUser', { token: org.token, entity: { teamId, userEmail: 'nobody@example.test' } });
    expect(outsider.status).toBe(400);
    const cleared = await api.call<Item>('updateTeam', { token: org.token, params: { teamId }, entity: { customIdpId: null } });
    expect(cleared.body.response.items[0]).toMatchObject({ name: 'Platform', customIdpId: null });
    expect((await api.call('removeTeamUser', { token: org.token, entity: { teamId, userEmail: member.email } })).status).toBe(200);
    expect((await api.call('deleteTeam', { token: org.token, params: { teamId } })).status).toBe(200);
    expect((await api.call('getTeam', { token: org.token, params: { teamId } })).status).toBe(404);
  });
});

describe('namespace permissions', () => {
  it('opens exactly the granted namespaces to namespace-only users, directly or through a team', async () => {
    const org = await signUpOrganization(api, 'nsperm');
    const [a, b, c] = [await createNamespace(api, org.token, 'a'), await createNamespace(api, org.token, 'b'), await createNamespace(api, org.token, 'c')];
    const operator = await addMember(api, org.organizationId, 'ns-operator');
    const listed = async () =>
      (await api.call<{ name: string }>('listNamespaces', { token: operator.token })).body.response.items.map((n) => n.name);
    expect(await listed()).toEqual([]);

    await api.call('createNamespacePermission', { token: org.token, entity: { namespaceId: a.id, userEmail: operator.email, role: 'viewer' } });
    expect(await listed()).toEqual(['a']);
    expect((await api.call('getNamespace', { token: operator.token, params: { namespaceId: b.id } })).status).toBe(403);
    expect((await api.call('updateNamespace', { token: operator.token, params: { namespaceId: a.id }, entity: { description: 'x' } })).status).toBe(403);

    const team = await api.call<Item>('createTeam', { token: org.token, entity: { name: 'ops' } });
    const teamId = (team.body.response.items[0] as Item).id;
    await api.call('addTeamUser', { token: org.token, entity: { teamId, userEmail: operator.email } });
    await api.call('createNamespacePermission', { token: org.token, entity: { namespaceId: b.id, teamId, role: 'admin' } });
    expect(await listed()).toEqual(['a', 'b']);
    expect((await api.call('updateNamespace', { token: operator.token, params: { namespaceId: b.id }, entity: { description: 'x' } })).status).toBe(200);
    expect((await api.call('deleteNamespace', { token: operator.token, params: { namespaceId: b.id } })).status).toBe(403);

    const grants = await api.call('listNamespacePermissions', { token: org.token, query: { namespaceId: b.id } });
    expect(grants.body.response.items).toEqual([{ namespaceId: b.id, stackId: null, role: 'admin', customRoleId: null, teamId }]);
    // Posting the key again changes the role (clients update a permission with this call).
    const changed = await api.call('createNamespacePermission', { token: org.token, entity: { namespaceId: b.id, teamId, role: 'viewer' } });
    expect(changed.status).toBe(200);
    expect(changed.body.response.items).toEqual([{ namespaceId: b.id, stackId: null, role: 'viewer', customRoleId: null, teamId }]);
    const again = await api.call('listNamespacePermissions', { token: org.token, query: { namespaceId: b.id } });
    expect(again.body.response.items).toEqual([{ namespaceId: b.id, stackId: null, role: 'viewer', customRoleId: null, teamId }]);

    await api.call('createNamespacePermission', { token: org.token, entity: { namespaceId: null, userEmail: operator.email, role: 'viewer' } });
    expect(await listed()).toEqual(['a', 'b', 'c']);
    await api.call('deleteNamespacePermission', { token: org.token, entity: { namespaceId: null, userEmail: operator.email } });
    expect(await listed()).toEqual(['a', 'b']);
    expect(c.id).toMatch(/^ns-/);
  });

  it('refuses principals and namespaces of another organization', async () => {
    const org = await signUpOrganization(api, 'nsperm-own');
    const other = await signUpOrganization(api, 'nsperm-other');
    const theirs = await createNamespace(api, other.token);
    const res = await api.call('createNamespacePermission', { token: org.token, entity: { namespaceId: theirs.id, userEmail: org.email, role: 'viewer' } });
    expect(res.status).toBe(404);
    expect(res.body.response.errors[0]).toMatchObject({ code: 'not_found', message: `Namespace not found: ${theirs.id}` });
    const stranger = await api.call('createNamespacePermission', { token: org.token, entity: { namespaceId: null, userEmail: other.email, role: 'viewer' } });
    expect(stranger.status).toBe(400);
  });
});

describe('custom roles', () => {
  it('grants a custom organization role its permissions and nothing else', async () => {
    const org = await signUpOrganization(api, 'customrole');
    const role = await api.call<Item>('createCustomRole', {
      token: org.token,
      entity: { name: 'Namespace manager', type: 'organizationRole', permissions: [{ name: 'namespace:read' }, { name: 'namespace:create' }] },
    });
    const roleId = (role.body.response.items[0] as Item).id;
    const member = await addMember(api, org.organizationId, 'member');
    const assigned = await api.call('updateOrganizationUser', { token: org.token, params: { userId: member.userId }, entity: { role: roleId } });
    expect(assigned.body.response.items[0]).toMatchObject({ orgRole: roleId, customRoleId: roleId });

    expect((await api.call('createNamespace', { token: member.token, entity: { name: 'by-custom-role' } })).status).toBe(200);
    expect((await api.call('listAuditEvents', { token: member.token })).status).toBe(403);
    expect((await api.call('deleteCustomRole', { token: org.token, params: { customRoleId: roleId } })).status).toBe(409);

    await api.call('updateCustomRole', { token: org.token, params: { customRoleId: roleId }, entity: { permissions: [{ name: 'audit:read' }] } });
    expect((await api.call('createNamespace', { token: member.token, entity: { name: 'refused' } })).status).toBe(403);
    expect((await api.call('listAuditEvents', { token: member.token })).status).toBe(200);
  });

  it('applies a custom namespace role through a namespace permission', async () => {
    const org = await signUpOrganization(api, 'nsrole');
    const ns = await createNamespace(api, org.token);
    const role = await api.call<Item>('createCustomRole', {
      token: org.token,
      entity: { name: 'Editor', type: 'namespaceRole', permissions: [{ name: 'namespace:read' }, { name: 'namespace:update' }], stackRestriction: 'restrictWriteToOwnStacks' },
    });
    const customRoleId = (role.body.response.items[0] as Item).id;
    const operator = await addMember(api, org.organizationId, 'ns-editor');
    await api.call('createNamespacePermission', { token: org.token, entity: { namespaceId: ns.id, userEmail: operator.email, customRoleId } });
    expect((await api.call('updateNamespace', { token: operator.token, params: { namespaceId: ns.id }, entity: { description: 'ok' } })).status).toBe(200);
    const organizationRole = await api.call<Item>('createCustomRole', { token: org.token, entity: { name: 'Org', type: 'organizationRole', permissions: [] } });
    const wrongType = await api.call('createNamespacePermission', {
      token: org.token,
      entity: { namespaceId: ns.id, userEmail: org.email, customRoleId: (organizationRole.body.response.items[0] as Item).id },
    });
    expect(wrongType.status).toBe(400);
  });
});

describe('programmatic users', () => {
  it('authenticates with a token shown once, with the robot’s role, until revoked', async () => {
    const org = await signUpOrganization(api, 'robots');
    const robot = await api.call<Item>('createProgrammaticUser', { token: org.token, entity: { name: 'ci-bot', role: 'viewer' } });
    const programmaticUserId = (robot.body.response.items[0] as Item).id;
    const created = await api.call<Item & { token: string }>('createProgrammaticUserToken', {
      token: org.token,
      params: { programmaticUserId },
      entity: { name: 'pipeline' },
    });
    const { token, id: tokenId } = created.body.response.items[0] as Item & { token: string };
    expect(token).toMatch(/^tpu_/);
    const listed = await api.call('listProgrammaticUserTokens', { token: org.token, params: { programmaticUserId } });
    expect(JSON.stringify(listed.body)).not.toContain(token);

    expect((await api.call('listNamespaces', { token })).status).toBe(200);
    expect((await api.call('createNamespace', { token, entity: { name: 'robot-made' } })).status).toBe(403);

    await api.call('revokeProgrammaticUserToken', { token: org.token, params: { programmaticUserId, tokenId } });
    expect((await api.call('listNamespaces', { token })).status).toBe(401);
  });
});

describe('custom ABAC configuration', () => {
  it('maps identity-provider groups to roles and teams', async () => {
    const org = await signUpOrganization(api, 'abac');
    const created = await api.call<Item>('createCustomAbacConfiguration', {
      token: org.token,
      entity: { customAbacId: 'okta:admins', name: 'Admins', roles: [{ orgId: org.organizationId, orgRole: 'admin', teamIds: [] }] },
    });
    const id = (created.body.response.items[0] as Item).id;
    expect(id).toMatch(/^cac-/);
    const dup = await api.call('createCustomAbacConfiguration', { token: org.token, entity: { customAbacId: 'okta:admins', name: 'Again', roles: [] } });
    expect(dup.status).toBe(409);
    const renamed = await api.call('updateCustomAbacConfiguration', { token: org.token, params: { customAbacConfigurationId: id }, entity: { name: 'Platform admins' } });
    expect(renamed.body.response.items[0]).toMatchObject({ name: 'Platform admins', customAbacId: 'okta:admins' });
    expect((await api.call('listCustomAbacConfigurations', { token: org.token })).body.response.items).toHaveLength(1);
    expect((await api.call('deleteCustomAbacConfiguration', { token: org.token, params: { customAbacConfigurationId: id } })).status).toBe(200);
  });
});
