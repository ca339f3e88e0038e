import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createNamespace, signUpOrganization, type SignedUp } from '../../testing/factories';
import { createTestApi, type TestApi } from '../../testing/test-api';

type Namespace = Record<string, unknown> & { id: string; name: string };

let api: TestApi;
let admin: SignedUp;

beforeAll(async () => {
  api = await createTestApi();
  admin = await signUpOrganization(api, 'namespaces');
});
afterAll(() => api.close());

const fullNamespace = {
  name: 'platform',
  description: 'Shared platform stacks',
  externalCredentials: [{ type: 'awsAssumeRole', externalCredentialsId: 'ext-123', awsProfileName: 'prod' }],
  iacConfig: { terraformVersion: '1.9.5', opentofuVersion: null, isTerragruntRunAll: false, varFiles: ['prod.tfvars'] },
  runnerConfig: { mode: 'selfHosted', groups: ['eu-runners'], isOverridable: true },
  deploymentApprovalPolicy: {
    rules: [{ type: 'requireTeamsApproval', parameters: { teams: ['team-abc'] } }],
    overrideBehavior: 'extended',
  },
  capabilities: {
    deployOnPush: { status: 'enabled', isOverridable: false },
    planOnPr: { status: 'enabled', isOverridable: true },
    driftDetection: { status: 'disabled', isOverridable: true },
  },
};

describe('namespaces', () => {
  it('creates a namespace with the whole shape and reads it back', async () => {
    const created = await api.call<Namespace>('createNamespace', { token: admin.token, entity: fullNamespace });
    expect(created.status).toBe(200);
    const ns = created.body.response.items[0] as Namespace;
    expect(ns.id).toMatch(/^ns-[a-z0-9]+$/);
    expect(ns).toMatchObject(fullNamespace);

    const read = await api.call<Namespace>('getNamespace', { token: admin.token, params: { namespaceId: ns.id } });
    expect(read.status).toBe(200);
    expect(read.body.response.items).toEqual([ns]);
  });

  it('updates partially: absent fields stay, null clears', async () => {
    const ns = await createNamespace(api, admin.token);
    await api.call('updateNamespace', {
      token: admin.token,
      params: { namespaceId: ns.id },
      entity: { description: 'first', runnerConfig: { mode: 'managed' } },
    });
    const res = await api.call<Namespace>('updateNamespace', {
      token: admin.token,
      params: { namespaceId: ns.id },
      entity: { id: ns.id, runnerConfig: null },
    });
    expect(res.status).toBe(200);
    expect(res.body.response.items[0]).toMatchObject({ name: ns.name, description: 'first', runnerConfig: null });
  });

  it('lists with filters and paging', async () => {
    const org = await signUpOrganization(api, 'paging');
    const names = ['alpha', 'bravo', 'charlie'];
    const created = [];
    for (const name of names) created.push(await createNamespace(api, org.token, name));

    const page = await api.call<Namespace>('listNamespaces', { token: org.token, query: { pageSize: 10, page: 1 } });
    expect(page.body.response.items.map((n) => n.name)).toEqual(names);
    expect(page.body.response.paging).toEqual({ page: 1, pageSize: 10, total: 3 });

    const byName = await api.call<Namespace>('listNamespaces', { token: org.token, query: { namespaceName: 'bravo' } });
    expect(byName.body.response.items.map((n) => n.id)).toEqual([created[1]?.id]);

    const byId = await api.call<Namespace>('listNamespaces', { token: org.token, query: { namespaceId: created[2]?.id ?? '' } });
    expect(byId.body.response.items.map((n) => n.name)).toEqual(['charlie']);

    const none = await api.call<Namespace>('listNamespaces', { token: org.token, query: { namespaceName: 'nothing' } });
    expect(none.status).toBe(200);
    expect(none.body.response.items).toEqual([]);
  });

  it('refuses a duplicate name with already_exist', async () => {
    const ns = await createNamespace(api, admin.token);
    const res = await api.call('createNamespace', { token: admin.token, entity: { name: ns.name } });
    expect(res.status).toBe(409);
    expect(res.body.response.errors[0]).toMatchObject({ code: 'already_exist', field: 'entity.name' });
  });

  it('validates input: required name, unknown fields, enum values', async () => {
    const missing = await api.call('createNamespace', { token: admin.token, entity: { description: 'x' } });
    expect(missing.status).toBe(400);
    expect(missing.body.response.errors[0]).toMatchObject({ code: 'validation_error', field: 'entity.name' });

    const unknown = await api.call('createNamespace', { token: admin.token, entity: { name: 'n1', color: 'red' } });
    expect(unknown.body.response.errors[0]).toMatchObject({ code: 'validation_error', field: 'entity.color' });

    const badEnum = await api.call('createNamespace', {
      token: admin.token,
      entity: { name: 'n2', runnerConfig: { mode: 'elsewhere' } },
    });
    expect(badEnum.status).toBe(400);
  });

  it('answers not_found for unknown ids and for another organization’s namespace', async () => {
    const other = await signUpOrganization(api, 'other');
    const theirs = await createNamespace(api, other.token);
    for (const namespaceId of ['ns-doesnotexist0000', theirs.id]) {
      const res = await api.call('getNamespace', { token: admin.token, params: { namespaceId } });
      expect(res.status).toBe(404);
      expect(res.body.response.errors[0]?.code).toBe('not_found');
      const del = await api.call('deleteNamespace', { token: admin.token, params: { namespaceId } });
      expect(del.status).toBe(404);
    }
    const stillThere = await api.call('getNamespace', { token: other.token, params: { namespaceId: theirs.id } });
    expect(stillThere.status).toBe(200);
  });

  it('lets viewers read but not change', async () => {
    const ns = await createNamespace(api, admin.token);
    const viewer = await addMember(api, admin.organizationId, 'viewer');
    expect((await api.call('getNamespace', { token: viewer.token, params: { namespaceId: ns.id } })).status).toBe(200);
    const res = await api.call('deleteNamespace', { token: viewer.token, params: { namespaceId: ns.id } });
    expect(res.status).toBe(403);
    expect(res.body.response.errors[0]?.code).toBe('forbidden');
  });

  it('writes an audit event for each change', async () => {
    const org = await signUpOrganization(api, 'audited');
    const ns = await createNamespace(api, org.token, 'audited-ns');
    await api.call('updateNamespace', { token: org.token, params: { namespaceId: ns.id }, entity: { description: 'd' } });
    await api.call('deleteNamespace', { token: org.token, params: { namespaceId: ns.id } });
    const audit = await api.call<{ entityId: string; action: string; entityType: string }>('listAuditEvents', {
      token: org.token,
      query: { entityType: 'namespace' },
    });
    expect(audit.body.response.items.map((e) => [e.entityId, e.action])).toEqual([
      [ns.id, 'delete'],
      [ns.id, 'update'],
      [ns.id, 'create'],
    ]);
  });
});
