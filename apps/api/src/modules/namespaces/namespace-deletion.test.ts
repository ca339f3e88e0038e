import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../crypto/ids';
import { addMember, createNamespace, signUpOrganization, type SignedUp } from '../../testing/factories';
import { createTestApi, type ApiResponse, type TestApi } from '../../testing/test-api';
import { auditEvents } from '../audit/audit.schema';
import { namespacePermissions } from '../iam/iam.schema';
import { stacks } from '../stacks/stacks.schema';
import { variables } from '../variables/variables.schema';
import { namespaces } from './namespaces.schema';

// A namespace is deleted only when it holds no stack and no variable (409 naming what is left);
// the permissions granted on it go with it. A stack takes its own variables and grants along.
// Writes that put something in a namespace (or on a stack) while it is being deleted never leave
// an orphan: they hold the namespace (stack) with a key-share lock, the deletion locks it first.

let api: TestApi;
let admin: SignedUp;

beforeAll(async () => {
  api = await createTestApi({ poolSize: 8 });
  admin = await signUpOrganization(api, 'ns-deletion');
});
afterAll(() => api.close());

const name = (label: string) => `${label}-${randomBytes(3).toString('hex')}`;

async function createStack(namespaceId: string, stackName = name('stack')) {
  const res = await api.call<{ id: string; name: string }>('createStack', {
    token: admin.token,
    entity: { stack: { name: stackName, namespaceId, iacType: 'terraform' } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.response.items[0] as { id: string; name: string };
}

async function createVariable(scope: 'namespace' | 'stack', scopeId: string, key: string) {
  const res = await api.call<{ id: string }>('createVariable', {
    token: admin.token,
    entity: { scope, scopeId, key, value: 'eu-west-1', type: 'tfVar', isSensitive: false },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.response.items[0] as { id: string }).id;
}

const deleteNamespace = (namespaceId: string) => api.call('deleteNamespace', { token: admin.token, params: { namespaceId } });

/** Stacks and variables of the organization whose namespace no longer exists. */
async function orphans(organizationId: string) {
  const { db } = api.database;
  const lostStacks = await db.execute(
    sql`select s.id from ${stacks} s where s.organization_id = ${organizationId}
        and not exists (select 1 from ${namespaces} n where n.id = s.namespace_id)`,
  );
  const lostVariables = await db.execute(
    sql`select v.id from ${variables} v where v.organization_id = ${organizationId}
        and ((v.scope = 'namespace' and not exists (select 1 from ${namespaces} n where n.id = v.scope_id))
          or (v.scope = 'stack' and not exists (select 1 from ${stacks} s where s.id = v.scope_id)))`,
  );
  return [...lostStacks.rows, ...lostVariables.rows];
}

describe('deleting a namespace', () => {
  it('is refused with 409 naming the stacks and variables it still holds, and allowed once they are gone', async () => {
    const ns = await createNamespace(api, admin.token);
    const stackNames = ['api', 'db', 'network', 'web'];
    const created = [];
    for (const stackName of stackNames) created.push(await createStack(ns.id, stackName));
    const variableId = await createVariable('namespace', ns.id, 'region');

    const refused = await deleteNamespace(ns.id);
    expect(refused.status).toBe(409);
    expect(refused.body.response.errors[0]).toMatchObject({
      code: 'conflict',
      message: `The namespace '${ns.name}' still holds 4 stacks ('api', 'db', 'network' and 1 more) and 1 variable ('region'): move or delete them first, then delete the namespace`,
    });
    expect((await api.call('getNamespace', { token: admin.token, params: { namespaceId: ns.id } })).status, 'nothing was deleted').toBe(200);

    for (const stack of created) {
      expect((await api.call('deleteStack', { token: admin.token, params: { stackId: stack.id } })).status).toBe(200);
    }
    const onlyVariable = await deleteNamespace(ns.id);
    expect(onlyVariable.status).toBe(409);
    expect(onlyVariable.body.response.errors[0]?.message).toBe(
      `The namespace '${ns.name}' still holds 1 variable ('region'): move or delete them first, then delete the namespace`,
    );
    expect((await api.call('deleteVariable', { token: admin.token, params: { variableId } })).status).toBe(200);
    expect((await deleteNamespace(ns.id)).status).toBe(200);
    expect(await orphans(admin.organizationId)).toEqual([]);
  });

  it('removes the permissions granted on it, each with an audit event', async () => {
    const ns = await createNamespace(api, admin.token);
    const member = await addMember(api, admin.organizationId, 'ns-operator');
    const granted = await api.call('createNamespacePermission', {
      token: admin.token,
      entity: { namespaceId: ns.id, userEmail: member.email, role: 'viewer' },
    });
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);

    expect((await deleteNamespace(ns.id)).status).toBe(200);
    const left = await api.database.db.select().from(namespacePermissions).where(eq(namespacePermissions.namespaceId, ns.id));
    expect(left, 'no grant outlives its namespace').toEqual([]);
    const events = await api.database.db
      .select({ entityType: auditEvents.entityType, entityName: auditEvents.entityName, action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.organizationId, admin.organizationId), eq(auditEvents.entityId, ns.id)))
      .orderBy(auditEvents.seq);
    expect(events.slice(-2)).toEqual([
      { entityType: 'namespacePermission', entityName: `user:${member.userId}`, action: 'delete' },
      { entityType: 'namespace', entityName: ns.name, action: 'delete' },
    ]);
  });
});

describe('deleting a stack', () => {
  it('removes its own variables and the permissions granted on it, each audited; the namespace keeps its own', async () => {
    const ns = await createNamespace(api, admin.token);
    const stack = await createStack(ns.id);
    const stackVariable = await createVariable('stack', stack.id, 'instance_type');
    await createVariable('namespace', ns.id, 'region');
    const member = await addMember(api, admin.organizationId, 'ns-operator');
    const grant = await api.call('createNamespacePermission', {
      token: admin.token,
      entity: { namespaceId: ns.id, stackId: stack.id, userEmail: member.email, role: 'viewer' },
    });
    expect(grant.status, JSON.stringify(grant.body)).toBe(200);

    expect((await api.call('deleteStack', { token: admin.token, params: { stackId: stack.id } })).status).toBe(200);
    const { db } = api.database;
    expect(await db.select().from(variables).where(eq(variables.scopeId, stack.id))).toEqual([]);
    expect((await db.select().from(variables).where(eq(variables.scopeId, ns.id))).map((v) => v.key)).toEqual(['region']);
    expect(await db.select().from(namespacePermissions).where(eq(namespacePermissions.stackId, stack.id))).toEqual([]);
    const audited = await db
      .select({ entityType: auditEvents.entityType, entityId: auditEvents.entityId, action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.organizationId, admin.organizationId), eq(auditEvents.action, 'delete')));
    expect(audited).toEqual(
      expect.arrayContaining([
        { entityType: 'variable', entityId: stackVariable, action: 'delete' },
        { entityType: 'namespacePermission', entityId: ns.id, action: 'delete' },
        { entityType: 'stack', entityId: stack.id, action: 'delete' },
      ]),
    );
  });
});

/**
 * Runs `writes` while a transaction of the test holds a row that makes their INSERT wait (a twin
 * with the same unique key, not yet committed), so each has done its reads and is about to insert;
 * starts `deletion` once they all wait, lets them go when the deletion waits too, and answers both.
 */
async function interleave(
  twin: (tx: Parameters<Parameters<TestApi['database']['db']['transaction']>[0]>[0]) => Promise<unknown>,
  writes: () => Promise<ApiResponse>[],
  deletion: () => Promise<ApiResponse>,
): Promise<{ writes: ApiResponse[]; deletion: ApiResponse }> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  let holding: (pid: number) => void = () => undefined;
  const held = new Promise<number>((resolve) => (holding = resolve));
  const rollback = new Error('rollback');
  const twinTx = api.database.db
    .transaction(async (tx) => {
      await twin(tx);
      const result = await tx.execute(sql`select pg_backend_pid() as pid`);
      holding((result.rows[0] as { pid: number }).pid);
      await released;
      throw rollback;
    })
    .catch((error: unknown) => {
      if (error !== rollback) throw error;
    });
  const twinPid = await held;
  const pending = writes();
  // Test files share the database: only the statements this test holds up are counted.
  const writers = await waitForBlocked([twinPid], pending.length);
  const deleting = deletion();
  await waitForBlocked([twinPid, ...writers], 1, writers);
  release();
  await twinTx;
  return { writes: await Promise.all(pending), deletion: await deleting };
}

/**
 * Polls PostgreSQL until at least `count` backends (other than `except`) wait for a lock held by
 * one of `holders`; answers their process ids.
 */
async function waitForBlocked(holders: number[], count: number, except: number[] = []): Promise<number[]> {
  const holderList = sql.join(holders.map((pid) => sql`${pid}::int`), sql`, `);
  const exceptList = sql.join([0, ...except].map((pid) => sql`${pid}::int`), sql`, `);
  for (let i = 0; i < 400; i++) {
    const result = await api.database.db.execute(
      sql`select pid from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'
            and pid not in (${exceptList})
            and pg_blocking_pids(pid) && array[${holderList}]`,
    );
    const pids = (result.rows as { pid: number }[]).map((row) => row.pid);
    if (pids.length >= count) return pids;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`fewer than ${count} statements ever waited for a lock held by ${holders.join(', ')}`);
}

describe('deleting a namespace while something is put in it', () => {
  it('a stack created at that moment is either counted (409) or refused: never an orphan', async () => {
    const ns = await createNamespace(api, admin.token);
    const stackName = name('racing');
    const { writes, deletion } = await interleave(
      (tx) =>
        tx.insert(stacks).values({
          id: newId('stack'),
          organizationId: admin.organizationId,
          namespaceId: ns.id,
          name: stackName,
          iacType: 'terraform',
          stackType: 'persistent',
        }),
      () => [api.call('createStack', { token: admin.token, entity: { stack: { name: stackName, namespaceId: ns.id, iacType: 'terraform' } } })],
      () => deleteNamespace(ns.id),
    );
    // The create held the namespace before its insert waited: the deletion waited for it, then saw the stack.
    expect(writes[0]?.status, JSON.stringify(writes[0]?.body)).toBe(200);
    expect(deletion.status, JSON.stringify(deletion.body)).toBe(409);
    expect(await orphans(admin.organizationId)).toEqual([]);
  });

  it('a variable created at that moment is either counted (409) or refused: never an orphan', async () => {
    const ns = await createNamespace(api, admin.token);
    const { writes, deletion } = await interleave(
      (tx) =>
        tx.insert(variables).values({
          id: newId('variable'),
          organizationId: admin.organizationId,
          scope: 'namespace',
          scopeId: ns.id,
          key: 'racing',
          type: 'tfVar',
          value: 'x',
        }),
      () => [api.call('createVariable', { token: admin.token, entity: { scope: 'namespace', scopeId: ns.id, key: 'racing', value: 'y', type: 'tfVar' } })],
      () => deleteNamespace(ns.id),
    );
    expect(writes[0]?.status, JSON.stringify(writes[0]?.body)).toBe(200);
    expect(deletion.status, JSON.stringify(deletion.body)).toBe(409);
    expect(await orphans(admin.organizationId)).toEqual([]);
  });

  it('a variable put on a stack being deleted goes with the stack or is refused', async () => {
    const ns = await createNamespace(api, admin.token);
    const stack = await createStack(ns.id);
    const { writes, deletion } = await interleave(
      (tx) =>
        tx.insert(variables).values({
          id: newId('variable'),
          organizationId: admin.organizationId,
          scope: 'stack',
          scopeId: stack.id,
          key: 'racing',
          type: 'tfVar',
          value: 'x',
        }),
      () => [api.call('createVariable', { token: admin.token, entity: { scope: 'stack', scopeId: stack.id, key: 'racing', value: 'y', type: 'tfVar' } })],
      () => api.call('deleteStack', { token: admin.token, params: { stackId: stack.id } }),
    );
    expect(writes[0]?.status, JSON.stringify(writes[0]?.body)).toBe(200);
    expect(deletion.status, JSON.stringify(deletion.body)).toBe(200);
    expect(await orphans(admin.organizationId)).toEqual([]);
  });

  it('creations and deletions racing freely in many rounds leave no orphan', async () => {
    for (let round = 0; round < 12; round++) {
      const ns = await createNamespace(api, admin.token);
      const answers = await Promise.all([
        api.call('createStack', { token: admin.token, entity: { stack: { name: name('free'), namespaceId: ns.id, iacType: 'terraform' } } }),
        api.call('createVariable', { token: admin.token, entity: { scope: 'namespace', scopeId: ns.id, key: 'free', value: 'v', type: 'tfVar' } }),
        deleteNamespace(ns.id),
      ]);
      const [stack, variable, deletion] = answers.map((a) => a.status);
      // Deleted: whatever was created before it was counted, so nothing was; refused: something was created.
      if (deletion === 200) expect([stack, variable], `round ${round}`).not.toContain(200);
      else expect(deletion, `round ${round}`).toBe(409);
      expect(await orphans(admin.organizationId), `round ${round}`).toEqual([]);
    }
  });
});
