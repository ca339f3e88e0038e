import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createNamespace, signUpOrganization, type SignedUp } from '../../testing/factories';
import { createCustomRole, createTeam } from '../../testing/iam-factories';
import { createTestApi, type TestApi } from '../../testing/test-api';

type OrganizationUser = { userId: string; email: string; orgRole: string; customRoleId: string | null };

let api: TestApi;
let admin: SignedUp;

beforeAll(async () => {
  api = await createTestApi();
  admin = await signUpOrganization(api, 'orgusers');
});
afterAll(() => api.close());

const roleOf = async (token: string) =>
  (await api.call<{ orgRole: string; customRoleId: string | null }>('getUserOrgRole', { token })).body.response.items[0];

describe('organization users', () => {
  it('changes a role, effective on the next call, and to a custom organization role', async () => {
    const member = await addMember(api, admin.organizationId, 'member');
    const res = await api.call<OrganizationUser>('updateOrganizationUser', {
      token: admin.token,
      params: { userId: member.userId },
      entity: { orgRole: 'viewer' },
    });
    expect(res.status).toBe(200);
    expect(res.body.response.items[0]).toMatchObject({ userId: member.userId, email: member.email, orgRole: 'viewer', customRoleId: null });
    expect(await roleOf(member.token)).toMatchObject({ orgRole: 'viewer' });
    expect((await api.call('listOrganizationUsers', { token: member.token })).status).toBe(200);

    const role = await createCustomRole(api, admin.token, { type: 'organizationRole' });
    const custom = await api.call<OrganizationUser>('updateOrganizationUser', {
      token: admin.token,
      params: { userId: member.userId },
      entity: { orgRole: 'custom', customRoleId: role.id },
    });
    expect(custom.body.response.items[0]).toMatchObject({ orgRole: 'custom', customRoleId: role.id });
    expect(await roleOf(member.token)).toMatchObject({ orgRole: 'custom', customRoleId: role.id });
  });

  it('validates the role with the field in error', async () => {
    const member = await addMember(api, admin.organizationId, 'member');
    const params = { userId: member.userId };
    const nsRole = await createCustomRole(api, admin.token, { type: 'namespaceRole' });
    const cases: [Record<string, unknown>, string][] = [
      [{ orgRole: 'owner' }, 'entity.orgRole'],
      [{}, 'entity.orgRole'],
      [{ orgRole: 'custom' }, 'entity.customRoleId'],
      [{ orgRole: 'custom', customRoleId: nsRole.id }, 'entity.customRoleId'],
      [{ orgRole: 'viewer', customRoleId: nsRole.id }, 'entity.customRoleId'],
    ];
    for (const [entity, field] of cases) {
      const res = await api.call('updateOrganizationUser', { token: admin.token, params, entity });
      expect(res.status, JSON.stringify(entity)).toBe(400);
      expect(res.body.response.errors[0]).toMatchObject({ code: 'validation_error', field });
    }
  });

  it('never demotes or removes the last admin', async () => {
    const org = await signUpOrganization(api, 'orgusers-last');
    const self = { userId: org.userId };
    const demote = await api.call('updateOrganizationUser', { token: org.token, params: self, entity: { orgRole: 'viewer' } });
    expect(demote.status).toBe(409);
    expect(demote.body.response.errors[0]).toMatchObject({ code: 'conflict' });
    expect(demote.body.response.errors[0]?.message).toMatch(/last admin/);
    const remove = await api.call('removeOrganizationUser', { token: org.token, params: self });
    expect(remove.status).toBe(409);
    expect(await roleOf(org.token)).toMatchObject({ orgRole: 'admin' });

    // With a second admin, the first may step down; then the second is the last one.
    const second = await addMember(api, org.organizationId, 'admin');
    expect((await api.call('updateOrganizationUser', { token: org.token, params: self, entity: { orgRole: 'viewer' } })).status).toBe(200);
    const last = await api.call('removeOrganizationUser', { token: second.token, params: { userId: second.userId } });
    expect(last.status).toBe(409);
    expect((await api.call('removeOrganizationUser', { token: second.token, params: self })).status).toBe(200);
  });

  it('removes a member: sessions end, team memberships and namespace permissions go', async () => {
    const member = await addMember(api, admin.organizationId, 'nsOnly');
    const team = await createTeam(api, admin.token);
    await api.call('createTeamUser', { token: admin.token, entity: { teamId: team.id, userEmail: member.email } });
    const ns = await createNamespace(api, admin.token);
    await api.call('createNamespacePermission', { token: admin.token, entity: { namespaceId: ns.id, userEmail: member.email, role: 'viewer' } });

    const res = await api.call<OrganizationUser>('removeOrganizationUser', { token: admin.token, params: { userId: member.userId } });
    expect(res.status).toBe(200);
    expect(res.body.response.items[0]).toMatchObject({ userId: member.userId, orgRole: 'nsOnly' });
    expect((await api.call('getCurrentUser', { token: member.token })).status).toBe(401);
    const users = await api.call<OrganizationUser>('listOrganizationUsers', { token: admin.token, query: { email: member.email } });
    expect(users.body.response.items).toEqual([]);
    const teamUsers = await api.call('listTeamUsers', { token: admin.token, query: { teamId: team.id } });
    expect(teamUsers.body.response.items).toEqual([]);
    const grants = await api.call('listNamespacePermissions', { token: admin.token, query: { namespaceId: ns.id } });
    expect(grants.body.response.items).toEqual([]);
    expect((await api.call('removeOrganizationUser', { token: admin.token, params: { userId: member.userId } })).status).toBe(404);
  });

  it('answers not_found for users of another organization, and refuses non-admins', async () => {
    const stranger = await signUpOrganization(api, 'orgusers-other');
    for (const res of [
      await api.call('updateOrganizationUser', { token: admin.token, params: { userId: stranger.userId }, entity: { orgRole: 'viewer' } }),
      await api.call('removeOrganizationUser', { token: admin.token, params: { userId: stranger.userId } }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.response.errors[0]?.code).toBe('not_found');
    }
    expect(await roleOf(stranger.token)).toMatchObject({ orgRole: 'admin' });

    const viewer = await addMember(api, admin.organizationId, 'viewer');
    const target = await addMember(api, admin.organizationId, 'member');
    const escalate = await api.call('updateOrganizationUser', { token: viewer.token, params: { userId: viewer.userId }, entity: { orgRole: 'admin' } });
    expect(escalate.status).toBe(403);
    expect((await api.call('removeOrganizationUser', { token: viewer.token, params: { userId: target.userId } })).status).toBe(403);
    expect(await roleOf(viewer.token)).toMatchObject({ orgRole: 'viewer' });
  });

  it('writes audit events', async () => {
    const org = await signUpOrganization(api, 'orgusers-audit');
    const member = await addMember(api, org.organizationId, 'member');
    await api.call('updateOrganizationUser', { token: org.token, params: { userId: member.userId }, entity: { orgRole: 'viewer' } });
    await api.call('removeOrganizationUser', { token: org.token, params: { userId: member.userId } });
    const audit = await api.call<{ entityId: string; entityName: string; action: string }>('listAuditEvents', {
      token: org.token,
      query: { entityType: 'user' },
    });
    const forMember = audit.body.response.items.filter((e) => e.entityId === member.userId && e.action !== 'signIn');
    expect(forMember.map((e) => [e.entityName, e.action])).toEqual([
      [member.email, 'delete'],
      [member.email, 'update'],
    ]);
  });
});
