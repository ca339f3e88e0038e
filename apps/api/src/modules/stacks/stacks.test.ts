import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createNamespace, createVcsProvider, signIn, signUpOrganization, type SignedUp } from '../../testing/factories';
import { stacks } from './stacks.schema';
import { createTestApi, type TestApi } from '../../testing/test-api';

type Stack = Record<string, unknown> & { id: string; name: string; namespaceId: string; data: Record<string, unknown> };

let api: TestApi;
let admin: SignedUp;
let providerId: string;

beforeAll(async () => {
  api = await createTestApi();
  admin = await signUpOrganization(api, 'stacks');
  providerId = await createVcsProvider(api, admin.token);
});
afterAll(() => api.close());

const fullData = () => ({
  deploymentBehavior: { deployOnPush: true, waitForApproval: false },
  deploymentApprovalPolicy: { rules: [{ type: 'requireTeamsApproval', parameters: { teams: ['team-abc'] } }] },
  vcsInfo: { providerId, repoName: 'acme/infra', branch: 'main', path: 'envs/prod' },
  runTrigger: { patterns: ['${stack_path}/**', 'modules/**'], excludePatterns: ['**/*.md'] },
  iacConfig: { terraformVersion: '1.9.5', isTerragruntRunAll: false, varFiles: ['prod.tfvars', '/shared/common.tfvars'] },
  policy: { ttlConfig: { ttl: { type: 'hours', value: 12 } } },
  runnerConfig: { mode: 'selfHosted', groups: ['eu-runners'] },
  capabilities: { deployOnPush: { status: 'enabled' }, planOnPr: { status: 'disabled' }, driftDetection: { status: 'enabled' } },
  autoSync: { deployWhenDriftDetected: true },
  runTaskConfig: { runTasks: [{ runTaskId: 'rtsk-1', enforcementLevel: 'warning', stage: 'postPlan' }] },
});

async function createStack(token: string, namespaceId: string, name: string, extra: Record<string, unknown> = {}) {
  const res = await api.call<Stack>('createStack', {
    token,
    entity: { stack: { name, namespaceId, iacType: 'terraform', ...extra } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.response.items[0] as Stack;
}

describe('stacks', () => {
  it('creates a stack from {entity:{stack}} with the whole shape and reads it back', async () => {
    const ns = await createNamespace(api, admin.token);
    const created = await api.call<Stack>('createStack', {
      token: admin.token,
      entity: { stack: { name: 'prod-vpc', description: 'The VPC', namespaceId: ns.id, iacType: 'terraform', data: fullData() } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const stack = created.body.response.items[0] as Stack;
    expect(stack.id).toMatch(/^stk-[a-z0-9]+$/);
    expect(stack).toMatchObject({
      name: 'prod-vpc',
      description: 'The VPC',
      namespaceId: ns.id,
      namespaceName: ns.name,
      iacType: 'terraform',
      stackType: 'ephemeral',
      errorState: 'ok',
      driftState: 'notChecked',
      initStatus: 'succeeded',
      createdBy: admin.userId,
      data: fullData(),
    });
    expect(Date.parse(String(stack.expiresAt)) - Date.parse(String(stack.createdAt))).toBeGreaterThan(11.9 * 3600_000);

    const read = await api.call<Stack>('getStack', { token: admin.token, params: { stackId: stack.id } });
    expect(read.status).toBe(200);
    // The stack read alone names its author by e-mail, as a run names who started it.
    expect(read.body.response.items).toEqual([{ ...stack, createdByName: admin.email }]);

    const init = await api.call('getStackInitializationStatus', { token: admin.token, query: { stackId: stack.id } });
    expect(init.body.response.items).toEqual([{ stackId: stack.id, status: 'succeeded' }]);
    const outputs = await api.call('listStackOutputs', { token: admin.token, query: { stackId: stack.id } });
    expect(outputs.status).toBe(200);
    expect(outputs.body.response.items).toEqual([]);
    const resources = await api.call('listStackResources', { token: admin.token, query: { stackId: stack.id } });
    expect(resources.status).toBe(200);
    // A stack without state has no resources yet (terraform-state's tests cover a stack with state).
    expect(resources.body.response.items).toEqual([]);
  });

  it('updates partially: absent stays, null clears, inside data too', async () => {
    const ns = await createNamespace(api, admin.token);
    const stack = await createStack(admin.token, ns.id, 'partial', { description: 'first', data: fullData() });
    const res = await api.call<Stack>('updateStack', {
      token: admin.token,
      params: { stackId: stack.id },
      entity: { id: stack.id, description: null, data: { runnerConfig: null, policy: null, autoSync: { deployWhenDriftDetected: false } } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const updated = res.body.response.items[0] as Stack;
    expect(updated.description).toBeUndefined();
    expect(updated.name).toBe('partial');
    expect(updated.data.runnerConfig).toBeUndefined();
    expect(updated.data.policy).toBeUndefined();
    expect(updated.data.autoSync).toEqual({ deployWhenDriftDetected: false });
    expect(updated.data.vcsInfo).toEqual(fullData().vcsInfo);
    expect(updated).toMatchObject({ stackType: 'persistent', expiresAt: null });
  });

  it('refuses auto-loaded var files with the domain message', async () => {
    const ns = await createNamespace(api, admin.token);
    const res = await api.call('createStack', {
      token: admin.token,
      entity: { stack: { name: 'vf', namespaceId: ns.id, iacType: 'terraform', data: { iacConfig: { varFiles: ['a.tfvars', 'env/x.auto.tfvars'] } } } },
    });
    expect(res.status).toBe(400);
    expect(res.body.response.errors[0]).toMatchObject({ code: 'validation_error', field: 'entity.stack.data.iacConfig.varFiles.1' });
    expect(res.body.response.errors[0]?.message).toContain('x.auto.tfvars');
  });

  it('inherits from the namespace: refuses forbidden overrides, answers effective values and sources', async () => {
    const nsRes = await api.call<{ id: string }>('createNamespace', {
      token: admin.token,
      entity: {
        name: 'locked',
        iacConfig: { terraformVersion: '1.8.0' },
        runnerConfig: { mode: 'selfHosted', groups: ['ns-group'], isOverridable: false },
        deploymentApprovalPolicy: { rules: [{ type: 'requireTwoApprovals' }], overrideBehavior: 'deny' },
        capabilities: { driftDetection: { status: 'disabled', isOverridable: false }, planOnPr: { status: 'disabled', isOverridable: true } },
      },
    });
    const ns = nsRes.body.response.items[0] as { id: string };
    for (const [data, field] of [
      [{ runnerConfig: { mode: 'managed' } }, 'entity.stack.data.runnerConfig'],
      [{ deploymentApprovalPolicy: { rules: [{ type: 'autoApprove' }] } }, 'entity.stack.data.deploymentApprovalPolicy'],
      [{ capabilities: { driftDetection: { status: 'enabled' } } }, 'entity.stack.data.capabilities.driftDetection'],
    ] as const) {
      const res = await api.call('createStack', { token: admin.token, entity: { stack: { name: 'x', namespaceId: ns.id, iacType: 'terraform', data } } });
      expect(res.status).toBe(400);
      expect(res.body.response.errors[0]).toMatchObject({ code: 'validation_error', field });
    }
    const stack = await createStack(admin.token, ns.id, 'inherits', { data: { capabilities: { planOnPr: { status: 'enabled' } } } });
    expect(stack.effectiveSettings).toEqual({
      runnerConfig: { value: { mode: 'selfHosted', groups: ['ns-group'], isOverridable: false }, source: 'namespace', isOverridable: false },
      deploymentApprovalPolicy: { value: { rules: [{ type: 'requireTwoApprovals' }] }, source: 'namespace', overrideBehavior: 'deny' },
      capabilities: {
        deployOnPush: { status: 'enabled', source: 'default', isOverridable: true },
        planOnPr: { status: 'enabled', source: 'stack', isOverridable: true },
        driftDetection: { status: 'disabled', source: 'namespace', isOverridable: false },
      },
      iacVersion: { value: '1.8.0', source: 'namespace' },
    });
    const upd = await api.call('updateStack', { token: admin.token, params: { stackId: stack.id }, entity: { data: { runnerConfig: { mode: 'managed' } } } });
    expect(upd.status).toBe(400);
    expect(upd.body.response.errors[0]).toMatchObject({ field: 'entity.data.runnerConfig' });
  });

  it('extends approval rules where the namespace says extended', async () => {
    const nsRes = await api.call<{ id: string }>('createNamespace', {
      token: admin.token,
      entity: { name: 'extended', deploymentApprovalPolicy: { rules: [{ type: 'requireApproval' }], overrideBehavior: 'extended' } },
    });
    const ns = nsRes.body.response.items[0] as { id: string };
    const stack = await createStack(admin.token, ns.id, 'ext', { data: { deploymentApprovalPolicy: { rules: [{ type: 'requireTwoApprovals' }] } } });
    expect((stack.effectiveSettings as Record<string, unknown>).deploymentApprovalPolicy).toEqual({
      value: { rules: [{ type: 'requireApproval' }, { type: 'requireTwoApprovals' }] },
      source: 'stack',
      overrideBehavior: 'extended',
    });
  });

  it('lists with filters, sorting, search and paging', async () => {
    const org = await signUpOrganization(api, 'stack-list');
    const a = await createNamespace(api, org.token, 'ns-a');
    const b = await createNamespace(api, org.token, 'ns-b');
    await createStack(org.token, a.id, 'charlie');
    await createStack(org.token, a.id, 'alpha', { iacType: 'opentofu' });
    const bravo = await createStack(org.token, b.id, 'bravo-net', { iacType: 'terragrunt' });
    await createStack(org.token, b.id, 'delta-net');

    const names = async (query: Record<string, string | number>) => {
      const res = await api.call<Stack>('listStacks', { token: org.token, query });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.response.items.map((s) => s.name);
    };
    expect(await names({})).toEqual(['alpha', 'bravo-net', 'charlie', 'delta-net']);
    expect(await names({ sortBy: 'name', sortOrder: 'desc' })).toEqual(['delta-net', 'charlie', 'bravo-net', 'alpha']);
    expect(await names({ sortBy: 'createdAt', sortOrder: 'asc' })).toEqual(['charlie', 'alpha', 'bravo-net', 'delta-net']);
    expect(await names({ namespaceId: a.id })).toEqual(['alpha', 'charlie']);
    expect(await names({ iacType: 'opentofu' })).toEqual(['alpha']);
    expect(await names({ search: 'NET' })).toEqual(['bravo-net', 'delta-net']);
    expect(await names({ stackId: bravo.id })).toEqual(['bravo-net']);
    expect(await names({ stackName: 'charlie' })).toEqual(['charlie']);
    expect(await names({ driftState: 'notChecked', errorState: 'ok' })).toHaveLength(4);
    expect(await names({ driftState: 'drifted' })).toEqual([]);
    expect(await names({ status: 'inProgress' })).toEqual([]);
    for (let i = 0; i < 8; i++) await createStack(org.token, b.id, `zz-${i}`);
    const page = await api.call<Stack>('listStacks', { token: org.token, query: { page: 2, pageSize: 10 } });
    expect(page.body.response.items.map((s) => s.name), JSON.stringify(page.body)).toEqual(['zz-6', 'zz-7']);
    expect(page.body.response.paging).toEqual({ page: 2, pageSize: 10, total: 12 });
  });

  it('keeps names unique within a namespace, also under concurrent creates', async () => {
    const ns = await createNamespace(api, admin.token);
    const other = await createNamespace(api, admin.token);
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        api.call('createStack', { token: admin.token, entity: { stack: { name: 'race', namespaceId: ns.id, iacType: 'terraform' } } }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 200)) {
      expect(r.status).toBe(409);
      expect(r.body.response.errors[0]).toMatchObject({ code: 'already_exist', field: 'entity.stack.name' });
    }
    await createStack(admin.token, other.id, 'race');
  });

  it('moves a stack, re-validating its settings against the target namespace', async () => {
    const from = await createNamespace(api, admin.token);
    const to = await createNamespace(api, admin.token);
    const lockedRes = await api.call<{ id: string }>('createNamespace', {
      token: admin.token,
      entity: { name: 'locked-target', runnerConfig: { mode: 'managed', isOverridable: false } },
    });
    const locked = lockedRes.body.response.items[0] as { id: string };
    const stack = await createStack(admin.token, from.id, 'mover', { data: { runnerConfig: { mode: 'selfHosted', groups: ['g'] } } });
    const refused = await api.call('moveStack', { token: admin.token, params: { stackId: stack.id }, entity: { namespaceId: locked.id } });
    expect(refused.status).toBe(400);
    expect(refused.body.response.errors[0]).toMatchObject({ field: 'entity.namespaceId' });

    await createStack(admin.token, to.id, 'mover');
    const clash = await api.call('moveStack', { token: admin.token, params: { stackId: stack.id }, entity: { namespaceId: to.id } });
    expect(clash.status).toBe(409);

    const third = await createNamespace(api, admin.token);
    const moved = await api.call<Stack>('moveStack', { token: admin.token, params: { stackId: stack.id }, entity: { namespaceId: third.id } });
    expect(moved.status).toBe(200);
    expect(moved.body.response.items[0]).toMatchObject({ id: stack.id, namespaceId: third.id, namespaceName: third.name });
  });

  it('extends the time to live within 1 to 100,000 hours or days', async () => {
    const ns = await createNamespace(api, admin.token);
    const ephemeral = await createStack(admin.token, ns.id, 'eph', { data: { policy: { ttlConfig: { ttl: { type: 'hours', value: 1 } } } } });
    for (const value of [0, 100_001]) {
      const res = await api.call('extendStackTtl', { token: admin.token, params: { stackId: ephemeral.id }, entity: { ttl: { type: 'days', value } } });
      expect(res.status).toBe(400);
    }
    const res = await api.call<Stack>('extendStackTtl', { token: admin.token, params: { stackId: ephemeral.id }, entity: { ttl: { type: 'days', value: 100_000 } } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const extended = res.body.response.items[0] as Stack;
    expect(Date.parse(String(extended.expiresAt)) - Date.now()).toBeGreaterThan(99_999 * 86_400_000);
    expect((extended.data.policy as { ttlConfig: { ttlOverride: unknown } }).ttlConfig.ttlOverride).toMatchObject({ type: 'days', value: 100_000 });

    // Past its time to live, the stack reports stackPassedItsTTL (read and list filter) until extended.
    await api.database.db.update(stacks).set({ expiresAt: new Date(Date.now() - 60_000) }).where(eq(stacks.id, ephemeral.id));
    const expired = await api.call<Stack>('getStack', { token: admin.token, params: { stackId: ephemeral.id } });
    expect(expired.body.response.items[0]?.errorState).toBe('stackPassedItsTTL');
    const byState = await api.call<Stack>('listStacks', { token: admin.token, query: { namespaceId: ns.id, errorState: 'stackPassedItsTTL' } });
    expect(byState.body.response.items.map((s) => s.id)).toEqual([ephemeral.id]);
    const again = await api.call<Stack>('extendStackTtl', { token: admin.token, params: { stackId: ephemeral.id }, entity: { ttl: { type: 'hours', value: 2 } } });
    expect(again.body.response.items[0]?.errorState).toBe('ok');

    const persistent = await createStack(admin.token, ns.id, 'pers');
    const refused = await api.call('extendStackTtl', { token: admin.token, params: { stackId: persistent.id }, entity: { ttl: { type: 'hours', value: 5 } } });
    expect(refused.status).toBe(400);
    expect(refused.body.response.errors[0]).toMatchObject({ field: 'entity.ttl' });
  });

  it('answers not_found for unknown ids and another organization’s stacks', async () => {
    const other = await signUpOrganization(api, 'other-stacks');
    const theirNs = await createNamespace(api, other.token);
    const theirs = await createStack(other.token, theirNs.id, 'theirs');
    for (const stackId of ['stk-doesnotexist0000', theirs.id]) {
      for (const [op, extra] of [
        ['getStack', {}],
        ['deleteStack', {}],
        ['updateStack', { entity: { description: 'x' } }],
        ['moveStack', { entity: { namespaceId: theirNs.id } }],
      ] as const) {
        const res = await api.call(op, { token: admin.token, params: { stackId }, ...extra });
        expect(res.status, `${op} ${stackId}`).toBe(404);
        expect(res.body.response.errors[0]?.code).toBe('not_found');
      }
    }
    const mine = await createNamespace(api, admin.token);
    const intoTheirs = await api.call('createStack', { token: admin.token, entity: { stack: { name: 'x', namespaceId: theirNs.id, iacType: 'terraform' } } });
    expect(intoTheirs.status).toBe(400);
    expect(intoTheirs.body.response.errors[0]).toMatchObject({ field: 'entity.stack.namespaceId' });
    const list = await api.call<Stack>('listStacks', { token: admin.token, query: { stackId: theirs.id } });
    expect(list.body.response.items).toEqual([]);
    expect(mine.id).toMatch(/^ns-/);
  });

  it('lets viewers read but not change', async () => {
    const ns = await createNamespace(api, admin.token);
    const stack = await createStack(admin.token, ns.id, 'viewed');
    const viewer = await addMember(api, admin.organizationId, 'viewer');
    expect((await api.call('getStack', { token: viewer.token, params: { stackId: stack.id } })).status).toBe(200);
    const del = await api.call('deleteStack', { token: viewer.token, params: { stackId: stack.id } });
    expect(del.status).toBe(403);
    const create = await api.call('createStack', { token: viewer.token, entity: { stack: { name: 'v', namespaceId: ns.id, iacType: 'terraform' } } });
    expect(create.status).toBe(403);
  });

  it('writes an audit event for each change', async () => {
    const org = await signUpOrganization(api, 'stack-audit');
    const ns = await createNamespace(api, org.token);
    const ns2 = await createNamespace(api, org.token);
    const stack = await createStack(org.token, ns.id, 'audited');
    await api.call('updateStack', { token: org.token, params: { stackId: stack.id }, entity: { description: 'd' } });
    await api.call('moveStack', { token: org.token, params: { stackId: stack.id }, entity: { namespaceId: ns2.id } });
    const del = await api.call('deleteStack', { token: org.token, params: { stackId: stack.id } });
    expect(del.status).toBe(200);
    const gone = await api.call('getStack', { token: org.token, params: { stackId: stack.id } });
    expect(gone.status).toBe(404);
    const audit = await api.call<{ entityId: string; action: string }>('listAuditEvents', { token: org.token, query: { entityType: 'stack' } });
    expect(audit.body.response.items.map((e) => [e.entityId, e.action])).toEqual([
      [stack.id, 'delete'],
      [stack.id, 'update'],
      [stack.id, 'update'],
      [stack.id, 'create'],
    ]);
  });
});

describe('stack permissions', () => {
  async function grant(token: string, entity: Record<string, unknown>) {
    const res = await api.call('createNamespacePermission', { token, entity });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  async function customRole(token: string, permissions: string[], stackRestriction: string, type = 'namespaceRole') {
    const res = await api.call<{ id: string }>('createCustomRole', {
      token,
      entity: { name: `role-${Math.random().toString(36).slice(2)}`, type, permissions: permissions.map((name) => ({ name })), stackRestriction },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.response.items[0] as { id: string }).id;
  }
  const listNames = async (token: string, query: Record<string, string | number> = {}) => {
    const res = await api.call<Stack>('listStacks', { token, query });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { names: res.body.response.items.map((s) => s.name), total: res.body.response.paging?.total };
  };

  it('limits namespace-only users to their namespaces’ stacks (and stacks granted one by one)', async () => {
    const org = await signUpOrganization(api, 'ns-only-stacks');
    const mine = await createNamespace(api, org.token, 'granted');
    const theirs = await createNamespace(api, org.token, 'not-granted');
    await createStack(org.token, mine.id, 'a-visible');
    const hidden = await createStack(org.token, theirs.id, 'b-hidden');
    const single = await createStack(org.token, theirs.id, 'c-single');
    const user = await addMember(api, org.organizationId, 'nsOnly');

    expect(await listNames(user.token)).toEqual({ names: [], total: 0 });
    await grant(org.token, { namespaceId: mine.id, userEmail: user.email, role: 'viewer' });
    await grant(org.token, { namespaceId: theirs.id, stackId: single.id, userEmail: user.email, role: 'viewer' });
    expect(await listNames(user.token)).toEqual({ names: ['a-visible', 'c-single'], total: 2 });
    expect((await api.call('getStack', { token: user.token, params: { stackId: hidden.id } })).status).toBe(403);
    expect((await api.call('getStack', { token: user.token, params: { stackId: single.id } })).status).toBe(200);
    // A viewer grant does not let them change or create.
    const create = await api.call('createStack', { token: user.token, entity: { stack: { name: 'x', namespaceId: mine.id, iacType: 'terraform' } } });
    expect(create.status).toBe(403);
    expect((await api.call('deleteStack', { token: user.token, params: { stackId: single.id } })).status).toBe(403);

    const revoke = await api.call('deleteNamespacePermission', { token: org.token, entity: { namespaceId: mine.id, userEmail: user.email } });
    expect(revoke.status).toBe(200);
    await grant(org.token, { namespaceId: mine.id, userEmail: user.email, role: 'admin' });
    const created = await createStack(user.token, mine.id, 'd-own');
    expect(created.createdBy).toBe(user.userId);
    // Moving out of their namespace into one they hold no create permission on is refused.
    const move = await api.call('moveStack', { token: user.token, params: { stackId: created.id }, entity: { namespaceId: theirs.id } });
    expect(move.status).toBe(403);
  });

  it('applies own-stack write and read restrictions of custom roles', async () => {
    const org = await signUpOrganization(api, 'own-stacks');
    const ns = await createNamespace(api, org.token);
    const adminsStack = await createStack(org.token, ns.id, 'admins');
    const writer = await addMember(api, org.organizationId, 'nsOnly');
    const writeRole = await customRole(org.token, ['stack:create', 'stack:update', 'stack:delete'], 'restrictWriteToOwnStacks');
    await grant(org.token, { namespaceId: ns.id, userEmail: writer.email, customRoleId: writeRole });

    const own = await createStack(writer.token, ns.id, 'writers');
    const upd = (stackId: string) => api.call('updateStack', { token: writer.token, params: { stackId }, entity: { description: 'd' } });
    expect((await upd(own.id)).status).toBe(200);
    expect((await upd(adminsStack.id)).status).toBe(403);
    expect((await api.call('getStack', { token: writer.token, params: { stackId: adminsStack.id } })).status).toBe(200);
    expect((await listNames(writer.token)).names).toEqual(['admins', 'writers']);

    const reader = await addMember(api, org.organizationId, 'nsOnly');
    const readRole = await customRole(org.token, ['stack:create', 'stack:update'], 'restrictReadToOwnStacks');
    await grant(org.token, { namespaceId: ns.id, userEmail: reader.email, customRoleId: readRole });
    const readersOwn = await createStack(reader.token, ns.id, 'readers');
    expect(await listNames(reader.token)).toEqual({ names: ['readers'], total: 1 });
    expect((await api.call('getStack', { token: reader.token, params: { stackId: adminsStack.id } })).status).toBe(403);
    expect((await api.call('getStack', { token: reader.token, params: { stackId: readersOwn.id } })).status).toBe(200);

    // The same restriction on a custom organization role.
    const orgRole = await customRole(org.token, ['stack:create', 'stack:update'], 'restrictReadToOwnStacks', 'organizationRole');
    const member = await addMember(api, org.organizationId, 'member');
    await api.call('updateOrganizationUser', { token: org.token, params: { userId: member.userId }, entity: { role: orgRole } });
    const memberToken = await signIn(api, member.email);
    expect(await listNames(memberToken)).toEqual({ names: [], total: 0 });
    await createStack(memberToken, ns.id, 'members');
    expect(await listNames(memberToken)).toEqual({ names: ['members'], total: 1 });
    expect((await api.call('getStack', { token: memberToken, params: { stackId: adminsStack.id } })).status).toBe(403);
  });

  it('refuses to delete or move a stack while its latest run is active', async () => {
    const ns = await createNamespace(api, admin.token);
    const other = await createNamespace(api, admin.token);
    const stack = await createStack(admin.token, ns.id, 'busy');
    // The runs domain will set this in its transition transaction; no runs exist yet.
    await api.database.db.update(stacks).set({ latestRunStatus: 'inProgress', latestRunAt: new Date() }).where(eq(stacks.id, stack.id));
    const list = await api.call<Stack>('listStacks', { token: admin.token, query: { status: 'inProgress', namespaceId: ns.id } });
    expect(list.body.response.items.map((s) => [s.id, s.latestRunStatus])).toEqual([[stack.id, 'inProgress']]);
    const del = await api.call('deleteStack', { token: admin.token, params: { stackId: stack.id } });
    expect(del.status).toBe(409);
    const move = await api.call('moveStack', { token: admin.token, params: { stackId: stack.id }, entity: { namespaceId: other.id } });
    expect(move.status).toBe(409);
    await api.database.db.update(stacks).set({ latestRunStatus: 'succeeded' }).where(eq(stacks.id, stack.id));
    expect((await api.call('deleteStack', { token: admin.token, params: { stackId: stack.id } })).status).toBe(200);
  });
});
