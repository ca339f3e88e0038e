import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { CM_DEFAULT_RUNNER_GROUP } from '@terrace/domain';
import { standInBin } from '@terrace/iac-stand-in';
import { startVcsHostStandIn, type VcsHostStandIn } from '@terrace/vcs-hosts/testing';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../audit/audit.schema';
import { claimNextJob, finishJob, jobSpec, type ClaimedJob, type JobOutcome } from '../runs/run-jobs.service';
import { runs } from '../runs/runs.schema';
import { stacks } from '../stacks/stacks.schema';
import { addMember, createNamespace, signUpOrganization, type SignedUp } from '../../testing/factories';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { backgroundJobs } from '../../background-jobs';
import type { ComposedOperations } from '../../compose-operations';
import { runDriftSchedule } from './drift-schedule.service';
import { driftChecks, driftHistory } from './drift.schema';

// The drift domain end to end on the real server and PostgreSQL: operations over HTTP (answers
// checked against the contract), drift runs finished through run-jobs.service as a runner would,
// with plan JSON made by the IaC stand-in (terraform's `show -json` format, its "cloud" file
// changed behind the code's back), and the schedule's tick called with an advanced clock.

const run = promisify(execFile);
const hostToken = `ghp_${randomBytes(8).toString('hex')}`;
let api: TestApi;
let admin: SignedUp;
let standIn: VcsHostStandIn;
let workRoot: string;
let providerId: string;
let namespaceId: string;

interface Detection {
  driftDetectionId: string;
  stackId: string;
  status: string;
  driftState?: string;
  trigger: string;
  runId: string;
  driftedResourceCount: number;
  errorMessage?: string;
}
interface Remediation {
  driftRemediationId: string;
  status: string;
  runId: string;
  mode: string;
}

beforeAll(async () => {
  standIn = await startVcsHostStandIn({
    token: hostToken,
    repositories: [{ owner: 'acme', name: 'infra', defaultBranch: 'main', branches: [{ name: 'main', commit: 'a'.repeat(40) }], httpUrl: 'http://git.example.test/acme/infra.git' }],
  });
  workRoot = await mkdtemp(join(tmpdir(), 'terrace-drift-test-'));
  api = await createTestApi({ vcs: { endpoints: standIn.endpoints, gitWorkRoot: workRoot }, poolSize: 8 });
  admin = await signUpOrganization(api, 'drift');
  namespaceId = (await createNamespace(api, admin.token)).id;
  providerId = await providerOf(admin.token);
}, 60_000);

afterAll(async () => {
  await api.close();
  await standIn.close();
  await rm(workRoot, { recursive: true, force: true });
});

async function providerOf(token: string): Promise<string> {
  const provider = await api.call<{ id: string }>('createVcsProvider', {
    token,
    entity: { type: 'github', name: `gh-${randomBytes(3).toString('hex')}`, authType: 'token', gitCloneType: 'http', githubMetadata: { orgName: 'acme' }, credentials: { token: hostToken } },
  });
  expect(provider.status, JSON.stringify(provider.body)).toBe(200);
  return (provider.body.response.items[0] as { id: string }).id;
}

async function ok<T>(operationId: string, options: Parameters<TestApi['call']>[1]): Promise<T[]> {
  const res = await api.call<T>(operationId, options);
  if (res.status !== 200) throw new Error(`${operationId}: ${res.status} ${JSON.stringify(res.body.response.errors)}`);
  return res.body.response.items;
}
const one = async <T>(operationId: string, options: Parameters<TestApi['call']>[1]): Promise<T> => (await ok<T>(operationId, options))[0] as T;

async function createStack(data: Record<string, unknown> = {}, who: { token: string; ns: string; provider: string } = { token: admin.token, ns: namespaceId, provider: providerId }): Promise<string> {
  const stack = {
    name: `stack-${randomBytes(4).toString('hex')}`,
    namespaceId: who.ns,
    iacType: 'terraform',
    data: { vcsInfo: { providerId: who.provider, repoName: 'infra', branch: 'main', path: 'envs/prod' }, ...data },
  };
  return (await one<{ id: string }>('createStack', { token: who.token, entity: { stack } })).id;
}

const detect = (stackId: string, token = admin.token) => one<Detection>('startDriftDetection', { token, entity: { stackId } });
const statusOf = async (query: Record<string, string>, token = admin.token) => ok<Detection>('getDriftDetectionStatus', { token, query });
const details = (stackId: string) => ok<Record<string, unknown>>('getStackDriftDetails', { token: admin.token, query: { stackId } });

async function claimOf(runId: string, organizationId = admin.organizationId): Promise<ClaimedJob> {
  for (let i = 0; i < 50; i += 1) {
    const job = await claimNextJob(api.runs, { organizationId, runnerGroupId: CM_DEFAULT_RUNNER_GROUP, runnerId: 'rnr-drift-test' });
    if (!job) break;
    if (job.runId === runId) return job;
    await finishJob(api.runs, job, { status: 'failed', error: 'not this test' });
  }
  throw new Error(`no job for ${runId}`);
}

/** What a runner reports for a plan with terraform's `show -json` (the outcome the runner engine builds). */
function planOutcome(planJson: string): JobOutcome {
  const plan = JSON.parse(planJson) as { resource_changes: { address: string; change: { actions: string[] } }[]; resource_drift: unknown[] };
  const changed = plan.resource_changes.filter((c) => c.change.actions[0] !== 'no-op');
  return {
    status: 'succeeded',
    planJson,
    resourceChanges: plan.resource_changes as JobOutcome['resourceChanges'],
    planSummary: {
      add: changed.filter((c) => c.change.actions.join() === 'create').length,
      change: changed.filter((c) => c.change.actions.join() === 'update').length,
      destroy: changed.filter((c) => c.change.actions.join() === 'delete').length,
      replace: changed.filter((c) => c.change.actions.length === 2).length,
      import: 0,
      hasChanges: changed.length > 0 || plan.resource_drift.length > 0,
    },
    planFile: Buffer.from('plan').toString('base64'),
  };
}

/** Finishes a run's plan phase as a runner would, with the given plan JSON. */
async function finishPlan(runId: string, planJson: string, organizationId = admin.organizationId): Promise<ClaimedJob> {
  const job = await claimOf(runId, organizationId);
  await finishJob(api.runs, job, planOutcome(planJson));
  return job;
}

const terraformCode = `
resource "null_resource" "web" {
  triggers = { image = "nginx:1" }
  size = "small"
}
resource "null_resource" "db" {
  size = "large"
}
resource "null_resource" "cache" {
  size = "tiny"
}
`;

/**
 * terraform's plan JSON from the IaC stand-in: the code applied (the stand-in's cloud file gets the
 * real objects), then `cloud` changes them behind the code's back and `code` changes the code,
 * then `plan -out` and `show -json` as the drift run does.
 */
async function standInPlan(change: { cloud?: (cloud: Record<string, Record<string, unknown>>) => void; code?: string }): Promise<string> {
  const dir = await mkdtemp(join(workRoot, 'tf-'));
  const env = { ...process.env, TERRACE_STANDIN_CLOUD: join(dir, 'cloud.json'), TF_IN_AUTOMATION: '1' };
  const tf = (...args: string[]) => run(standInBin('terraform'), [...args, '-no-color'], { cwd: dir, env }).catch((e: { code?: number; stdout: string }) => {
    if (e.code === 2) return e;
    throw e;
  });
  await writeFile(join(dir, 'main.tf'), terraformCode);
  await tf('init');
  await tf('apply', '-auto-approve');
  const cloud = JSON.parse(await readFile(join(dir, 'cloud.json'), 'utf8')) as Record<string, Record<string, unknown>>;
  change.cloud?.(cloud);
  await writeFile(join(dir, 'cloud.json'), JSON.stringify(cloud));
  if (change.code !== undefined) await writeFile(join(dir, 'main.tf'), change.code);
  await tf('plan', '-lock=false', '-detailed-exitcode', '-out=drift.plan');
  const shown = await run(standInBin('terraform'), ['show', '-json', 'drift.plan'], { cwd: dir, env });
  return shown.stdout;
}

async function stackRow(stackId: string) {
  const [row] = await api.database.db.select().from(stacks).where(eq(stacks.id, stackId));
  return row;
}

async function auditOf(entityId: string) {
  return api.database.db.select().from(auditEvents).where(eq(auditEvents.entityId, entityId));
}

describe('drift detection on demand', () => {
  it('runs a drift check as a drift run and classifies the stand-in plan: drifted, each resource with its kind and attributes', async () => {
    const stackId = await createStack();
    const started = await detect(stackId);
    expect(started).toMatchObject({ stackId, status: 'queued', trigger: 'manual' });
    // In flight: asking again answers the same check.
    expect((await detect(stackId)).driftDetectionId).toBe(started.driftDetectionId);

    const job = await claimOf(started.runId);
    expect(job.runKind).toBe('drift');
    const spec = await jobSpec(api.runs, job);
    // A drift check plans with refresh and never takes the state lock.
    expect(spec.plan).toMatchObject({ refreshOnly: false, lock: false, destroy: false });
    expect((await statusOf({ driftDetectionId: started.driftDetectionId }))[0]?.status).toBe('inProgress');

    const plan = await standInPlan({
      cloud: (cloud) => {
        (cloud['null_resource.web'] as Record<string, unknown>)['size'] = 'huge';
        delete cloud['null_resource.db'];
        (cloud['null_resource.cache'] as Record<string, unknown>)['triggers'] = { v: '2' };
      },
    });
    await finishJob(api.runs, job, planOutcome(plan));

    const [status] = await statusOf({ stackId });
    expect(status).toMatchObject({ driftDetectionId: started.driftDetectionId, status: 'succeeded', driftState: 'drifted', driftedResourceCount: 3 });
    const found = await details(stackId);
    expect(found.map((d) => [d['resourceAddress'], d['driftKind']])).toEqual([
      ['null_resource.cache', 'modifiedForcesReplacement'],
      ['null_resource.db', 'deleted'],
      ['null_resource.web', 'modified'],
    ]);
    expect(found[2]?.['attributes']).toEqual([{ path: 'size', expected: 'small', actual: 'huge' }]);

    // The stack row carries the state (the stacks list filters on it).
    expect((await stackRow(stackId))?.driftState).toBe('drifted');
    const listed = await ok<{ id: string }>('listStacks', { token: admin.token, query: { driftState: 'drifted', namespaceId } });
    expect(listed.map((s) => s.id)).toContain(stackId);
    const audit = await auditOf(started.driftDetectionId);
    expect(audit.map((a) => a.action).sort()).toEqual(['create', 'update']);
    expect(audit.every((a) => a.entityType === 'driftDetection')).toBe(true);
  }, 60_000);

  it('classifies code not yet deployed as inSyncDeployRequired and a clean plan as inSync', async () => {
    const stackId = await createStack();
    const code = terraformCode.replace('size = "tiny"', 'size = "medium"') + '\nresource "null_resource" "queue" {\n  size = "s"\n}\n';
    let check = await detect(stackId);
    await finishPlan(check.runId, await standInPlan({ code }));
    expect((await statusOf({ stackId }))[0]).toMatchObject({ status: 'succeeded', driftState: 'inSyncDeployRequired', driftedResourceCount: 0 });
    expect((await details(stackId)).map((d) => [d['resourceAddress'], d['driftKind'], d['deployRequiredKind']])).toEqual([
      ['null_resource.cache', 'deployRequired', 'modification'],
      ['null_resource.queue', 'deployRequired', 'creation'],
    ]);

    check = await detect(stackId);
    await finishPlan(check.runId, await standInPlan({}));
    expect((await statusOf({ stackId }))[0]).toMatchObject({ driftDetectionId: check.driftDetectionId, driftState: 'inSync' });
    expect(await details(stackId)).toEqual([]);
    expect((await stackRow(stackId))?.driftState).toBe('inSync');
  }, 60_000);

  it('marks the stack driftDetectionFailed when the drift run fails, and clears it on the next good check', async () => {
    const stackId = await createStack();
    const check = await detect(stackId);
    const job = await claimOf(check.runId);
    await finishJob(api.runs, job, { status: 'failed', error: 'provider crashed', errorSummary: 'Error: provider crashed' });
    expect((await statusOf({ stackId }))[0]).toMatchObject({ status: 'failed', driftState: 'unknown', errorMessage: 'Error: provider crashed' });
    expect(await stackRow(stackId)).toMatchObject({ driftState: 'unknown', errorState: 'driftDetectionFailed' });

    const next = await detect(stackId);
    await finishPlan(next.runId, await standInPlan({}));
    expect(await stackRow(stackId)).toMatchObject({ driftState: 'inSync', errorState: 'ok' });
  }, 60_000);

  it('does not let a check whose run ended unrecorded hold the stack', async () => {
    const stackId = await createStack();
    const stale = await detect(stackId);
    // The run ended without its check being recorded (as if the bookkeeping had failed).
    await api.database.db.update(runs).set({ status: 'error' }).where(eq(runs.id, stale.runId));
    const next = await detect(stackId);
    expect(next.driftDetectionId).not.toBe(stale.driftDetectionId);
    const [row] = await api.database.db.select().from(driftChecks).where(eq(driftChecks.id, stale.driftDetectionId));
    expect(row).toMatchObject({ status: 'failed', errorMessage: 'The drift run ended error' });
    await finishJob(api.runs, await claimOf(next.runId), { status: 'failed', error: 'done' });
  }, 60_000);

  it('is a job of the queue: the drift tick every minute', () => {
    const jobs = backgroundJobs({ drift: api.drift } as unknown as ComposedOperations, { warn: () => undefined });
    expect(jobs).toContainEqual(expect.objectContaining({ name: 'drift-tick', cron: '* * * * *' }));
  });

  it('checks permissions and organizations: a viewer reads but does not start; another organization sees 404', async () => {
    const stackId = await createStack();
    const viewer = await addMember(api, admin.organizationId, 'viewer');
    const refused = await api.call('startDriftDetection', { token: viewer.token, entity: { stackId } });
    expect(refused.status).toBe(403);
    expect(await statusOf({ stackId }, viewer.token)).toEqual([]);
    const remediate = await api.call('startDriftRemediation', { token: viewer.token, entity: { stackId } });
    expect(remediate.status).toBe(403);

    const other = await signUpOrganization(api, 'drift-other');
    for (const [op, options] of [
      ['startDriftDetection', { entity: { stackId } }],
      ['getDriftDetectionStatus', { query: { stackId } }],
      ['getStackDriftDetails', { query: { stackId } }],
      ['startDriftRemediation', { entity: { stackId } }],
    ] as const) {
      const res = await api.call(op, { token: other.token, ...options });
      expect(res.status, op).toBe(404);
    }
    const check = await detect(stackId);
    const foreign = await api.call('getDriftDetectionStatus', { token: other.token, query: { driftDetectionId: check.driftDetectionId } });
    expect(foreign.status).toBe(404);
    const mine = await api.call('getDriftDetectionStatus', { token: admin.token, query: {} });
    expect(mine.status).toBe(400);
    // Leave nothing in flight for the other tests' claims.
    await finishJob(api.runs, await claimOf(check.runId), { status: 'failed', error: 'done' });
  }, 60_000);
});

describe('drift after deployments, auto sync and remediation', () => {
  const autoApprove = { deploymentApprovalPolicy: { rules: [{ type: 'autoApprove' }] } };

  /** Runs a deployment through its plan and apply as a runner would; answers its id. */
  async function deployThrough(runId: string): Promise<void> {
    await finishJob(api.runs, await claimOf(runId), {
      status: 'succeeded',
      planSummary: { add: 1, change: 0, destroy: 0, replace: 0, import: 0, hasChanges: true },
      resourceChanges: [{ address: 'null_resource.web', change: { actions: ['update'] } }],
      planFile: Buffer.from('plan').toString('base64'),
    });
    await finishJob(api.runs, await claimOf(runId), { status: 'succeeded' });
  }

  it('checks a stack after each successful deployment', async () => {
    const stackId = await createStack(autoApprove);
    const deployment = await one<{ id: string }>('createDeployment', { token: admin.token, entity: { stackId } });
    await deployThrough(deployment.id);
    const [check] = await statusOf({ stackId });
    expect(check).toMatchObject({ trigger: 'postApply', status: 'queued' });
    const [row] = await api.database.db.select().from(driftChecks).where(eq(driftChecks.id, check?.driftDetectionId as string));
    expect(row?.afterRunId).toBe(deployment.id);
    await finishPlan(check?.runId as string, await standInPlan({}));
    expect((await statusOf({ stackId }))[0]?.driftState).toBe('inSync');
  }, 60_000);

  it('auto sync deploys the code when drift is found, and does not loop on the check after its own deployment', async () => {
    const stackId = await createStack({ ...autoApprove, autoSync: { deployWhenDriftDetected: true } });
    const drifted = () => standInPlan({ cloud: (c) => void ((c['null_resource.web'] as Record<string, unknown>)['size'] = 'huge') });
    const check = await detect(stackId);
    await finishPlan(check.runId, await drifted());
    const [row] = await api.database.db.select().from(driftChecks).where(eq(driftChecks.id, check.driftDetectionId));
    expect(row?.autoSyncRunId).toMatch(/^dep-/);
    const [deployment] = await api.database.db.select().from(runs).where(eq(runs.id, row?.autoSyncRunId as string));
    expect(deployment).toMatchObject({ kind: 'deployment', trigger: 'drift', stackId });
    expect((deployment?.initiator as { userType: string }).userType).toBe('system');
    expect((await auditOf(deployment?.id as string)).map((a) => a.action)).toContain('create');

    // Its apply succeeds; the check after it still finds drift: auto sync does not deploy again.
    await deployThrough(deployment?.id as string);
    const [after] = await statusOf({ stackId });
    expect(after?.trigger).toBe('postApply');
    await finishPlan(after?.runId as string, await drifted());
    const [afterRow] = await api.database.db.select().from(driftChecks).where(eq(driftChecks.id, after?.driftDetectionId as string));
    expect(afterRow).toMatchObject({ driftState: 'drifted', autoSyncAllowed: false, autoSyncRunId: null });
    const deployments = await api.database.db.select().from(runs).where(and(eq(runs.stackId, stackId), eq(runs.kind, 'deployment')));
    expect(deployments).toHaveLength(1);
  }, 60_000);

  it('remediates by deploying the code, or by accepting the cloud values with a refresh-only deployment; pollable', async () => {
    const stackId = await createStack(autoApprove);
    const deploy = await one<Remediation>('startDriftRemediation', { token: admin.token, entity: { stackId, mode: 'deploy' } });
    expect(deploy).toMatchObject({ status: 'queued', mode: 'deploy' });
    expect(deploy.runId).toMatch(/^dep-/);
    const deployJob = await claimOf(deploy.runId);
    expect((await jobSpec(api.runs, deployJob)).plan).toMatchObject({ refreshOnly: false, lock: true });
    expect((await one<Remediation>('getDriftRemediationStatus', { token: admin.token, query: { driftRemediationId: deploy.driftRemediationId } })).status).toBe('inProgress');
    await finishJob(api.runs, deployJob, {
      status: 'succeeded',
      planSummary: { add: 0, change: 1, destroy: 0, replace: 0, import: 0, hasChanges: true },
      resourceChanges: [{ address: 'null_resource.web', change: { actions: ['update'] } }],
      planFile: Buffer.from('plan').toString('base64'),
    });
    await finishJob(api.runs, await claimOf(deploy.runId), { status: 'succeeded' });
    expect((await one<Remediation>('getDriftRemediationStatus', { token: admin.token, query: { driftRemediationId: deploy.driftRemediationId } })).status).toBe('succeeded');
    // The post-apply check that follows it is queued; end it so the next remediation's job is the one claimed.
    const post = (await statusOf({ stackId }))[0] as Detection;
    await finishPlan(post.runId, await standInPlan({}));

    // Existing clients send the path with a trailing slash.
    const res = await api.app.inject({
      method: 'POST',
      url: '/api/stack/driftRemediation/',
      headers: { authorization: `Bearer ${admin.token}` },
      payload: { entity: { stackId, mode: 'acceptCloudValues', resourceAddresses: ['null_resource.web', ' null_resource.web '] } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const accept = (JSON.parse(res.body) as { response: { items: Remediation[] } }).response.items[0] as Remediation;
    const acceptJob = await claimOf(accept.runId);
    expect((await jobSpec(api.runs, acceptJob)).plan).toMatchObject({ refreshOnly: true, targets: ['null_resource.web'] });
    await finishJob(api.runs, acceptJob, { status: 'failed', error: 'stop here' });
    expect((await one<Remediation>('getDriftRemediationStatus', { token: admin.token, query: { driftRemediationId: accept.driftRemediationId } })).status).toBe('failed');
    // The stack's latest remediation without its id.
    expect((await one<Remediation>('getDriftRemediationStatus', { token: admin.token, query: { stackId } })).driftRemediationId).toBe(accept.driftRemediationId);

    const refused = await api.call('startDriftRemediation', { token: admin.token, entity: { stackId, mode: 'importChangesToCode' } });
    expect(refused.status).toBe(400);
    expect(refused.body.response.errors[0]?.field).toBe('entity.mode');
    const audit = await auditOf(deploy.driftRemediationId);
    expect(audit).toMatchObject([{ entityType: 'driftRemediation', action: 'create' }]);
  }, 60_000);
});

describe('drift schedule', () => {
  async function organizationWithStacks(label: string, count: number) {
    const org = await signUpOrganization(api, label);
    const ns = (await createNamespace(api, org.token)).id;
    const provider = await providerOf(org.token);
    const ids: string[] = [];
    for (let i = 0; i < count; i += 1) ids.push(await createStack({}, { token: org.token, ns, provider }));
    return { org, ids };
  }

  const checksOf = (stackIds: string[]) => api.database.db.select().from(driftChecks).where(inArray(driftChecks.stackId, stackIds));

  it('gives new stacks a slot spread across the hour, then starts due checks within the per-organization budget', async () => {
    const { org, ids } = await organizationWithStacks('drift-sched', 7);
    const now = new Date();
    const first = await runDriftSchedule({ ...api.drift, organizationBudget: 5 }, now, { organizationIds: [org.organizationId] });
    expect(first).toEqual({ started: [], scheduled: 7, deferred: 0 });
    const rows = await api.database.db.select().from(stacks).where(inArray(stacks.id, ids));
    for (const row of rows) {
      expect(row.nextDriftAt?.getTime()).toBeGreaterThan(now.getTime());
      expect(row.nextDriftAt?.getTime()).toBeLessThanOrEqual(now.getTime() + 24 * 3600_000);
    }
    expect(new Set(rows.map((r) => r.nextDriftAt?.toISOString())).size).toBeGreaterThan(1);
    const history = await api.database.db.select().from(driftHistory).where(inArray(driftHistory.stackId, ids));
    expect(history.map((h) => h.driftState)).toEqual(Array(7).fill('notChecked'));

    // A day later every slot is due: five checks start, two wait for the budget.
    const later = new Date(now.getTime() + 25 * 3600_000);
    const second = await runDriftSchedule({ ...api.drift, organizationBudget: 5 }, later, { organizationIds: [org.organizationId] });
    expect(second.started).toHaveLength(5);
    expect(second.deferred).toBe(2);
    const started = await checksOf(ids);
    expect(started.every((c) => c.trigger === 'schedule' && c.status === 'queued')).toBe(true);
    // Started stacks move to their next slot; the waiting ones stay due.
    const moved = await api.database.db.select().from(stacks).where(inArray(stacks.id, ids));
    expect(moved.filter((r) => (r.nextDriftAt?.getTime() ?? 0) > later.getTime())).toHaveLength(5);

    // Nothing more while five are in flight; one finishes, one more starts.
    expect((await runDriftSchedule({ ...api.drift, organizationBudget: 5 }, later, { organizationIds: [org.organizationId] })).started).toHaveLength(0);
    const job = await claimNextJob(api.runs, { organizationId: org.organizationId, runnerGroupId: CM_DEFAULT_RUNNER_GROUP, runnerId: 'rnr-drift-test' });
    expect(started.map((c) => c.runId)).toContain(job?.runId);
    await finishJob(api.runs, job as ClaimedJob, planOutcome(await standInPlan({})));
    const third = await runDriftSchedule({ ...api.drift, organizationBudget: 5 }, later, { organizationIds: [org.organizationId] });
    expect(third.started).toHaveLength(1);
    expect(third.deferred).toBe(1);
    const audit = await auditOf(third.started[0] as string);
    expect(audit).toMatchObject([{ entityType: 'driftDetection', action: 'create', initiatorType: 'system' }]);
  }, 120_000);

  it('never starts one stack twice when two replicas tick together (FOR UPDATE SKIP LOCKED, budget under a lock)', async () => {
    const a = await organizationWithStacks('drift-two-a', 4);
    const b = await organizationWithStacks('drift-two-b', 4);
    const orgs = [a.org.organizationId, b.org.organizationId];
    const now = new Date();
    await runDriftSchedule(api.drift, now, { organizationIds: orgs });
    const later = new Date(now.getTime() + 25 * 3600_000);
    const deps = { ...api.drift, organizationBudget: 10 };
    const [one1, two] = await Promise.all([
      runDriftSchedule(deps, later, { organizationIds: orgs }),
      runDriftSchedule(deps, later, { organizationIds: orgs }),
    ]);
    // Whatever a replica skipped is picked up by the next tick.
    const rest = await runDriftSchedule(deps, later, { organizationIds: orgs });
    const all = [...one1.started, ...two.started, ...rest.started];
    expect(new Set(all).size).toBe(all.length);
    const checks = await checksOf([...a.ids, ...b.ids]);
    expect(checks).toHaveLength(8);
    expect(new Set(checks.map((c) => c.stackId)).size).toBe(8);
    expect(all.sort()).toEqual(checks.map((c) => c.id).sort());
  }, 120_000);
});

describe('drift report', () => {
  it('counts the visible stacks per day by the state they had at the end of it, over the report periods', async () => {
    const stackId = await createStack();
    const other = await createStack();
    const day = 86_400_000;
    const realNow = api.drift.now;
    try {
      api.drift.now = () => new Date(Date.now() - 10 * day);
      let check = await detect(stackId);
      await finishPlan(check.runId, await standInPlan({ cloud: (c) => delete c['null_resource.db'] }));
      api.drift.now = () => new Date(Date.now() - 5 * day);
      check = await detect(stackId);
      await finishPlan(check.runId, await standInPlan({}));
      api.drift.now = () => new Date(Date.now() - 2 * day);
      check = await detect(other);
      await finishPlan(check.runId, await standInPlan({ code: terraformCode.replace('"tiny"', '"big"') }));
    } finally {
      api.drift.now = realNow;
    }
    const points = await ok<Record<string, number | string>>('getDriftReport', { token: admin.token, query: { daysBack: 12, namespaceId } });
    expect(points).toHaveLength(12);
    const at = (daysAgo: number) => points[11 - daysAgo] as Record<string, number | string>;
    expect(at(11)).toMatchObject({ drifted: 0, inSync: 0 });
    // Other tests' stacks of the namespace are counted too: compare the changes ours make.
    expect(Number(at(10)['drifted']) - Number(at(11)['drifted'])).toBe(1);
    expect(Number(at(5)['drifted']) - Number(at(6)['drifted'])).toBe(-1);
    expect(Number(at(5)['inSync']) - Number(at(6)['inSync'])).toBe(1);
    expect(Number(at(2)['inSyncDeployRequired']) - Number(at(3)['inSyncDeployRequired'])).toBe(1);

    // Today's point counts the stacks by their drift state now, every state given (the Drift Center's
    // count per state): a stack never checked is notChecked.
    const fresh = await createStack();
    const [today] = await ok<Record<string, number | string>>('getDriftReport', { token: admin.token, query: { daysBack: 1, namespaceId } });
    const listed = await ok<{ id: string; driftState: string }>('listStacks', { token: admin.token, query: { namespaceId, page: 1, pageSize: 1000 } });
    expect(listed.find((s) => s.id === fresh)?.driftState).toBe('notChecked');
    const states = ['drifted', 'inSync', 'inSyncRefreshRequired', 'inSyncDeployRequired', 'notChecked', 'unknown', 'deployRequired'];
    expect(today).toEqual({ date: new Date().toISOString().slice(0, 10), ...Object.fromEntries(states.map((state) => [state, listed.filter((s) => s.driftState === state).length])) });
    expect(Number(today?.['notChecked'])).toBeGreaterThan(0);

    const month = await ok<{ date: string }>('getDriftReport', { token: admin.token, query: { period: 'month' } });
    expect(month).toHaveLength(30);
    expect(month[29]?.date).toBe(new Date().toISOString().slice(0, 10));
    const ytd = await ok('getDriftReport', { token: admin.token, query: { period: 'yearToDate' } });
    const now = new Date();
    expect(ytd).toHaveLength(Math.round((Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - Date.UTC(now.getUTCFullYear(), 0, 1)) / day) + 1);

    // A namespace-only view: a user without access to the namespace counts nothing.
    const stranger = await signUpOrganization(api, 'drift-report-other');
    expect(await ok('getDriftReport', { token: stranger.token, query: { daysBack: 3 } })).toEqual([]);
    const bad = await api.call('getDriftReport', { token: admin.token, query: { daysBack: 0 } });
    expect(bad.status).toBe(400);
  }, 120_000);
});
