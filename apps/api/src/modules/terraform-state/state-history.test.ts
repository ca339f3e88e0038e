import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../audit/audit.schema';
import { addMember, createNamespace, signUpOrganization, type SignedUp } from '../../testing/factories';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { stackStates, stateOutputs, stateResources, stateVersions } from './terraform-state.schema';
import { lockInfo, managedResource, sendWire, stateFile } from './testing/terraform-wire';

// The state as the console shows it: versions, download, rollback, the lock and its release, and the
// stack's outputs, on the real server and PostgreSQL. The versions are written through the HTTP
// backend, as Terraform writes them.

let api: TestApi;
let port: number;
let admin: SignedUp;
let adminPat: string;
let member: SignedUp;
let viewer: SignedUp;
let other: SignedUp;
let namespaceId: string;

type Version = { id: string; serial: number; status: string; rolledBackFrom: string | null; createdBy: { kind: string; id: string } };

async function newStack() {
  const res = await api.call<{ id: string; name: string }>('createStack', {
    token: admin.token,
    entity: { stack: { name: `history-${randomUUID().slice(0, 8)}`, namespaceId, iacType: 'terraform' } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.response.items[0] as { id: string; name: string };
}

const write = (stackId: string, body: string, id?: string) =>
  sendWire(port, { method: 'POST', path: `/api/state/${stackId}${id ? `?ID=${id}` : ''}`, basic: { username: 'terraform', password: adminPat }, body });
const lock = (stackId: string, info: string) =>
  sendWire(port, { method: 'LOCK', path: `/api/state/${stackId}/lock`, basic: { username: 'terraform', password: adminPat }, body: info });

async function versions(stackId: string, query: Record<string, string | number> = {}) {
  const res = await api.call<Version>('listStackStateVersions', { token: admin.token, query: { stackId, ...query } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res;
}

const auditOf = (stackId: string) =>
  api.database.db.select().from(auditEvents).where(and(eq(auditEvents.organizationId, admin.organizationId), like(auditEvents.entityId, `${stackId}/%`)));

beforeAll(async () => {
  api = await createTestApi();
  await api.app.listen({ port: 0, host: '127.0.0.1' });
  port = (api.app.server.address() as AddressInfo).port;
  admin = await signUpOrganization(api, 'history');
  member = await addMember(api, admin.organizationId, 'member');
  viewer = await addMember(api, admin.organizationId, 'viewer');
  other = await signUpOrganization(api, 'history-other');
  const created = await api.call<{ token: string }>('createPersonalAccessToken', { token: admin.token, entity: { name: 'tf' } });
  adminPat = created.body.response.items[0]?.token as string;
  namespaceId = (await createNamespace(api, admin.token)).id;
}, 60_000);
afterAll(() => api.close());

describe('state versions', () => {
  it('lists a stack’s versions newest first, paged and filtered, to those who may read its state', async () => {
    const stack = await newStack();
    const lineage = randomUUID();
    for (let serial = 1; serial <= 5; serial++) expect((await write(stack.id, stateFile({ serial, lineage }))).status).toBe(200);
    expect((await write(stack.id, stateFile({ serial: 1, lineage }))).status).toBe(409);

    const first = await versions(stack.id, { page: 1, pageSize: 10 });
    expect(first.body.response.items.map((v) => `${v.serial}:${v.status}`)).toEqual(['1:quarantined', '5:current', '4:superseded', '3:superseded', '2:superseded', '1:superseded']);
    expect(first.body.response.paging).toEqual({ page: 1, pageSize: 10, total: 6 });
    const second = await versions(stack.id, { page: 2, pageSize: 10, status: 'superseded' });
    expect(second.body.response.items).toEqual([]);
    expect((await versions(stack.id, { status: 'current' })).body.response.items.map((v) => v.serial)).toEqual([5]);

    // Viewers read stacks, not their state; another organization does not see the stack at all.
    expect((await api.call('listStackStateVersions', { token: viewer.token, query: { stackId: stack.id } })).status).toBe(403);
    expect((await api.call('listStackStateVersions', { token: member.token, query: { stackId: stack.id } })).status).toBe(200);
    expect((await api.call('listStackStateVersions', { token: other.token, query: { stackId: stack.id } })).status).toBe(404);
  });

  it('downloads a version as it was written, audited as a secret read', async () => {
    const stack = await newStack();
    const state = stateFile({ serial: 1, lineage: randomUUID(), outputs: { password: { value: 's3cret-output', type: 'string', sensitive: true } } });
    expect((await write(stack.id, state)).status).toBe(200);
    const [version] = (await versions(stack.id)).body.response.items;
    const read = await api.call<{ content: string; serial: number }>('getStackStateVersionContent', { token: member.token, query: { stackId: stack.id, stateVersionId: (version as Version).id } });
    expect(read.status).toBe(200);
    expect(read.body.response.items[0]).toEqual({ id: (version as Version).id, stackId: stack.id, serial: 1, content: state });
    // Without a version: the current one.
    const current = await api.call<{ content: string }>('getStackStateVersionContent', { token: member.token, query: { stackId: stack.id } });
    expect(current.body.response.items[0]?.content).toBe(state);
    expect((await api.call('getStackStateVersionContent', { token: viewer.token, query: { stackId: stack.id, stateVersionId: (version as Version).id } })).status).toBe(403);
    expect((await api.call('getStackStateVersionContent', { token: other.token, query: { stackId: stack.id, stateVersionId: (version as Version).id } })).status).toBe(404);
    expect((await api.call('getStackStateVersionContent', { token: admin.token, query: { stackId: stack.id, stateVersionId: 'sv-unknown00000000000' } })).status).toBe(404);
    // A version of another stack is not this stack's.
    const empty = await newStack();
    expect((await api.call('getStackStateVersionContent', { token: admin.token, query: { stackId: empty.id, stateVersionId: (version as Version).id } })).status).toBe(404);
    expect((await api.call('getStackStateVersionContent', { token: admin.token, query: { stackId: empty.id } })).status).toBe(404);
    const reads = (await auditOf(stack.id)).filter((e) => e.action === 'readSecret' && e.initiatorUserId === member.userId);
    expect(reads).toHaveLength(2);
    expect(JSON.stringify(reads)).not.toContain('s3cret');
  });

  it('rolls back to an old version as a new current version with the next serial, refused while the state is locked', async () => {
    const stack = await newStack();
    const lineage = randomUUID();
    const one = stateFile({ serial: 1, lineage, outputs: { color: { value: 'blue', type: 'string' } } });
    expect((await write(stack.id, one)).status).toBe(200);
    expect((await write(stack.id, stateFile({ serial: 2, lineage, outputs: { color: { value: 'red', type: 'string' } } }))).status).toBe(200);
    const oldest = (await versions(stack.id)).body.response.items.at(-1) as Version;

    const info = lockInfo();
    expect((await lock(stack.id, info)).status).toBe(200);
    const refused = await api.call('rollbackStackState', { token: member.token, entity: { stackId: stack.id, stateVersionId: oldest.id } });
    expect(refused.status).toBe(409);
    expect(refused.body.response.errors[0]?.message).toMatch(/locked/);
    await sendWire(port, { method: 'UNLOCK', path: `/api/state/${stack.id}/lock`, basic: { username: 't', password: adminPat }, body: info });

    expect((await api.call('rollbackStackState', { token: viewer.token, entity: { stackId: stack.id, stateVersionId: oldest.id } })).status).toBe(403);
    const rolled = await api.call<Version>('rollbackStackState', { token: member.token, entity: { stackId: stack.id, stateVersionId: oldest.id } });
    expect(rolled.status, JSON.stringify(rolled.body)).toBe(200);
    expect(rolled.body.response.items[0]).toMatchObject({ serial: 3, status: 'current', rolledBackFrom: oldest.id, createdBy: { kind: 'user', id: member.userId } });
    // Terraform now reads version 1's content under serial 3, and its next write (4) follows.
    const read = await sendWire(port, { method: 'GET', path: `/api/state/${stack.id}`, basic: { username: 't', password: adminPat } });
    expect(JSON.parse(read.body.toString())).toEqual({ ...JSON.parse(one), serial: 3 });
    const outputs = await api.call<{ name: string; value: unknown }>('listStackOutputs', { token: viewer.token, query: { stackId: stack.id } });
    expect(outputs.body.response.items).toEqual([{ name: 'color', type: 'string', isSensitive: false, value: 'blue' }]);
    expect((await write(stack.id, stateFile({ serial: 4, lineage }))).status).toBe(200);
    expect((await auditOf(stack.id)).filter((e) => e.action === 'rollback')).toHaveLength(1);
  });
});

describe('the state lock from the console', () => {
  it('shows who holds the lock and releases it only with its own permission and the id that was seen', async () => {
    const stack = await newStack();
    const empty = await api.call('getStackStateLock', { token: viewer.token, query: { stackId: stack.id } });
    expect(empty.body.response.items).toEqual([]);
    const info = lockInfo({ Who: 'ci@build-7', Operation: 'OperationTypePlan' });
    const id = (JSON.parse(info) as { ID: string }).ID;
    expect((await lock(stack.id, info)).status).toBe(200);
    const held = await api.call('getStackStateLock', { token: viewer.token, query: { stackId: stack.id } });
    expect(held.body.response.items).toEqual([
      {
        stackId: stack.id,
        lockId: id,
        operation: 'OperationTypePlan',
        who: 'ci@build-7',
        version: '1.14.9',
        info: '',
        created: '2026-11-23T10:00:00.123456789Z',
        holder: { kind: 'user', id: admin.userId, name: admin.email },
        acquiredAt: expect.any(String),
      },
    ]);
    // Members may write state, not release somebody else's lock; admins may.
    expect((await api.call('forceUnlockStackState', { token: member.token, entity: { stackId: stack.id, lockId: id } })).status).toBe(403);
    const stale = await api.call('forceUnlockStackState', { token: admin.token, entity: { stackId: stack.id, lockId: randomUUID() } });
    expect(stale.status).toBe(409);
    expect(stale.body.response.errors[0]?.message).toContain(id);
    expect((await api.call('forceUnlockStackState', { token: admin.token, entity: { stackId: stack.id, lockId: id } })).status).toBe(200);
    expect((await api.call('getStackStateLock', { token: admin.token, query: { stackId: stack.id } })).body.response.items).toEqual([]);
    // Already released: nothing to do.
    expect((await api.call('forceUnlockStackState', { token: admin.token, entity: { stackId: stack.id, lockId: id } })).status).toBe(200);
    expect((await auditOf(stack.id)).filter((e) => e.action === 'forceUnlock' && e.initiatorUserId === admin.userId)).toHaveLength(1);
    expect((await api.call('forceUnlockStackState', { token: other.token, entity: { stackId: stack.id, lockId: id } })).status).toBe(404);
  });
});

describe('stack outputs', () => {
  it('lists the current state’s outputs with sensitive values masked, and reveals one with its own permission, audited', async () => {
    const stack = await newStack();
    expect((await api.call('listStackOutputs', { token: viewer.token, query: { stackId: stack.id } })).body.response.items).toEqual([]);
    const state = stateFile({
      serial: 1,
      lineage: randomUUID(),
      outputs: {
        vpc_id: { value: 'vpc-123', type: 'string' },
        subnets: { value: { a: ['10.0.0.0/24'] }, type: ['map', ['list', 'string']] },
        settings: { value: { size: 2, tags: ['x'] }, type: ['object', { size: 'number', tags: ['tuple', ['string']] }] },
        db_password: { value: 'p@ss\u0000word', type: 'string', sensitive: true },
      },
    });
    expect((await write(stack.id, state)).status).toBe(200);
    const listed = await api.call('listStackOutputs', { token: viewer.token, query: { stackId: stack.id } });
    expect(listed.body.response.items).toEqual([
      { name: 'db_password', type: 'string', isSensitive: true },
      { name: 'settings', type: 'object({size = number, tags = tuple([string])})', isSensitive: false, value: { size: 2, tags: ['x'] } },
      { name: 'subnets', type: 'map(list(string))', isSensitive: false, value: { a: ['10.0.0.0/24'] } },
      { name: 'vpc_id', type: 'string', isSensitive: false, value: 'vpc-123' },
    ]);
    // The sensitive value is sealed in the table.
    const rows = await api.database.db.select().from(stateOutputs).where(eq(stateOutputs.name, 'db_password'));
    expect(JSON.stringify(rows)).not.toContain('p@ss');

    const ref = { stackId: stack.id, name: 'db_password' };
    expect((await api.call('getStackOutputSecretValue', { token: viewer.token, entity: ref })).status).toBe(403);
    expect((await api.call('getStackOutputSecretValue', { token: member.token, entity: ref })).status).toBe(403);
    const revealed = await api.call('getStackOutputSecretValue', { token: admin.token, entity: ref });
    expect(revealed.body.response.items).toEqual([{ name: 'db_password', value: 'p@ss\u0000word' }]);
    expect((await api.call('getStackOutputSecretValue', { token: admin.token, entity: { stackId: stack.id, name: 'missing' } })).status).toBe(404);
    expect((await api.call('getStackOutputSecretValue', { token: other.token, entity: ref })).status).toBe(404);
    const audit = (await auditOf(stack.id)).filter((e) => e.action === 'readSecret' && e.entityId === `${stack.id}/output/db_password`);
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain('p@ss');
  });
});

describe('stack resources', () => {
  const resources = [
    {
      mode: 'data',
      type: 'aws_ami',
      name: 'base',
      provider: 'provider["registry.terraform.io/hashicorp/aws"]',
      instances: [{ schema_version: 0, attributes: { id: 'ami-1' }, sensitive_attributes: [] }],
    },
    {
      mode: 'managed',
      type: 'aws_db_instance',
      name: 'main',
      provider: 'provider["registry.terraform.io/hashicorp/aws"]',
      instances: [
        {
          schema_version: 2,
          attributes: { id: 'db-1', password: 'hunter2-secret', region: 'us-east-1', tags: { team: 'core' } },
          sensitive_attributes: [[{ type: 'get_attr', value: 'password' }]],
        },
      ],
    },
    {
      module: 'module.net',
      mode: 'managed',
      type: 'aws_subnet',
      name: 'private',
      provider: 'module.net.provider["registry.terraform.io/hashicorp/aws"]',
      instances: [
        { index_key: 'a', schema_version: 1, attributes: { id: 'subnet-a', arn: 'arn:aws:ec2:eu-west-1:123456789012:subnet/subnet-a' }, sensitive_attributes: [] },
        { index_key: 'b', schema_version: 1, attributes: { id: 'subnet-b', arn: 'arn:aws:ec2:eu-west-1:123456789012:subnet/subnet-b' }, sensitive_attributes: [] },
      ],
    },
  ];

  it('lists the current state’s resource instances by address, a page at a time, and reads attributes only with the state permission, secrets redacted', async () => {
    const stack = await newStack();
    expect((await api.call('listStackResources', { token: viewer.token, query: { stackId: stack.id } })).body.response.items).toEqual([]);
    const lineage = randomUUID();
    expect((await write(stack.id, stateFile({ serial: 1, lineage, resources }))).status).toBe(200);

    const listed = await api.call('listStackResources', { token: viewer.token, query: { stackId: stack.id } });
    expect(listed.status).toBe(200);
    // In the state file's order, which Terraform keeps sorted.
    expect(listed.body.response.items).toEqual([
      { address: 'data.aws_ami.base', type: 'aws_ami', name: 'base', mode: 'data', provider: 'registry.terraform.io/hashicorp/aws', logicalResourceId: 'ami-1', iacState: 'managed' },
      { address: 'aws_db_instance.main', type: 'aws_db_instance', name: 'main', mode: 'managed', provider: 'registry.terraform.io/hashicorp/aws', logicalResourceId: 'db-1', region: 'us-east-1', iacState: 'managed' },
      {
        address: 'module.net.aws_subnet.private["a"]',
        type: 'aws_subnet',
        name: 'private',
        mode: 'managed',
        module: 'module.net',
        provider: 'registry.terraform.io/hashicorp/aws',
        logicalResourceId: 'arn:aws:ec2:eu-west-1:123456789012:subnet/subnet-a',
        region: 'eu-west-1',
        iacState: 'managed',
      },
      expect.objectContaining({ address: 'module.net.aws_subnet.private["b"]' }),
    ]);
    expect(JSON.stringify(listed.body)).not.toContain('hunter2');
    const bulk = await newStack();
    expect((await write(bulk.id, stateFile({ serial: 1, lineage: randomUUID(), resources: [...resources.slice(0, 2), managedResource('bulk', 12), ...resources.slice(2)] }))).status).toBe(200);
    const page = await api.call<{ address: string }>('listStackResources', { token: viewer.token, query: { stackId: bulk.id, page: 2, pageSize: 10 } });
    expect(page.body.response.items.map((r) => r.address)).toEqual([
      'null_resource.bulk[8]',
      'null_resource.bulk[9]',
      'null_resource.bulk[10]',
      'null_resource.bulk[11]',
      'module.net.aws_subnet.private["a"]',
      'module.net.aws_subnet.private["b"]',
    ]);
    expect(page.body.response.paging).toEqual({ page: 2, pageSize: 10, total: 16 });

    // Attributes come from the state itself: the state permission, audited, sensitive paths redacted.
    expect((await api.call('listStackResources', { token: viewer.token, query: { stackId: stack.id, extendedOutput: true } })).status).toBe(403);
    const extended = await api.call<{ address: string; attributes: Record<string, unknown> }>('listStackResources', {
      token: member.token,
      query: { stackId: stack.id, extendedOutput: true },
    });
    expect(extended.status).toBe(200);
    expect(extended.body.response.items[1]?.attributes).toEqual({ id: 'db-1', password: '(sensitive value)', region: 'us-east-1', tags: { team: 'core' } });
    expect(JSON.stringify(extended.body)).not.toContain('hunter2');
    expect((await auditOf(stack.id)).filter((e) => e.action === 'readSecret' && e.entityId.endsWith('/resources'))).toHaveLength(1);

    // A new state replaces the list; another organization sees nothing.
    expect((await write(stack.id, stateFile({ serial: 2, lineage, resources: resources.slice(0, 1) }))).status).toBe(200);
    const after = await api.call<{ address: string }>('listStackResources', { token: viewer.token, query: { stackId: stack.id } });
    expect(after.body.response.items.map((r) => r.address)).toEqual(['data.aws_ami.base']);
    expect((await api.call('listStackResources', { token: other.token, query: { stackId: stack.id } })).status).toBe(404);
  });
});

describe('a deleted stack', () => {
  it('takes its state along: versions, outputs, resources and the head row, audited once', async () => {
    const stack = await newStack();
    const lineage = randomUUID();
    expect((await write(stack.id, stateFile({ serial: 1, lineage, resources: [managedResource('a', 2)], outputs: { x: { value: 'y', type: 'string' } } }))).status).toBe(200);
    expect((await write(stack.id, stateFile({ serial: 2, lineage, resources: [managedResource('a', 3)] }))).status).toBe(200);
    const versionIds = (await api.database.db.select().from(stateVersions).where(eq(stateVersions.stackId, stack.id))).map((v) => v.id);
    expect(versionIds).toHaveLength(2);

    expect((await api.call('deleteStack', { token: admin.token, params: { stackId: stack.id } })).status).toBe(200);
    expect(await api.database.db.select().from(stateVersions).where(eq(stateVersions.stackId, stack.id))).toEqual([]);
    expect(await api.database.db.select().from(stackStates).where(eq(stackStates.stackId, stack.id))).toEqual([]);
    for (const id of versionIds) {
      expect(await api.database.db.select().from(stateResources).where(eq(stateResources.stateVersionId, id))).toEqual([]);
      expect(await api.database.db.select().from(stateOutputs).where(eq(stateOutputs.stateVersionId, id))).toEqual([]);
    }
    expect((await auditOf(stack.id)).filter((e) => e.entityId === `${stack.id}/state` && e.action === 'delete')).toHaveLength(1);
  });
});
