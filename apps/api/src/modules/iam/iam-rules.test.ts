import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMembership } from '../accounts/accounts.repository';
import { addMember, createNamespace, signUpOrganization, type SignedUp } from '../../testing/factories';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { programmaticTokens } from './iam.schema';

// The rules of the IAM calls beyond their happy paths (iam.test.ts): validation errors name
// their field, another organization's objects answer not_found, viewers only read, every change
// leaves an audit row; ABAC mappings only name organizations the caller administers (with their
// own teams); programmatic tokens may expire.

type Item = Record<string, unknown> & { id: string };

let api: TestApi;
let admin: SignedUp;
let stranger: SignedUp;

beforeAll(async () => {
  api = await createTestApi();
  admin = await signUpOrganization(api, 'iam-rules');
  stranger = await signUpOrganization(api, 'iam-rules-other');
});
afterAll(() => api.close());

async function create(operationId: string, token: string, entity: unknown, params: Record<string, string> = {}): Promise<Item> {
  const res = await api.call<Item>(operationId, { token, entity, params });
  expect(res.status, `${operationId}: ${JSON.stringify(res.body.response.errors)}`).toBe(200);
  return res.body.response.items[0] as Item;
}

const suffix = () => Math.random().toString(36).slice(2, 10);
const team = (token: string) => create('createTeam', token, { name: `team-${suffix()}` });
const customRole = (token: string) => create('createCustomRole', token, { name: `role-${suffix()}`, type: 'namespaceRole', permissions: [{ name: 'plan:start' }] });
const robot = (token: string) => create('createProgrammaticUser', token, { name: `robot-${suffix()}`, role: 'viewer' });
const abac = (token: string) => create('createCustomAbacConfiguration', token, { customAbacId: `group-${suffix()}`, name: 'mapping', roles: [] });

describe('custom ABAC configuration rules', () => {
  it('maps only organizations the caller administers, once each, with their own teams', async () => {
    const sister = await signUpOrganization(api, 'iam-rules-sister');
    await insertMembership(api.database.db, { organizationId: sister.organizationId, userId: admin.userId, role: 'admin' });
    const watched = await signUpOrganization(api, 'iam-rules-watched');
    await insertMembership(api.database.db, { organizationId: watched.organizationId, userId: admin.userId, role: 'viewer' });
    const sisterTeam = await team(sister.token);
    const ownTeam = await team(admin.token);

    const both = await create('createCustomAbacConfiguration', admin.token, {
      customAbacId: `group-${suffix()}`,
      name: 'both',
      roles: [
        { orgId: admin.organizationId, orgRole: 'viewer', teamIds: [ownTeam.id] },
        { orgId: sister.organizationId, orgRole: 'admin', teamIds: [sisterTeam.id] },
      ],
    });
    expect(both['roles']).toHaveLength(2);

    const refused = async (roles: unknown[], field: string) => {
      const res = await api.call('createCustomAbacConfiguration', { token: admin.token, entity: { customAbacId: `g-${suffix()}`, name: 'x', roles } });
      expect(res.status, field).toBe(400);
      expect(res.body.response.errors[0], field).toMatchObject({ code: 'validation_error', field });
    };
    await refused([{ orgId: watched.organizationId, orgRole: 'viewer', teamIds: [] }], 'entity.roles.0.orgId');
    await refused([{ orgId: stranger.organizationId, orgRole: 'admin', teamIds: [] }], 'entity.roles.0.orgId');
    await refused(
      [
        { orgId: admin.organizationId, orgRole: 'viewer', teamIds: [] },
        { orgId: sister.organizationId, orgRole: 'viewer', teamIds: [ownTeam.id] },
      ],
      'entity.roles.1.teamIds.0',
    );
    await refused(
      [
        { orgId: admin.organizationId, orgRole: 'viewer' },
        { orgId: admin.organizationId, orgRole: 'admin' },
      ],
      'entity.roles.1.orgId',
    );

    // The same check on update.
    const params = { customAbacConfigurationId: both.id };
    const update = await api.call('updateCustomAbacConfiguration', {
      token: admin.token,
      params,
      entity: { roles: [{ orgId: stranger.organizationId, orgRole: 'admin' }] },
    });
    expect(update.body.response.errors[0]).toMatchObject({ code: 'validation_error', field: 'entity.roles.0.orgId' });
  });
});

describe('programmatic token expiry and use', () => {
  it('answers expiresAt and lastUsedAt, and refuses an expired token with 401', async () => {
    const owner = await robot(admin.token);
    const params = { programmaticUserId: owner.id };
    const expiring = (await create('createProgrammaticUserToken', admin.token, { name: 'month', expiresInDays: 30 }, params)) as Item & { token: string; expiresAt: string };
    const days = (Date.parse(expiring.expiresAt) - Date.now()) / (24 * 3600 * 1000);
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
    const forever = (await create('createProgrammaticUserToken', admin.token, { name: 'forever' }, params)) as Item & { token: string };
    expect(forever['expiresAt']).toBeNull();

    expect((await api.call('listTeams', { token: expiring.token })).status).toBe(200);
    const listed = await api.call<Item>('listProgrammaticUserTokens', { token: admin.token, params });
    const used = listed.body.response.items.find((t) => t.id === expiring.id);
    expect(used?.['lastUsedAt']).not.toBeNull();
    expect(listed.body.response.items.find((t) => t.id === forever.id)?.['lastUsedAt']).toBeNull();
    await api.database.db.update(programmaticTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(programmaticTokens.id, expiring.id));
    api.forgetActors(); // the expiry is written around the server, as by another process
    const after = await api.call('listTeams', { token: expiring.token });
    expect(after.status).toBe(401);
    expect(after.body.response.errors[0]?.code).toBe('unauthorized');
    expect((await api.call('listTeams', { token: forever.token })).status).toBe(200);

    const tooLong = await api.call('createProgrammaticUserToken', { token: admin.token, params, entity: { name: 't', expiresInDays: 100_000 } });
    expect(tooLong.body.response.errors[0]).toMatchObject({ code: 'validation_error', field: 'entity.expiresInDays' });
    const zero = await api.call('createProgrammaticUserToken', { token: admin.token, params, entity: { name: 't', expiresInDays: 0 } });
    expect(zero.body.response.errors[0]).toMatchObject({ code: 'validation_error', field: 'entity.expiresInDays' });
  });
});

describe('validation errors name their field', () => {
  it('on teams, team users, custom roles, programmatic users and namespace permissions', async () => {
    const ownTeam = await team(admin.token);
    const ns = await createNamespace(api, admin.token);
    const cases: [string, unknown, string][] = [
      ['createTeam', { description: 'no name' }, 'entity.name'],
      ['createTeam', { name: 'x', color: 'red' }, 'entity.color'],
      ['addTeamUser', { teamId: ownTeam.id, userEmail: 'not-an-address' }, 'entity.userEmail'],
      ['addTeamUser', { teamId: ownTeam.id, userEmail: stranger.email }, 'entity.userEmail'],
      ['createCustomRole', { name: 'r', type: 'namespaceRole', permissions: [{ name: 'stack:destroyEverything' }] }, 'entity.permissions.0.name'],
      ['createCustomRole', { name: 'r', type: 'globalRole', permissions: [] }, 'entity.type'],
      ['createCustomRole', { name: 'r', type: 'namespaceRole', permissions: [], stackRestriction: 'restrictAll' }, 'entity.stackRestriction'],
      ['createProgrammaticUser', { name: 'r' }, 'entity.role'],
      ['createNamespacePermission', { namespaceId: ns.id, role: 'viewer' }, 'entity.userEmail'],
      ['createNamespacePermission', { namespaceId: ns.id, teamId: ownTeam.id }, 'entity.role'],
      ['createNamespacePermission', { namespaceId: ns.id, teamId: 'team-nosuchteam0000', role: 'viewer' }, 'entity.teamId'],
      ['createNamespacePermission', { namespaceId: ns.id, programmaticUserName: 'nobody', role: 'viewer' }, 'entity.programmaticUserName'],
    ];
    for (const [operationId, entity, field] of cases) {
      const res = await api.call(operationId, { token: admin.token, entity });
      const where = `${operationId} ${JSON.stringify(entity)}`;
      expect(res.status, where).toBe(400);
      expect(res.body.response.errors[0], where).toMatchObject({ code: 'validation_error', field });
    }
  });
});

describe('organizations stay apart', () => {
  it("answers not_found for another organization's team, custom role, ABAC configuration and programmatic user", async () => {
    const [theirTeam, theirRole, theirAbac, theirRobot] = [
      await team(stranger.token),
      await customRole(stranger.token),
      await abac(stranger.token),
      await robot(stranger.token),
    ];
    const theirToken = (await create('createProgrammaticUserToken', stranger.token, { name: 't' }, { programmaticUserId: theirRobot.id })) as Item & {
      token: string;
    };
    const calls: [string, Record<string, string>, unknown?][] = [
      ['getTeam', { teamId: theirTeam.id }],
      ['updateTeam', { teamId: theirTeam.id }, { name: 'taken' }],
      ['deleteTeam', { teamId: theirTeam.id }],
      ['getCustomRole', { customRoleId: theirRole.id }],
      ['updateCustomRole', { customRoleId: theirRole.id }, { description: 'taken' }],
      ['deleteCustomRole', { customRoleId: theirRole.id }],
      ['getCustomAbacConfiguration', { customAbacConfigurationId: theirAbac.id }],
      ['updateCustomAbacConfiguration', { customAbacConfigurationId: theirAbac.id }, { name: 'taken' }],
      ['deleteCustomAbacConfiguration', { customAbacConfigurationId: theirAbac.id }],
      ['deleteProgrammaticUser', { programmaticUserId: theirRobot.id }],
      ['listProgrammaticUserTokens', { programmaticUserId: theirRobot.id }],
      ['createProgrammaticUserToken', { programmaticUserId: theirRobot.id }, { name: 'steal' }],
      ['revokeProgrammaticUserToken', { programmaticUserId: theirRobot.id, tokenId: theirToken.id }],
    ];
    for (const [operationId, params, entity] of calls) {
      const res = await api.call(operationId, { token: admin.token, params, ...(entity ? { entity } : {}) });
      expect(res.status, operationId).toBe(404);
      expect(res.body.response.errors[0]?.code, operationId).toBe('not_found');
    }
    // Their custom organization role cannot be given to a programmatic user here; our own can.
    const theirOrgRole = (await create('createCustomRole', stranger.token, { name: `org-role-${suffix()}`, type: 'organizationRole', permissions: [] })) as Item;
    const borrowed = await api.call('createProgrammaticUser', { token: admin.token, entity: { name: `robot-${suffix()}`, role: theirOrgRole.id } });
    expect(borrowed.status).toBe(400);
    expect(borrowed.body.response.errors[0]).toMatchObject({ code: 'validation_error', field: 'entity.role' });
    const ourOrgRole = (await create('createCustomRole', admin.token, { name: `org-role-${suffix()}`, type: 'organizationRole', permissions: [] })) as Item;
    const own = await api.call('createProgrammaticUser', { token: admin.token, entity: { name: `robot-${suffix()}`, role: ourOrgRole.id } });
    expect(own.status).toBe(200);
    // Nothing of theirs changed: their token still works and their objects read back.
    expect((await api.call('listTeams', { token: theirToken.token })).status).toBe(200);
    expect((await api.call('getTeam', { token: stranger.token, params: { teamId: theirTeam.id } })).status).toBe(200);
    const lists = ['listTeams', 'listCustomRoles', 'listCustomAbacConfigurations', 'listProgrammaticUsers', 'listNamespacePermissions'];
    for (const operationId of lists) {
      const res = await api.call(operationId, { token: admin.token });
      const text = JSON.stringify(res.body.response.items);
      for (const id of [theirTeam.id, theirRole.id, theirAbac.id, theirRobot.id]) expect(text, operationId).not.toContain(id);
    }
  });
});

describe('viewers read and never write', () => {
  it('answers 403 to every IAM write of a viewer and 200 to its reads', async () => {
    const viewer = await addMember(api, admin.organizationId, 'viewer');
    const [ownTeam, ownRole, ownAbac, ownRobot] = [await team(admin.token), await customRole(admin.token), await abac(admin.token), await robot(admin.token)];
    const token = (await create('createProgrammaticUserToken', admin.token, { name: 't' }, { programmaticUserId: ownRobot.id })) as Item;
    const ns = await createNamespace(api, admin.token);
    const writes: [string, Record<string, string>, unknown?][] = [
      ['createTeam', {}, { name: 'v' }],
      ['updateTeam', { teamId: ownTeam.id }, { name: 'v' }],
      ['deleteTeam', { teamId: ownTeam.id }],
      ['addTeamUser', {}, { teamId: ownTeam.id, userEmail: viewer.email }],
      ['removeTeamUser', {}, { teamId: ownTeam.id, userEmail: viewer.email }],
      ['createCustomRole', {}, { name: 'v', type: 'namespaceRole', permissions: [] }],
      ['updateCustomRole', { customRoleId: ownRole.id }, { description: 'v' }],
      ['deleteCustomRole', { customRoleId: ownRole.id }],
      ['createCustomAbacConfiguration', {}, { customAbacId: 'v', name: 'v', roles: [] }],
      ['updateCustomAbacConfiguration', { customAbacConfigurationId: ownAbac.id }, { name: 'v' }],
      ['deleteCustomAbacConfiguration', { customAbacConfigurationId: ownAbac.id }],
      ['createProgrammaticUser', {}, { name: 'v', role: 'admin' }],
      ['deleteProgrammaticUser', { programmaticUserId: ownRobot.id }],
      ['createProgrammaticUserToken', { programmaticUserId: ownRobot.id }, { name: 'v' }],
      ['revokeProgrammaticUserToken', { programmaticUserId: ownRobot.id, tokenId: token.id }],
      ['createNamespacePermission', {}, { namespaceId: ns.id, userEmail: viewer.email, role: 'admin' }],
      ['deleteNamespacePermission', {}, { namespaceId: ns.id, userEmail: viewer.email }],
      ['updateOrganizationUser', { userId: viewer.userId }, { orgRole: 'admin' }],
      ['removeOrganizationUser', { userId: admin.userId }],
    ];
    for (const [operationId, params, entity] of writes) {
      const res = await api.call(operationId, { token: viewer.token, params, ...(entity ? { entity } : {}) });
      expect(res.status, operationId).toBe(403);
      expect(res.body.response.errors[0]?.code, operationId).toBe('forbidden');
    }
    const reads: [string, Record<string, string>][] = [
      ['getTeam', { teamId: ownTeam.id }],
      ['listTeamUsers', {}],
      ['getCustomRole', { customRoleId: ownRole.id }],
      ['getCustomAbacConfiguration', { customAbacConfigurationId: ownAbac.id }],
      ['listProgrammaticUsers', {}],
      ['listProgrammaticUserTokens', { programmaticUserId: ownRobot.id }],
      ['listNamespacePermissions', {}],
    ];
    for (const [operationId, params] of reads) expect((await api.call(operationId, { token: viewer.token, params })).status, operationId).toBe(200);
  });
});

describe('audit', () => {
  it('writes one audit row per IAM change, in order', async () => {
    const org = await signUpOrganization(api, 'iam-rules-audit');
    const t = await team(org.token);
    await api.call('updateTeam', { token: org.token, params: { teamId: t.id }, entity: { description: 'd' } });
    await api.call('addTeamUser', { token: org.token, entity: { teamId: t.id, userEmail: org.email } });
    await api.call('removeTeamUser', { token: org.token, entity: { teamId: t.id, userEmail: org.email } });
    await api.call('deleteTeam', { token: org.token, params: { teamId: t.id } });
    const r = await customRole(org.token);
    await api.call('updateCustomRole', { token: org.token, params: { customRoleId: r.id }, entity: { description: 'd' } });
    await api.call('deleteCustomRole', { token: org.token, params: { customRoleId: r.id } });
    const a = await abac(org.token);
    await api.call('deleteCustomAbacConfiguration', { token: org.token, params: { customAbacConfigurationId: a.id } });
    const p = await robot(org.token);
    const tk = await create('createProgrammaticUserToken', org.token, { name: 't' }, { programmaticUserId: p.id });
    await api.call('revokeProgrammaticUserToken', { token: org.token, params: { programmaticUserId: p.id, tokenId: tk.id } });
    await api.call('deleteProgrammaticUser', { token: org.token, params: { programmaticUserId: p.id } });
    const ns = await createNamespace(api, org.token);
    const grant = { namespaceId: ns.id, userEmail: org.email };
    await create('createNamespacePermission', org.token, { ...grant, role: 'viewer' });
    await api.call('deleteNamespacePermission', { token: org.token, entity: grant });

    const audit = await api.call<{ entityType: string; action: string }>('listAuditEvents', { token: org.token, query: { pageSize: 100 } });
    const iamTypes = ['team', 'customRole', 'customAbacConfiguration', 'programmaticUser', 'namespacePermission'];
    const trail = audit.body.response.items
      .filter((e) => iamTypes.includes(e.entityType))
      .map((e) => `${e.entityType}:${e.action}`)
      .reverse();
    expect(trail).toEqual([
      'team:create',
      'team:update',
      'team:update',
      'team:update',
      'team:delete',
      'customRole:create',
      'customRole:update',
      'customRole:delete',
      'customAbacConfiguration:create',
      'customAbacConfiguration:delete',
      'programmaticUser:create',
      'programmaticUser:create',
      'programmaticUser:revoke',
      'programmaticUser:delete',
      'namespacePermission:create',
      'namespacePermission:delete',
    ]);
  });
});
