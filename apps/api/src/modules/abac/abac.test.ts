import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMembership } from '../accounts/accounts.repository';
import { addMember, signUpOrganization, type SignedUp } from '../../testing/factories';
import { createAbacConfiguration, createTeam } from '../../testing/iam-factories';
import { createTestApi, type TestApi } from '../../testing/test-api';

type Configuration = { id: string; customAbacId: string; name: string; roles: { orgId: string; orgRole: string; teamIds: string[] }[] };

let api: TestApi;
let admin: SignedUp;

beforeAll(async () => {
  api = await createTestApi();
  admin = await signUpOrganization(api, 'abac');
});
afterAll(() => api.close());

describe('custom ABAC configurations', () => {
  it('creates, reads, lists, updates partially and deletes one', async () => {
    const team = await createTeam(api, admin.token);
    const created = await api.call<Configuration>('createCustomAbacConfiguration', {
      token: admin.token,
      entity: {
        customAbacId: 'okta:platform-engineers',
        name: 'Platform engineers',
        roles: [{ orgId: admin.organizationId, orgRole: 'member', teamIds: [team.id] }],
      },
    });
    expect(created.status).toBe(200);
    const config = created.body.response.items[0] as Configuration;
    expect(config.id).toMatch(/^cac-[a-z0-9]+$/);
    expect(config).toMatchObject({
      customAbacId: 'okta:platform-engineers',
      name: 'Platform engineers',
      roles: [{ orgId: admin.organizationId, orgRole: 'member', teamIds: [team.id] }],
    });
    const params = { customAbacConfigurationId: config.id };
    expect((await api.call<Configuration>('getCustomAbacConfiguration', { token: admin.token, params })).body.response.items).toEqual([config]);
    const byGroup = await api.call<Configuration>('listCustomAbacConfigurations', { token: admin.token, query: { customAbacId: 'okta:platform-engineers' } });
    expect(byGroup.body.response.items.map((c) => c.id)).toEqual([config.id]);

    const renamed = await api.call<Configuration>('updateCustomAbacConfiguration', { token: admin.token, params, entity: { name: 'Engineers' } });
    expect(renamed.body.response.items[0]).toMatchObject({ name: 'Engineers', customAbacId: 'okta:platform-engineers', roles: config.roles });
    const cleared = await api.call<Configuration>('updateCustomAbacConfiguration', { token: admin.token, params, entity: { roles: null } });
    expect(cleared.body.response.items[0]?.roles).toEqual([]);

    expect((await api.call('deleteCustomAbacConfiguration', { token: admin.token, params })).status).toBe(200);
    expect((await api.call('getCustomAbacConfiguration', { token: admin.token, params })).status).toBe(404);
  });

  it('maps only organizations the caller administers, with their own teams', async () => {
    // An organization the admin also administers, and one where they are only a viewer.
    const sister = await signUpOrganization(api, 'abac-sister');
    await insertMembership(api.database.db, { organizationId: sister.organizationId, userId: admin.userId, role: 'admin' });
    const watched = await signUpOrganization(api, 'abac-watched');
    await insertMembership(api.database.db, { organizationId: watched.organizationId, userId: admin.userId, role: 'viewer' });
    const sisterTeam = await createTeam(api, sister.token);
    const ownTeam = await createTeam(api, admin.token);

    const ok = await api.call<Configuration>('createCustomAbacConfiguration', {
      token: admin.token,
      entity: {
        customAbacId: 'group-both',
        name: 'both',
        roles: [
          { orgId: admin.organizationId, orgRole: 'viewer', teamIds: [ownTeam.id] },
          { orgId: sister.organizationId, orgRole: 'admin', teamIds: [sisterTeam.id] },
        ],
      },
    });
    expect(ok.status).toBe(200);

    const refused = async (roles: unknown[], field: string) => {
      const res = await api.call('createCustomAbacConfiguration', { token: admin.token, entity: { customAbacId: 'group-x', name: 'x', roles } });
      expect(res.status, field).toBe(400);
      expect(res.body.response.errors[0]).toMatchObject({ code: 'validation_error', field });
    };
    await refused([{ orgId: watched.organizationId, orgRole: 'viewer', teamIds: [] }], 'entity.roles.0.orgId');
    await refused([{ orgId: 'o-nosuchorganization', orgRole: 'viewer', teamIds: [] }], 'entity.roles.0.orgId');
    await refused(
      [
        { orgId: admin.organizationId, orgRole: 'viewer', teamIds: [] },
        { orgId: sister.organizationId, orgRole: 'viewer', teamIds: [ownTeam.id, 'team-nosuchteam00'] },
      ],
      'entity.roles.1.teamIds.0',
    );
    await refused(
      [
        { orgId: admin.organizationId, orgRole: 'viewer', teamIds: [] },
        { orgId: admin.organizationId, orgRole: 'admin', teamIds: [] },
      ],
      'entity.roles.1.orgId',
    );
    await refused([{ orgId: admin.organizationId, orgRole: 'custom', teamIds: [] }], 'entity.roles.0.orgRole');
    await refused([{ orgId: admin.organizationId, orgRole: 'owner', teamIds: [] }], 'entity.roles.0.orgRole');
    await refused([{ orgId: admin.organizationId, orgRole: 'viewer' }], 'entity.roles.0.teamIds');

    const duplicate = await api.call('createCustomAbacConfiguration', { token: admin.token, entity: { customAbacId: 'group-both', name: 'again', roles: [] } });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.response.errors[0]).toMatchObject({ code: 'already_exist', field: 'entity.customAbacId' });
  });

  it('answers not_found across organizations, and lets viewers only read', async () => {
    const stranger = await signUpOrganization(api, 'abac-other');
    const theirs = await createAbacConfiguration(api, stranger.token);
    const params = { customAbacConfigurationId: theirs.id };
    for (const res of [
      await api.call('getCustomAbacConfiguration', { token: admin.token, params }),
      await api.call('updateCustomAbacConfiguration', { token: admin.token, params, entity: { name: 'x' } }),
      await api.call('deleteCustomAbacConfiguration', { token: admin.token, params }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.response.errors[0]?.code).toBe('not_found');
    }
    const viewer = await addMember(api, admin.organizationId, 'viewer');
    const mine = await createAbacConfiguration(api, admin.token);
    const own = { customAbacConfigurationId: mine.id };
    expect((await api.call('getCustomAbacConfiguration', { token: viewer.token, params: own })).status).toBe(200);
    for (const res of [
      await api.call('createCustomAbacConfiguration', { token: viewer.token, entity: { customAbacId: 'g', name: 'v', roles: [] } }),
      await api.call('updateCustomAbacConfiguration', { token: viewer.token, params: own, entity: { name: 'v' } }),
      await api.call('deleteCustomAbacConfiguration', { token: viewer.token, params: own }),
    ]) {
      expect(res.status).toBe(403);
    }
  });

  it('writes audit events', async () => {
    const org = await signUpOrganization(api, 'abac-audit');
    const config = await createAbacConfiguration(api, org.token);
    const params = { customAbacConfigurationId: config.id };
    await api.call('updateCustomAbacConfiguration', { token: org.token, params, entity: { name: 'renamed' } });
    await api.call('deleteCustomAbacConfiguration', { token: org.token, params });
    const audit = await api.call<{ entityId: string; action: string }>('listAuditEvents', {
      token: org.token,
      query: { entityType: 'customAbacConfiguration' },
    });
    expect(audit.body.response.items.map((e) => [e.entityId, e.action])).toEqual([
      [config.id, 'delete'],
      [config.id, 'update'],
      [config.id, 'create'],
    ]);
  });
});
