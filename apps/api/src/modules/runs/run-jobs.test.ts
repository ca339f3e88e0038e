import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stacks } from '../stacks/stacks.schema';
import { createNamespace, signUpOrganization, type SignedUp } from '../../testing/factories';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { claimNextJob, extendLeases, finishJob, recordStepResult, RUN_JOBS_CHANNEL, type ClaimedJob } from './run-jobs.service';
import { runJobs, runs } from './runs.schema';

// The runner side of the runs domain under concurrency, on the real PostgreSQL: claims race,
// creations race for the stack's mutex, zombie attempts are fenced off. Each test uses its own
// runner group (a self-hosted group of its stacks), so other test files' jobs never mix in.

let api: TestApi;
let admin: SignedUp;
let namespaceId: string;

beforeAll(async () => {
  api = await createTestApi({ poolSize: 30 });
  admin = await signUpOrganization(api, 'run-jobs');
  namespaceId = (await createNamespace(api, admin.token)).id;
}, 60_000);
afterAll(() => api.close());

const group = () => `grp-${randomBytes(6).toString('hex')}`;

async function createStack(runnerGroupId: string): Promise<string> {
  const res = await api.call<{ id: string }>('createStack', {
    token: admin.token,
    entity: { stack: { name: `s-${randomBytes(4).toString('hex')}`, namespaceId, iacType: 'opentofu', data: { runnerConfig: { mode: 'selfHosted', groups: [runnerGroupId] } } } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.response.items[0] as { id: string }).id;
}

async function createRun(operationId: 'createPlan' | 'createDeployment', stackId: string): Promise<{ id: string; status: string }> {
  const res = await api.call<{ id: string; status: string }>(operationId, { token: admin.token, entity: { stackId } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.response.items[0] as { id: string; status: string };
}

describe('run jobs', () => {
  it('never gives one job to two of 20 parallel claims, and claims by priority then age', async () => {
    const runnerGroupId = group();
    const stackIds = await Promise.all(Array.from({ length: 4 }, () => createStack(runnerGroupId)));
    // 4 deployments (plan phase, priority 1) and 8 plans (priority 2), on 4 stacks.
    const deployments = [];
    for (const stackId of stackIds) deployments.push(await createRun('createDeployment', stackId));
    const plans = [];
    for (let i = 0; i < 8; i += 1) plans.push(await createRun('createPlan', stackIds[i % 4] as string));
    expect([...deployments, ...plans].every((r) => r.status === 'queued')).toBe(true);

    const claims = await Promise.all(
      Array.from({ length: 20 }, (_, i) => claimNextJob(api.runs, { organizationId: admin.organizationId, runnerGroupId, runnerId: `rnr-${i}` })),
    );
    const won = claims.filter((c): c is ClaimedJob => c !== null);
    expect(won).toHaveLength(12);
    expect(new Set(won.map((c) => c.jobId)).size).toBe(12);
    expect(new Set(won.map((c) => c.runId))).toEqual(new Set([...deployments, ...plans].map((r) => r.id)));
    expect(won.every((c) => c.attempt === 1)).toBe(true);

    const rows = await api.database.db.select().from(runJobs).where(inArray(runJobs.id, won.map((c) => c.jobId)));
    expect(rows.every((r) => r.status === 'claimed' && r.attempt === 1 && r.leaseExpiresAt !== null)).toBe(true);
    // Each job went to the runner that answered for it.
    for (const c of won) expect(rows.find((r) => r.id === c.jobId)?.runnerId).toBe(`rnr-${claims.indexOf(c)}`);
    const runRows = await api.database.db.select().from(runs).where(inArray(runs.id, won.map((c) => c.runId)));
    expect(runRows.every((r) => r.status === 'inProgress')).toBe(true);

    // Sequential claims follow priority then age: the deployment's plan (1) before the plans (2).
    const ordered = group();
    const stack = await createStack(ordered);
    const olderPlan = await createRun('createPlan', stack);
    const deployment = await createRun('createDeployment', stack);
    const newerPlan = await createRun('createPlan', stack);
    const order = [];
    for (let i = 0; i < 3; i += 1) order.push((await claimNextJob(api.runs, { runnerGroupId: ordered, runnerId: 'rnr-seq' }))?.runId);
    expect(order).toEqual([deployment.id, olderPlan.id, newerPlan.id]);
    expect(await claimNextJob(api.runs, { runnerGroupId: ordered, runnerId: 'rnr-seq' })).toBeNull();
  }, 60_000);

  it('never queues two deployments of one stack, however many start at once', async () => {
    const runnerGroupId = group();
    const stackId = await createStack(runnerGroupId);
    const created = await Promise.all(Array.from({ length: 12 }, () => createRun('createDeployment', stackId)));
    expect(created.filter((r) => r.status === 'queued')).toHaveLength(1);
    expect(created.filter((r) => r.status === 'notStarted')).toHaveLength(11);
    const [row] = await api.database.db.select().from(stacks).where(eq(stacks.id, stackId));
    expect(row?.activeRunId).toBe(created.find((r) => r.status === 'queued')?.id);

    // Cancelling the holder while others are being cancelled too: still exactly one active holder.
    const holder = created.find((r) => r.status === 'queued') as { id: string };
    const others = created.filter((r) => r !== holder).slice(0, 5);
    await Promise.all([holder, ...others].map((r) => api.call('cancelDeployment', { token: admin.token, query: { deploymentId: r.id } })));
    const states = await api.database.db.select().from(runs).where(eq(runs.stackId, stackId));
    const queued = states.filter((r) => r.status === 'queued');
    expect(queued).toHaveLength(1);
    const [after] = await api.database.db.select().from(stacks).where(eq(stacks.id, stackId));
    expect(after?.activeRunId).toBe(queued[0]?.id);
    const liveJobs = await api.database.db.select().from(runJobs).where(inArray(runJobs.runId, states.map((r) => r.id)));
    expect(liveJobs.filter((j) => j.status === 'queued').map((j) => j.runId)).toEqual([queued[0]?.id]);
  }, 60_000);

  it('refuses reports of a stale attempt (a zombie runner) and of a finished job', async () => {
    const runnerGroupId = group();
    const stackId = await createStack(runnerGroupId);
    const plan = await createRun('createPlan', stackId);
    const job = (await claimNextJob(api.runs, { runnerGroupId, runnerId: 'rnr-a' })) as ClaimedJob;
    expect(job.runId).toBe(plan.id);
    const stale = { jobId: job.jobId, attempt: job.attempt - 1 };
    await expect(finishJob(api.runs, stale, { status: 'succeeded' })).rejects.toMatchObject({ code: 'stale_attempt' });
    await expect(recordStepResult(api.runs, { jobId: job.jobId, attempt: job.attempt + 1 }, { key: 'gitClone', status: 'succeeded' })).rejects.toMatchObject({
      code: 'stale_attempt',
    });
    // A heartbeat of another runner for the job extends nothing and tells it to stop.
    expect(await extendLeases(api.runs, 'rnr-b', [job])).toEqual({ signals: [{ jobId: job.jobId, signal: 'cancel' }] });
    expect(await extendLeases(api.runs, 'rnr-a', [job], 120)).toEqual({ signals: [{ jobId: job.jobId, signal: 'none' }] });

    await finishJob(api.runs, job, { status: 'succeeded', planSummary: { add: 0, change: 0, destroy: 0, replace: 0, import: 0, hasChanges: false } });
    await expect(finishJob(api.runs, job, { status: 'failed' })).rejects.toMatchObject({ code: 'stale_attempt' });
    const [run] = await api.database.db.select().from(runs).where(eq(runs.id, plan.id));
    expect(run?.status).toBe('succeeded');

    // Two finishes of the same attempt at once: one wins, the other is refused.
    const second = await createRun('createPlan', stackId);
    const secondJob = (await claimNextJob(api.runs, { runnerGroupId, runnerId: 'rnr-a' })) as ClaimedJob;
    expect(secondJob.runId).toBe(second.id);
    const results = await Promise.allSettled([
      finishJob(api.runs, secondJob, { status: 'succeeded' }),
      finishJob(api.runs, secondJob, { status: 'failed', error: 'boom' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { code: 'stale_attempt' } });
  });

  it('announces queued jobs on the run_jobs channel with the runner group id', async () => {
    const runnerGroupId = group();
    const stackId = await createStack(runnerGroupId);
    const client = await api.database.pool.connect();
    const heard: string[] = [];
    try {
      client.on('notification', (n) => {
        if (n.channel === RUN_JOBS_CHANNEL && n.payload) heard.push(n.payload);
      });
      await client.query(`LISTEN ${RUN_JOBS_CHANNEL}`);
      await createRun('createPlan', stackId);
      for (let i = 0; i < 50 && !heard.includes(runnerGroupId); i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(heard).toContain(runnerGroupId);
    } finally {
      await client.query(`UNLISTEN ${RUN_JOBS_CHANNEL}`);
      client.release();
    }
  });
});
