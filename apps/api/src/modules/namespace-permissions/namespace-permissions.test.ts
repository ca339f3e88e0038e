import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createNamespace, signUpOrganization, type SignedUp } from '../../testing/factories';
import { createCustomRole, createProgrammaticToken, createProgrammaticUser, createTeam } from '../../testing/iam-factories';
import { createTestApi, type TestApi } from '../../testing/test-api';

type Grant = {
  namespaceId: string;
  stackId: string | null;
  userEmail: string | null;
  programmaticUserName: string | null;
  teamId: string | null;
  role: string | null;
  customRoleId: string | null;
};

let api: TestApi;
let admin: SignedUp;

beforeAll(async () => {
  api = await createTestApi();
  admin = await signUpOrganization(api, 'nsperm');
});
afterAll(() => api.close());

const grant = (token: string, entity: Record<string, unknown>) => api.call<Grant>('createNamespacePermission', { token, entity });
const visibleNamespaces = async (token: string) =>
  (await api.call<{ id: string }>('listNamespaces', { token })).body.response.items.map((n) => n.id).sort();

describe('namespace permissions', () => {
  it('grants to each kind of principal, lists by target or principal, and withdraws by key', async () => {
    const ns = await createNamespace(api, admin.token);
    const team = await createTeam(api, admin.token);
    const robot = await createProgrammaticUser(api, admin.token, { orgRole: 'nsOnly' });
    const user = await addMember(api, admin.organizationId, 'nsOnly');
    const role = await createCustomRole(api, admin.token, { permissions: [{ name: 'plan:start' }] });

    const byTeam = await grant(admin.token, { namespaceId: ns.id, teamId: team.id, role: 'admin' });
    expect(byTeam.status).toBe(200);
    expect(byTeam.body.response.items[0]).toMatchObject({
      namespaceId: ns.id,
      stackId: null,
      teamId: team.id,
      userEmail: null,
      programmaticUserName: null,
      role: 'admin',
      customRoleId: null,
    });
    const byRobot = await grant(admin.token, { namespaceId: ns.id, programmaticUserName: robot.name, customRoleId: role.id });
    expect(byRobot.body.response.items[0]).toMatchObject({ programmaticUserName: robot.name, role: null, customRoleId: role.id });
    const byUser = await grant(admin.token, { namespaceId: ns.id, stackId: 'stk-abcd1234', userEmail: user.email.toUpperCase(), role: 'viewer' });
    expect(byUser.body.response.items[0]).toMatchObject({ userEmail: user.email, stackId: 'stk-abcd1234' });
    const everywhere = await grant(admin.token, { namespaceId: '*', teamId: team.id, role: 'viewer' });
    expect(everywhere.body.response.items[0]).toMatchObject({ namespaceId: '*', teamId: team.id });

    const onNamespace = await api.call<Grant>('listNamespacePermissions', { token: admin.token, query: { namespaceId: ns.id } });
    expect(onNamespace.body.response.items).toHaveLength(3);
    expect(onNamespace.body.response.paging?.total).toBe(3);
    const all = await api.call<Grant>('listNamespacePermissions', { token: admin.token, query: { namespaceId: '*' } });
    expect(all.body.response.items.map((g) => g.teamId)).toEqual([team.id]);
    const ofTeam = await api.call<Grant>('listNamespacePermissions', { token: admin.token, query: { teamId: team.id } });
    expect(ofTeam.body.response.items.map((g) => g.namespaceId).sort()).toEqual(['*', ns.id].sort());
    const ofRobot = await api.call<Grant>('listNamespacePermissions', { token: admin.token, query: { programmaticUserName: robot.name } });
    expect(ofRobot.body.response.items).toHaveLength(1);
    const ofUser = await api.call<Grant>('listNamespacePermissions', { token: admin.token, query: { userEmail: user.email } });
    expect(ofUser.body.response.items).toHaveLength(1);

    // A listed item can be sent back as the key.
    const item = ofUser.body.response.items[0] as Grant;
    const removed = await api.call<Grant>('deleteNamespacePermission', { token: admin.token, entity: item });
    expect(removed.status).toBe(200);
    const again = await api.call('deleteNamespacePermission', { token: admin.token, entity: item });
    expect(again.status).toBe(404);
    // A key whose role does not match the grant withdraws nothing.
    const stale = await api.call('deleteNamespacePermission', { token: admin.token, entity: { namespaceId: ns.id, teamId: team.id, role: 'viewer' } });
    expect(stale.status).toBe(404);
    expect((await api.call('deleteNamespacePermission', { token: admin.token, entity: { namespaceId: ns.id, teamId: team.id } })).status).toBe(200);
  });

  it('validates the target, the one principal and the one role, with the field in error', async () => {
    const ns = await createNamespace(api, admin.token);
    const team = await createTeam(api, admin.token);
    const orgRole = await createCustomRole(api, admin.token, { type: 'organizationRole' });
    const stranger = await signUpOrganization(api, 'nsperm-stranger');
    const cases: [Record<string, unknown>, string][] = [
      [{ namespaceId: ns.id, role: 'viewer' }, 'entity.userEmail'],
      [{ namespaceId: ns.id, teamId: team.id, userEmail: admin.email, role: 'viewer' }, 'entity.teamId'],
      [{ namespaceId: ns.id, teamId: team.id }, 'entity.role'],
      [{ namespaceId: ns.id, teamId: team.id, role: 'viewer', customRoleId: orgRole.id }, 'entity.customRoleId'],
      [{ namespaceId: ns.id, teamId: team.id, customRoleId: orgRole.id }, 'entity.customRoleId'],
      [{ namespaceId: ns.id, teamId: team.id, role: 'owner' }, 'entity.role'],
      [{ namespaceId: '*', stackId: 'stk-abcd1234', teamId: team.id, role: 'viewer' }, 'entity.stackId'],
      [{ namespaceId: 'all', teamId: team.id, role: 'viewer' }, 'entity.namespaceId'],
      [{ namespaceId: ns.id, teamId: 'team-nosuchteam000', role: 'viewer' }, 'entity.teamId'],
      [{ namespaceId: ns.id, userEmail: stranger.email, role: 'viewer' }, 'entity.userEmail'],
      [{ namespaceId: ns.id, programmaticUserName: 'nobody', role: 'viewer' }, 'entity.programmaticUserName'],
    ];
    for (const [entity, field] of cases) {
      const res = await grant(admin.token, entity);
      expect(res.status, JSON.stringify(entity)).toBe(400);
      expect(res.body.response.errors[0], JSON.stringify(entity)).toMatchObject({ code: 'validation_error', field });
    }
    expect((await grant(admin.token, { namespaceId: ns.id, teamId: team.id, role: 'viewer' })).status).toBe(200);
    const duplicate = await grant(admin.token, { namespaceId: ns.id, teamId: team.id, role: 'admin' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.response.errors[0]?.code).toBe('already_exist');
  });

  it('keeps organizations apart, lets viewers only read, and drops grants with their principal', async () => {
    const stranger = await signUpOrganization(api, 'nsperm-other');
    const theirNs = await createNamespace(api, stranger.token);
    const theirTeam = await createTeam(api, stranger.token);
    await grant(stranger.token, { namespaceId: theirNs.id, teamId: theirTeam.id, role: 'viewer' });
    const team = await createTeam(api, admin.token);
    const intoTheirs = await grant(admin.token, { namespaceId: theirNs.id, teamId: team.id, role: 'viewer' });
    expect(intoTheirs.status).toBe(404);
    expect(intoTheirs.body.response.errors[0]?.code).toBe('not_found');
    const withTheirTeam = await grant(admin.token, { namespaceId: '*', teamId: theirTeam.id, role: 'viewer' });
    expect(withTheirTeam.body.response.errors[0]).toMatchObject({ code: 'validation_error', field: 'entity.teamId' });
    const removeTheirs = await api.call('deleteNamespacePermission', { token: admin.token, entity: { namespaceId: theirNs.id, teamId: theirTeam.id } });
    expect(removeTheirs.status).toBe(404);
    const seen = await api.call<Grant>('listNamespacePermissions', { token: admin.token, query: { namespaceId: theirNs.id } });
    expect(seen.body.response.items).toEqual([]);

    const viewer = await addMember(api, admin.organizationId, 'viewer');
    expect((await api.call('listNamespacePermissions', { token: viewer.token })).status).toBe(200);
    const denied = await grant(viewer.token, { namespaceId: '*', teamId: team.id, role: 'admin' });
    expect(denied.status).toBe(403);

    const ns = await createNamespace(api, admin.token);
    await grant(admin.token, { namespaceId: ns.id, teamId: team.id, role: 'viewer' });
    await api.call('deleteTeam', { token: admin.token, params: { teamId: team.id } });
    await api.call('deleteNamespace', { token: admin.token, params: { namespaceId: ns.id } });
    const left = await api.call<Grant>('listNamespacePermissions', { token: admin.token, query: { teamId: team.id } });
    expect(left.body.response.items).toEqual([]);
  });

  it('writes audit events', async () => {
    const org = await signUpOrganization(api, 'nsperm-audit');
    const team = await createTeam(api, org.token);
    const key = { namespaceId: '*', teamId: team.id };
    await grant(org.token, { ...key, role: 'viewer' });
    await api.call('deleteNamespacePermission', { token: org.token, entity: key });
    const audit = await api.call<{ entityId: string; entityName: string; action: string }>('listAuditEvents', {
      token: org.token,
      query: { entityType: 'namespacePermission' },
    });
    expect(audit.body.response.items.map((e) => [e.entityId, e.entityName, e.action])).toEqual([
      ['*', `team ${team.id}`, 'delete'],
      ['*', `team ${team.id}`, 'create'],
    ]);
  });
});

describe('the permission engine honours namespace permissions for namespace-only principals', () => {
  it('shows and opens only the granted namespaces, with the granted role', async () => {
    const org = await signUpOrganization(api, 'nsonly');
    const [a, b, c] = [await createNamespace(api, org.token), await createNamespace(api, org.token), await createNamespace(api, org.token)];
    const user = await addMember(api, org.organizationId, 'nsOnly');
    expect(await visibleNamespaces(user.token)).toEqual([]);
    expect((await api.call('getNamespace', { token: user.token, params: { namespaceId: a.id } })).status).toBe(403);

    // Directly as viewer on a; through a team as admin on b; only a stack of c.
    await grant(org.token, { namespaceId: a.id, userEmail: user.email, role: 'viewer' });
    const team = await createTeam(api, org.token);
    await api.call('createTeamUser', { token: org.token, entity: { teamId: team.id, userEmail: user.email } });
    await grant(org.token, { namespaceId: b.id, teamId: team.id, role: 'admin' });
    await grant(org.token, { namespaceId: c.id, stackId: 'stk-abcd1234', userEmail: user.email, role: 'admin' });

    expect(await visibleNamespaces(user.token)).toEqual([a.id, b.id].sort());
    expect((await api.call('getNamespace', { token: user.token, params: { namespaceId: a.id } })).status).toBe(200);
    expect((await api.call('getNamespace', { token: user.token, params: { namespaceId: c.id } })).status).toBe(403);
    const updateA = await api.call('updateNamespace', { token: user.token, params: { namespaceId: a.id }, entity: { description: 'x' } });
    expect(updateA.status).toBe(403);
    const updateB = await api.call('updateNamespace', { token: user.token, params: { namespaceId: b.id }, entity: { description: 'by team admin' } });
    expect(updateB.status).toBe(200);
    // Namespace roles never reach organization-level permissions.
    expect((await api.call('deleteNamespace', { token: user.token, params: { namespaceId: b.id } })).status).toBe(403);
    expect((await api.call('createNamespace', { token: user.token, entity: { name: 'mine' } })).status).toBe(403);

    // Leaving the team takes its grant away.
    await api.call('deleteTeamUser', { token: org.token, entity: { teamId: team.id, userEmail: user.email } });
    expect(await visibleNamespaces(user.token)).toEqual([a.id]);
  });

  it('opens every namespace with an All Namespaces grant, for programmatic users too, and a custom namespace role reads', async () => {
    const org = await signUpOrganization(api, 'nsonly-all');
    const [a, b] = [await createNamespace(api, org.token), await createNamespace(api, org.token)];
    const robot = await createProgrammaticUser(api, org.token, { orgRole: 'nsOnly' });
    const { token } = await createProgrammaticToken(api, org.token, robot.id);
    expect(await visibleNamespaces(token)).toEqual([]);
    await grant(org.token, { namespaceId: '*', programmaticUserName: robot.name, role: 'viewer' });
    expect(await visibleNamespaces(token)).toEqual([a.id, b.id].sort());
    expect((await api.call('updateNamespace', { token, params: { namespaceId: a.id }, entity: { description: 'x' } })).status).toBe(403);

    const user = await addMember(api, org.organizationId, 'nsOnly');
    const role = await createCustomRole(api, org.token, { permissions: [{ name: 'deployment:start' }] });
    await grant(org.token, { namespaceId: b.id, userEmail: user.email, customRoleId: role.id });
    expect(await visibleNamespaces(user.token)).toEqual([b.id]);
    // The role is held: it cannot be deleted from under the grant.
    expect((await api.call('deleteCustomRole', { token: org.token, params: { customRoleId: role.id } })).status).toBe(409);
  });

  it('does not change what organization roles may do', async () => {
    const org = await signUpOrganization(api, 'nsonly-viewer');
    const ns = await createNamespace(api, org.token);
    const viewer = await addMember(api, org.organizationId, 'viewer');
    await grant(org.token, { namespaceId: ns.id, userEmail: viewer.email, role: 'admin' });
    // A viewer reads every namespace already; a namespace grant does not add writes to it.
    const update = await api.call('updateNamespace', { token: viewer.token, params: { namespaceId: ns.id }, entity: { description: 'x' } });
    expect(update.status).toBe(403);
  });
});
