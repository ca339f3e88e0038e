import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../audit/audit.schema';
import { addMember, createNamespace, createVcsProvider, signUpOrganization, type SignedUp } from '../../testing/factories';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { claimNextJob, finishJob, jobSpec, type ClaimedJob } from '../runs/run-jobs.service';
import { runs } from '../runs/runs.schema';
import { lockInfo, sendWire, stateFile } from '../terraform-state/testing/terraform-wire';

// Stack dependencies on the real PostgreSQL and the real runs domain: CRUD, cycles refused (also
// when the two halves of a cycle are asked for at once), a downstream deployment waiting for its
// upstream and ending canceledByDependency, the upstream's outputs in the downstream job's
// variables, and dependents triggered always or only when a referenced output changed. The state
// is written over the real Terraform HTTP backend by the job, as a runner would.

let api: TestApi;
let port: number;
let admin: SignedUp;
let viewer: SignedUp;
let other: SignedUp;
let namespaceId: string;
const jobTokens = new Map<string, { organizationId: string; stackId: string; jobId: string; runId: string }>();

beforeAll(async () => {
  api = await createTestApi({ poolSize: 20, resolveJobToken: async (token) => jobTokens.get(token) ?? null });
  await api.app.listen({ port: 0, host: '127.0.0.1' });
  port = (api.app.server.address() as AddressInfo).port;
  admin = await signUpOrganization(api, 'deps');
  viewer = await addMember(api, admin.organizationId, 'viewer');
  other = await signUpOrganization(api, 'deps-other');
  namespaceId = (await createNamespace(api, admin.token)).id;
}, 60_000);
afterAll(() => api.close());

const group = () => `grp-${randomBytes(6).toString('hex')}`;

interface TestStack {
  id: string;
  name: string;
  group: string;
  lineage: string;
  serial: number;
}

async function newStack(ns = namespaceId, data: Record<string, unknown> = {}): Promise<TestStack> {
  const runnerGroupId = group();
  const res = await api.call<{ id: string; name: string }>('createStack', {
    token: admin.token,
    entity: {
      stack: {
        name: `dep-${randomBytes(4).toString('hex')}`,
        namespaceId: ns,
        iacType: 'opentofu',
        data: { runnerConfig: { mode: 'selfHosted', groups: [runnerGroupId] }, deploymentApprovalPolicy: { rules: [{ type: 'autoApprove' }] }, ...data },
      },
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const item = res.body.response.items[0] as { id: string; name: string };
  return { ...item, group: runnerGroupId, lineage: randomUUID(), serial: 0 };
}

async function depend(stack: TestStack, upstream: TestStack, extra: Record<string, unknown> = {}, token = admin.token) {
  return api.call<{ id: string; triggerOption: string; references: unknown[] }>('createStackDependency', {
    token,
    entity: { stackId: stack.id, dependsOnStackId: upstream.id, ...extra },
  });
}

async function deploy(stack: TestStack) {
  const res = await api.call<{ id: string; status: string }>('createDeployment', { token: admin.token, entity: { stackId: stack.id } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.response.items[0] as { id: string; status: string };
}

async function runRow(id: string) {
  const [row] = await api.database.db.select().from(runs).where(eq(runs.id, id));
  return row;
}

const claim = async (stack: TestStack) => (await claimNextJob(api.runs, { runnerGroupId: stack.group, runnerId: 'rnr-deps' })) as ClaimedJob;
const changes = { add: 1, change: 0, destroy: 0, replace: 0, import: 0, hasChanges: true };

/** Runs the queued deployment of the stack to the end: plan, auto-approved apply writing `outputs` to the state. */
async function runDeployment(stack: TestStack, runId: string, outputs: Record<string, { value: unknown; type: unknown; sensitive?: boolean }>) {
  const plan = await claim(stack);
  expect(plan?.runId).toBe(runId);
  await finishJob(api.runs, plan, { status: 'succeeded', planSummary: changes });
  const apply = await claim(stack);
  expect(apply?.phase).toBe('apply');
  const token = `job-${randomUUID()}`;
  jobTokens.set(token, { organizationId: admin.organizationId, stackId: stack.id, jobId: apply.jobId, runId });
  stack.serial += 1;
  const basic = { username: 'terraform', password: token };
  const info = lockInfo({ Who: 'runner' });
  const id = (JSON.parse(info) as { ID: string }).ID;
  expect((await sendWire(port, { method: 'LOCK', path: `/api/state/${stack.id}/lock`, basic, body: info })).status).toBe(200);
  const written = await sendWire(port, {
    method: 'POST',
    path: `/api/state/${stack.id}?ID=${encodeURIComponent(id)}`,
    basic,
    body: stateFile({ serial: stack.serial, lineage: stack.lineage, outputs }),
  });
  expect(written.status, written.body.toString()).toBe(200);
  expect((await sendWire(port, { method: 'UNLOCK', path: `/api/state/${stack.id}/lock`, basic, body: info })).status).toBe(200);
  await finishJob(api.runs, apply, { status: 'succeeded' });
  expect((await runRow(runId))?.status).toBe('succeeded');
}

const dependencyRuns = async (stack: TestStack, upstreamRunId: string) =>
  (await api.database.db.select().from(runs).where(and(eq(runs.stackId, stack.id), eq(runs.trigger, 'dependency')))).filter((r) => r.upstreamRunId === upstreamRunId);

describe('stack dependencies: CRUD', () => {
  it('creates, reads, lists, updates and deletes a dependency, audited, with its references checked', async () => {
    const [up, down] = [await newStack(), await newStack()];
    const created = await depend(down, up, {
      references: [{ outputOfStackToDependOn: 'vpc_id', inputForStack: 'vpc_id' }],
      triggerOption: 'onReferenceValueChange',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const dep = created.body.response.items[0] as { id: string };
    expect(dep).toMatchObject({
      stackId: down.id,
      dependsOnStackId: up.id,
      triggerOption: 'onReferenceValueChange',
      references: [{ outputOfStackToDependOn: 'vpc_id', inputForStack: 'vpc_id', includeSensitiveOutput: false }],
    });
    expect(dep.id).toMatch(/^sdep-/);

    const got = await api.call('getStackDependency', { token: viewer.token, params: { dependencyId: dep.id } });
    expect(got.status).toBe(200);
    const byStack = await api.call('listStackDependencies', { token: admin.token, query: { stackId: down.id } });
    expect(byStack.body.response.items.map((d) => d['id'])).toEqual([dep.id]);
    const byUpstream = await api.call('listStackDependencies', { token: admin.token, query: { dependsOnStackId: up.id } });
    expect(byUpstream.body.response.items.map((d) => d['id'])).toEqual([dep.id]);

    const updated = await api.call('updateStackDependency', {
      token: admin.token,
      params: { dependencyId: dep.id },
      entity: { triggerOption: 'always', references: [{ outputOfStackToDependOn: 'db', inputForStack: 'db_password', includeSensitiveOutput: true }] },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.response.items[0]).toMatchObject({ triggerOption: 'always', references: [{ inputForStack: 'db_password', includeSensitiveOutput: true }] });

    // An input that is no variable key, the same edge twice, a stack depending on itself.
    const badKey = await depend(await newStack(), up, { references: [{ outputOfStackToDependOn: 'x', inputForStack: '1abc' }] });
    expect(badKey.status).toBe(400);
    expect(badKey.body.response.errors[0]).toMatchObject({
      message: 'Key must consist of: letters, digits, underscores (_) and must not start with a digit',
      field: 'entity.references.0.inputForStack',
    });
    // An input the stack already sets as its own variable.
    const shadowed = await newStack();
    const variable = await api.call('createVariable', { token: admin.token, entity: { scope: 'stack', scopeId: shadowed.id, key: 'region', value: 'eu-west-1', type: 'tfVar' } });
    expect(variable.status, JSON.stringify(variable.body)).toBe(200);
    const shadow = await depend(shadowed, up, { references: [{ outputOfStackToDependOn: 'region', inputForStack: 'region' }] });
    expect(shadow.status).toBe(400);
    expect(shadow.body.response.errors[0]).toMatchObject({ message: "The stack already has a variable named 'region'", field: 'entity.references.0.inputForStack' });
    expect((await depend(down, up)).status).toBe(409);
    expect((await depend(down, down)).status).toBe(400);

    // A viewer may read but not change; another organization sees nothing.
    expect((await depend(await newStack(), up, {}, viewer.token)).status).toBe(403);
    expect((await api.call('deleteStackDependency', { token: viewer.token, params: { dependencyId: dep.id } })).status).toBe(403);
    const foreign = await api.call('getStackDependency', { token: other.token, params: { dependencyId: dep.id } });
    expect(foreign.status).toBe(404);
    expect((await api.call('listStackDependencies', { token: other.token, query: { stackId: down.id } })).status).toBe(400);
    expect((await depend(down, up, {}, other.token)).status).toBe(400);

    const deleted = await api.call('deleteStackDependency', { token: admin.token, params: { dependencyId: dep.id } });
    expect(deleted.status).toBe(200);
    expect((await api.call('getStackDependency', { token: admin.token, params: { dependencyId: dep.id } })).status).toBe(404);

    const audit = await api.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.organizationId, admin.organizationId), like(auditEvents.entityId, `${down.id}/dependency/%`)));
    expect(audit.map((a) => a.action).sort()).toEqual(['create', 'delete', 'update']);
  });

  it('refuses an edge that closes a cycle, directly, through others, by update, and when both halves come at once', async () => {
    const [a, b, c] = [await newStack(), await newStack(), await newStack()];
    expect((await depend(a, b)).status).toBe(200);
    expect((await depend(b, c)).status).toBe(200);
    const cycle = await depend(c, a);
    expect(cycle.status).toBe(409);
    expect(cycle.body.response.errors[0]?.message).toContain('would make a cycle');
    // Turning an unrelated edge into the closing one is refused too.
    const d = await newStack();
    const cd = await depend(c, d);
    expect(cd.status).toBe(200);
    const id = (cd.body.response.items[0] as { id: string }).id;
    expect((await api.call('updateStackDependency', { token: admin.token, params: { dependencyId: id }, entity: { dependsOnStackId: a.id } })).status).toBe(409);

    // Ten pairs, each asked both ways at the same moment: exactly one edge of each pair exists.
    const pairs = await Promise.all(Array.from({ length: 10 }, async () => [await newStack(), await newStack()] as const));
    const answers = await Promise.all(pairs.flatMap(([x, y]) => [depend(x, y), depend(y, x)]));
    for (let i = 0; i < pairs.length; i += 1) {
      const statuses = [answers[2 * i]?.status, answers[2 * i + 1]?.status].sort();
      expect(statuses).toEqual([200, 409]);
    }
  }, 60_000);

  it('draws the graph around a stack and of a namespace', async () => {
    const ns = (await createNamespace(api, admin.token)).id;
    const [a, b, c] = [await newStack(ns), await newStack(ns), await newStack(ns)];
    const outside = await newStack();
    await depend(b, a);
    await depend(c, b);
    await depend(outside, c);
    const around = await api.call<{ nodes: { stackId: string }[]; edges: unknown[] }>('getStackDependencyGraph', { token: admin.token, query: { stackId: a.id } });
    expect(around.status).toBe(200);
    const graph = around.body.response.items[0] as { nodes: { stackId: string; name: string }[]; edges: { stackId: string; dependsOnStackId: string }[] };
    expect(new Set(graph.nodes.map((n) => n.stackId))).toEqual(new Set([a.id, b.id, c.id, outside.id]));
    expect(graph.edges).toHaveLength(3);
    const nsGraph = await api.call('getStackDependencyGraph', { token: viewer.token, query: { namespaceId: ns } });
    const nsItem = nsGraph.body.response.items[0] as unknown as typeof graph;
    expect(new Set(nsItem.nodes.map((n) => n.stackId))).toEqual(new Set([a.id, b.id, c.id, outside.id]));
    const lone = await newStack(ns);
    const loneGraph = (await api.call('getStackDependencyGraph', { token: admin.token, query: { stackId: lone.id } })).body.response.items[0] as unknown as typeof graph;
    expect(loneGraph).toEqual({ nodes: [{ stackId: lone.id, name: lone.name }], edges: [] });
    expect((await api.call('getStackDependencyGraph', { token: other.token, query: { stackId: a.id } })).status).toBe(400);
  });
});

describe('stack dependencies and runs', () => {
  it('holds a downstream deployment while its upstream deploys; canceledByDependency when the upstream is cancelled; queued when it succeeds', async () => {
    const [up, down] = [await newStack(), await newStack()];
    expect((await depend(down, up)).status).toBe(200);

    const upRun = await deploy(up);
    expect(upRun.status).toBe('queued');
    const waiting = await deploy(down);
    expect(waiting.status).toBe('notStarted');
    expect((await runRow(waiting.id))?.blockedBy).toEqual({ kind: 'upstream', runIds: [upRun.id] });
    // A plan of the downstream never waits.
    expect((await api.call<{ status: string }>('createPlan', { token: admin.token, entity: { stackId: down.id } })).body.response.items[0]?.status).toBe('queued');

    expect((await api.call('cancelDeployment', { token: admin.token, query: { deploymentId: upRun.id } })).status).toBe(200);
    expect((await runRow(upRun.id))?.status).toBe('canceled');
    const canceled = await runRow(waiting.id);
    expect(canceled?.status).toBe('canceledByDependency');
    expect(canceled?.errorSummary).toContain(upRun.id);

    // Again, and the upstream succeeds: the waiting deployment takes its stack and is queued.
    const upRun2 = await deploy(up);
    const waiting2 = await deploy(down);
    expect(waiting2.status).toBe('notStarted');
    await runDeployment(up, upRun2.id, { vpc_id: { value: 'vpc-1', type: 'string' } });
    const released = await runRow(waiting2.id);
    expect(released?.status).toBe('queued');
    expect(released?.blockedBy).toBeNull();
    // The success also started a deployment of the dependent stack (trigger always); it waits for the stack.
    const triggered = await dependencyRuns(down, upRun2.id);
    expect(triggered).toHaveLength(1);
    expect(triggered[0]?.status).toBe('notStarted');
    expect(triggered[0]?.blockedBy).toEqual({ kind: 'stackMutex', runId: waiting2.id });
  }, 60_000);

  it('cancels down a chain when the first upstream fails, and a deleted stack takes its edges along', async () => {
    const [a, b, c] = [await newStack(), await newStack(), await newStack()];
    await depend(b, a);
    await depend(c, b);
    const runA = await deploy(a);
    const runB = await deploy(b);
    const runC = await deploy(c);
    expect((await runRow(runB.id))?.blockedBy).toEqual({ kind: 'upstream', runIds: [runA.id] });
    expect((await runRow(runC.id))?.blockedBy).toEqual({ kind: 'upstream', runIds: [runB.id] });
    // The apply of A fails on the runner.
    const plan = await claim(a);
    await finishJob(api.runs, plan, { status: 'succeeded', planSummary: changes });
    const apply = await claim(a);
    await finishJob(api.runs, apply, { status: 'failed', error: 'Error: creating VPC: UnauthorizedOperation' });
    expect((await runRow(runA.id))?.status).toBe('applyFailure');
    expect((await runRow(runB.id))?.status).toBe('canceledByDependency');
    expect((await runRow(runC.id))?.status).toBe('canceledByDependency');
    // Nothing was triggered by a failure.
    expect(await dependencyRuns(b, runA.id)).toHaveLength(0);

    expect((await api.call('deleteStack', { token: admin.token, params: { stackId: b.id } })).status).toBe(200);
    expect((await api.call('listStackDependencies', { token: admin.token, query: { dependsOnStackId: a.id } })).body.response.items).toEqual([]);
    expect((await api.call('listStackDependencies', { token: admin.token, query: { stackId: c.id } })).body.response.items).toEqual([]);
  }, 60_000);

  it('never strands a downstream deployment created while its upstream finishes', async () => {
    for (let round = 0; round < 3; round += 1) {
      const [up, down] = [await newStack(), await newStack()];
      await depend(down, up, { triggerOption: 'onReferenceValueChange' });
      const upRun = await deploy(up);
      const plan = await claim(up);
      await finishJob(api.runs, plan, { status: 'succeeded', planSummary: changes });
      const apply = await claim(up);
      // The upstream's end and eight downstream deployments, all at once.
      const [, ...created] = await Promise.all([finishJob(api.runs, apply, { status: 'succeeded' }), ...Array.from({ length: 8 }, () => deploy(down))]);
      expect((await runRow(upRun.id))?.status).toBe('succeeded');
      const rows = await api.database.db.select().from(runs).where(eq(runs.stackId, down.id));
      expect(rows).toHaveLength(created.length);
      // Nothing waits on the finished run: one holds the stack, the others queue behind it.
      expect(rows.filter((r) => (r.blockedBy as { kind?: string } | null)?.kind === 'upstream')).toEqual([]);
      expect(rows.filter((r) => r.status === 'queued')).toHaveLength(1);
      expect(rows.filter((r) => r.status === 'notStarted').every((r) => (r.blockedBy as { kind?: string } | null)?.kind === 'stackMutex')).toBe(true);
    }
  }, 90_000);

  it('passes the referenced outputs to the downstream job as variables; sensitive ones only when asked, masked', async () => {
    const providerId = await createVcsProvider(api, admin.token);
    const [up, down] = [await newStack(), await newStack(namespaceId, { vcsInfo: { providerId, repoName: 'infra', branch: 'main', path: 'app' } })];
    const dep = await depend(down, up, {
      references: [
        { outputOfStackToDependOn: 'vpc_id', inputForStack: 'vpc' },
        { outputOfStackToDependOn: 'ports', inputForStack: 'ports' },
        { outputOfStackToDependOn: 'db_password', inputForStack: 'db_password', includeSensitiveOutput: true },
        { outputOfStackToDependOn: 'api_key', inputForStack: 'api_key' },
      ],
      triggerOption: 'onReferenceValueChange',
    });
    expect(dep.status, JSON.stringify(dep.body)).toBe(200);
    const upRun = await deploy(up);
    await runDeployment(up, upRun.id, {
      vpc_id: { value: 'vpc-0abc', type: 'string' },
      ports: { value: [80, 443], type: ['list', 'number'] },
      db_password: { value: 'hunter2', type: 'string', sensitive: true },
      api_key: { value: 'k-123', type: 'string', sensitive: true },
    });
    const [triggered] = await dependencyRuns(down, upRun.id);
    expect(triggered?.status).toBe('queued');
    const job = await claim(down);
    expect(job.runId).toBe(triggered?.id);
    // The code host's API is what cannot run here: the repository's address is given, nothing is cloned.
    const spec = await jobSpec({ ...api.runs, repositoryRemote: async () => ({ url: 'http://127.0.0.1:9/infra.git' }) }, job);
    const byName = new Map(spec.variables.map((v) => [v.name, v]));
    expect(byName.get('vpc')).toEqual({ name: 'vpc', value: 'vpc-0abc', kind: 'terraform', sensitive: false });
    expect(byName.get('ports')).toEqual({ name: 'ports', value: '[80,443]', kind: 'terraform', sensitive: false, hcl: true });
    expect(byName.get('db_password')).toEqual({ name: 'db_password', value: 'hunter2', kind: 'terraform', sensitive: true });
    // Sensitive, and the reference did not ask for it.
    expect(byName.has('api_key')).toBe(false);
  }, 60_000);

  it('triggers dependents always, or only when a referenced output value changed', async () => {
    const up = await newStack();
    const [always, onChange] = [await newStack(), await newStack()];
    await depend(always, up, { references: [{ outputOfStackToDependOn: 'vpc_id', inputForStack: 'vpc' }], triggerOption: 'always' });
    await depend(onChange, up, { references: [{ outputOfStackToDependOn: 'vpc_id', inputForStack: 'vpc' }], triggerOption: 'onReferenceValueChange' });

    const first = await deploy(up);
    await runDeployment(up, first.id, { vpc_id: { value: 'vpc-a', type: 'string' }, other: { value: 1, type: 'number' } });
    expect(await dependencyRuns(always, first.id)).toHaveLength(1);
    expect(await dependencyRuns(onChange, first.id)).toHaveLength(1);

    // Another output changes, the referenced one does not.
    const second = await deploy(up);
    await runDeployment(up, second.id, { vpc_id: { value: 'vpc-a', type: 'string' }, other: { value: 2, type: 'number' } });
    expect(await dependencyRuns(always, second.id)).toHaveLength(1);
    expect(await dependencyRuns(onChange, second.id)).toHaveLength(0);

    const third = await deploy(up);
    await runDeployment(up, third.id, { vpc_id: { value: 'vpc-b', type: 'string' }, other: { value: 2, type: 'number' } });
    expect(await dependencyRuns(always, third.id)).toHaveLength(1);
    expect(await dependencyRuns(onChange, third.id)).toHaveLength(1);

    // Audited as started by the dependency.
    const [run] = await dependencyRuns(onChange, third.id);
    const audit = await api.database.db.select().from(auditEvents).where(and(eq(auditEvents.organizationId, admin.organizationId), eq(auditEvents.entityId, run?.id ?? '')));
    expect(audit.map((a) => [a.entityType, a.action])).toEqual([['deployment', 'create']]);
  }, 90_000);
});
