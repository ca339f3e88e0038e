import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships } from '../accounts/accounts.schema';
import { addMember, signUpOrganization, type SignedUp } from '../../testing/factories';
import { createCustomRole } from '../../testing/iam-factories';
import { createTestApi, type TestApi } from '../../testing/test-api';

type CustomRole = {
  id: string;
  name: string;
  description: string | null;
  type: string;
  permissions: { name: string }[];
  stackRestriction: string;
};

let api: TestApi;
let admin: SignedUp;

beforeAll(async () => {
  api = await createTestApi();
  admin = await signUpOrganization(api, 'roles');
});
afterAll(() => api.close());

describe('custom roles', () => {
  it('creates, reads, lists, updates partially and deletes a role', async () => {
    const created = await api.call<CustomRole>('createCustomRole', {
      token: admin.token,
      entity: {
        name: 'Deployers of platform',
        description: 'May plan and deploy',
        type: 'namespaceRole',
        permissions: [{ name: 'plan:start' }, { name: 'deployment:start' }, { name: 'stackVariable:update' }],
        stackRestriction: 'restrictWriteToOwnStacks',
      },
    });
    expect(created.status).toBe(200);
    const role = created.body.response.items[0] as CustomRole;
    expect(role.id).toMatch(/^cro-[a-z0-9]+$/);
    expect(role).toMatchObject({
      name: 'Deployers of platform',
      type: 'namespaceRole',
      permissions: [{ name: 'plan:start' }, { name: 'deployment:start' }, { name: 'stackVariable:update' }],
      stackRestriction: 'restrictWriteToOwnStacks',
    });

    expect((await api.call<CustomRole>('getCustomRole', { token: admin.token, params: { customRoleId: role.id } })).body.response.items).toEqual([role]);
    const byType = await api.call<CustomRole>('listCustomRoles', { token: admin.token, query: { type: 'namespaceRole', customRoleName: role.name } });
    expect(byType.body.response.items.map((r) => r.id)).toEqual([role.id]);
    const otherType = await api.call<CustomRole>('listCustomRoles', { token: admin.token, query: { type: 'organizationRole', customRoleId: role.id } });
    expect(otherType.body.response.items).toEqual([]);

    const updated = await api.call<CustomRole>('updateCustomRole', {
      token: admin.token,
      params: { customRoleId: role.id },
      entity: { description: null, stackRestriction: null, type: 'organizationRole' },
    });
    expect(updated.body.response.items[0]).toMatchObject({
      name: role.name,
      description: null,
      stackRestriction: 'none',
      type: 'organizationRole',
      permissions: role.permissions,
    });

    const deleted = await api.call('deleteCustomRole', { token: admin.token, params: { customRoleId: role.id } });
    expect(deleted.status).toBe(200);
    expect((await api.call('getCustomRole', { token: admin.token, params: { customRoleId: role.id } })).status).toBe(404);
  });

  it('accepts only the stack-level permission names of the spec, once each', async () => {
    const unknown = await api.call('createCustomRole', {
      token: admin.token,
      entity: { name: 'bad', type: 'namespaceRole', permissions: [{ name: 'stack:create' }, { name: 'stack:destroyEverything' }] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.response.errors[0]).toMatchObject({ code: 'validation_error', field: 'entity.permissions.1.name' });

    const twice = await api.call('createCustomRole', {
      token: admin.token,
      entity: { name: 'twice', type: 'namespaceRole', permissions: [{ name: 'plan:start' }, { name: 'plan:cancel' }, { name: 'plan:start' }] },
    });
    expect(twice.status).toBe(400);
    expect(twice.body.response.errors[0]).toMatchObject({ code: 'validation_error', field: 'entity.permissions.2.name' });

    const badType = await api.call('createCustomRole', { token: admin.token, entity: { name: 'x', type: 'globalRole', permissions: [] } });
    expect(badType.body.response.errors[0]).toMatchObject({ code: 'validation_error', field: 'entity.type' });
    const badRestriction = await api.call('createCustomRole', {
      token: admin.token,
      entity: { name: 'x', type: 'namespaceRole', permissions: [], stackRestriction: 'restrictEverything' },
    });
    expect(badRestriction.body.response.errors[0]).toMatchObject({ code: 'validation_error', field: 'entity.stackRestriction' });

    const role = await createCustomRole(api, admin.token);
    const duplicate = await api.call('createCustomRole', { token: admin.token, entity: { name: role.name, type: 'organizationRole', permissions: [] } });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.response.errors[0]).toMatchObject({ code: 'already_exist', field: 'entity.name' });
    const clearedName = await api.call('updateCustomRole', { token: admin.token, params: { customRoleId: role.id }, entity: { name: null } });
    expect(clearedName.body.response.errors[0]).toMatchObject({ code: 'validation_error', field: 'entity.name' });
  });

  it('refuses to delete a role a user holds, and to change its type', async () => {
    const role = await createCustomRole(api, admin.token, { type: 'organizationRole' });
    const member = await addMember(api, admin.organizationId, 'custom');
    await api.database.db.update(memberships).set({ customRoleId: role.id }).where(eq(memberships.userId, member.userId));
    const del = await api.call('deleteCustomRole', { token: admin.token, params: { customRoleId: role.id } });
    expect(del.status).toBe(409);
    expect(del.body.response.errors[0]?.code).toBe('conflict');
    const retype = await api.call('updateCustomRole', { token: admin.token, params: { customRoleId: role.id }, entity: { type: 'namespaceRole' } });
    expect(retype.status).toBe(409);
    const rename = await api.call('updateCustomRole', { token: admin.token, params: { customRoleId: role.id }, entity: { name: `${role.name} v2` } });
    expect(rename.status).toBe(200);
  });

  it('answers not_found for another organization’s role, and lets viewers only read', async () => {
    const stranger = await signUpOrganization(api, 'roles-other');
    const theirs = await createCustomRole(api, stranger.token);
    for (const operationId of ['getCustomRole', 'deleteCustomRole']) {
      const res = await api.call(operationId, { token: admin.token, params: { customRoleId: theirs.id } });
      expect(res.status, operationId).toBe(404);
      expect(res.body.response.errors[0]?.code).toBe('not_found');
    }
    const update = await api.call('updateCustomRole', { token: admin.token, params: { customRoleId: theirs.id }, entity: { description: 'x' } });
    expect(update.status).toBe(404);
    expect((await api.call<CustomRole>('listCustomRoles', { token: admin.token, query: { customRoleId: theirs.id } })).body.response.items).toEqual([]);

    const viewer = await addMember(api, admin.organizationId, 'viewer');
    const mine = await createCustomRole(api, admin.token);
    expect((await api.call('getCustomRole', { token: viewer.token, params: { customRoleId: mine.id } })).status).toBe(200);
    const writes = [
      await api.call('createCustomRole', { token: viewer.token, entity: { name: 'v', type: 'namespaceRole', permissions: [] } }),
      await api.call('updateCustomRole', { token: viewer.token, params: { customRoleId: mine.id }, entity: { description: 'v' } }),
      await api.call('deleteCustomRole', { token: viewer.token, params: { customRoleId: mine.id } }),
    ];
    for (const res of writes) expect(res.status).toBe(403);
  });

  it('writes audit events', async () => {
    const org = await signUpOrganization(api, 'roles-audit');
    const role = await createCustomRole(api, org.token, { name: 'audited' });
    await api.call('updateCustomRole', { token: org.token, params: { customRoleId: role.id }, entity: { description: 'd' } });
    await api.call('deleteCustomRole', { token: org.token, params: { customRoleId: role.id } });
    const audit = await api.call<{ entityId: string; action: string }>('listAuditEvents', { token: org.token, query: { entityType: 'customRole' } });
    expect(audit.body.response.items.map((e) => [e.entityId, e.action])).toEqual([
      [role.id, 'delete'],
      [role.id, 'update'],
      [role.id, 'create'],
    ]);
  });
});
