import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createNamespace, signUpOrganization, type SignedUp } from '../../testing/factories';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { runLogChunks, runLogs } from './runners.schema';
import { sweepRunners } from './runner-protocol.service';

// The runner protocol on the real PostgreSQL and HTTP stack: registration, the long-polled claim
// (exclusive under 20 concurrent claimers, by priority, within the group's concurrency limit),
// log offsets and the finish barrier, fencing of a lost runner, job token scope, the SSE log stream.

let api: TestApi;
let admin: SignedUp;
let namespaceId: string;

beforeAll(async () => {
  api = await createTestApi({ poolSize: 30 });
  admin = await signUpOrganization(api, 'runner-protocol');
  namespaceId = (await createNamespace(api, admin.token)).id;
}, 60_000);
afterAll(() => api.close());

type Item = Record<string, unknown>;

async function ok<T = Item>(operationId: string, options: Parameters<TestApi['call']>[1]): Promise<T> {
  const res = await api.call<T>(operationId, options);
  expect(res.status, `${operationId}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.response.items[0] as T;
}

async function newGroup(maxConcurrency = 100, who: SignedUp = admin): Promise<{ groupId: string; groupToken: string }> {
  const group = await ok<{ id: string }>('createRunnerGroup', { token: who.token, entity: { name: `g-${randomBytes(4).toString('hex')}`, maxConcurrency } });
  const created = await ok<{ token: string }>('createRunnerGroupToken', { token: who.token, params: { groupId: group.id }, entity: { name: 'ci' } });
  return { groupId: group.id, groupToken: created.token };
}

async function newRunner(groupToken: string, name = `r-${randomBytes(3).toString('hex')}`) {
  return ok<{ runnerId: string; token: string; runnerGroupId: string }>('registerRunner', { entity: { runnerGroupToken: groupToken, name, version: '1.0.0' } });
}

async function createStack(groupId: string, who: SignedUp = admin, ns = namespaceId): Promise<string> {
  const stack = await ok<{ id: string }>('createStack', {
    token: who.token,
    entity: { stack: { name: `s-${randomBytes(4).toString('hex')}`, namespaceId: ns, iacType: 'opentofu', data: { runnerConfig: { mode: 'selfHosted', groups: [groupId] } } } },
  });
  return stack.id;
}

const createRun = (operationId: 'createPlan' | 'createDeployment', stackId: string, who: SignedUp = admin) =>
  ok<{ id: string; status: string }>(operationId, { token: who.token, entity: { stackId } });

interface Claimed {
  jobId: string;
  attempt: number;
  runId: string;
  phase: string;
  token: string;
}

async function claim(runnerToken: string, waitSeconds = 0): Promise<Claimed | null> {
  const res = await api.call<Claimed>('claimRunnerJob', { token: runnerToken, entity: { waitSeconds } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.response.items[0] ?? null;
}

const appendLog = (job: Claimed, offset: number, text: string) =>
  api.call<{ end: number }>('appendRunnerJobLog', { token: job.token, params: { jobId: job.jobId }, entity: { offset, data: Buffer.from(text).toString('base64') } });

async function runOf(runId: string, kind: 'getPlan' | 'getDeployment' = 'getPlan') {
  return ok<{ status: string; errorSummary?: string; isActive: boolean }>(kind, { token: admin.token, params: kind === 'getPlan' ? { planId: runId } : { deploymentId: runId } });
}

const basicOf = (token: string) => `Basic ${Buffer.from(`terraform:${token}`).toString('base64')}`;
const lockInfo = (id: string) => JSON.stringify({ ID: id, Operation: 'OperationTypePlan', Info: '', Who: 'runner@test', Version: '1.9.5', Created: new Date().toISOString(), Path: '' });
const stateFile = (serial: number) => JSON.stringify({ version: 4, terraform_version: '1.9.5', serial, lineage: 'lineage-of-a-plan', outputs: {}, resources: [] });

/** Terraform's HTTP backend with a job token, as the CLI calls it. */
function stateCall(method: 'GET' | 'POST' | 'LOCK' | 'UNLOCK', stackId: string, token: string, body?: string, lockId?: string) {
  return api.app.inject({
    method: method as 'GET',
    url: `/api/state/${stackId}${method === 'LOCK' || method === 'UNLOCK' ? '/lock' : method === 'POST' && lockId ? `?ID=${lockId}` : ''}`,
    headers: { authorization: basicOf(token), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { payload: body } : {}),
  });
}

/** The runner stopped heartbeating long enough: the job's lease ran out. */
const expireLease = (jobId: string) => api.database.db.execute(sql`update run_jobs set lease_expires_at = now() - interval '1 second' where id = ${jobId}`);

/** The API on a loopback port (once), for the calls that need a real connection. */
async function listening(): Promise<string> {
  if (!api.app.server.listening) await api.app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(api.app.server.address() as AddressInfo).port}/api`;
}

describe('runner groups', () => {
  it('lists the default group, creates groups and tokens (shown once), and keeps them to managers', async () => {
    const { groupId, groupToken } = await newGroup(3);
    expect(groupToken).toMatch(/^trg_/);
    const groups = await api.call<{ id: string; mode: string; maxConcurrency: number }>('listRunnerGroups', { token: admin.token, query: { page: 1, pageSize: 50 } });
    expect(groups.body.response.items[0]).toMatchObject({ id: 'CM_DEFAULT_RUNNER_GROUP', mode: 'managed' });
    expect(groups.body.response.items.find((g) => g.id === groupId)?.maxConcurrency).toBe(3);
    const tokens = await api.call<Item>('listRunnerGroupTokens', { token: admin.token, params: { groupId } });
    expect(tokens.body.response.items).toHaveLength(1);
    expect(JSON.stringify(tokens.body)).not.toContain(groupToken);
    const member = await addMember(api, admin.organizationId, 'member');
    expect((await api.call('createRunnerGroup', { token: member.token, entity: { name: 'nope', maxConcurrency: 1 } })).status).toBe(403);
    expect((await api.call('deleteRunnerGroup', { token: admin.token, params: { groupId: 'CM_DEFAULT_RUNNER_GROUP' } })).status).toBe(409);
    // A revoked registration token registers nothing, and its runners are refused.
    const runner = await newRunner(groupToken);
    const tokenId = (tokens.body.response.items[0] as { id: string }).id;
    expect((await api.call('revokeRunnerGroupToken', { token: admin.token, params: { groupId, tokenId } })).status).toBe(200);
    expect((await api.call('registerRunner', { entity: { runnerGroupToken: groupToken, name: 'late' } })).status).toBe(401);
    expect((await api.call('claimRunnerJob', { token: runner.token, entity: { waitSeconds: 0 } })).status).toBe(401);
  });
});

describe('claims', () => {
  it('gives each job to one of 20 concurrent claimers, by priority then age', async () => {
    const { groupId, groupToken } = await newGroup();
    const stacks = await Promise.all(Array.from({ length: 4 }, () => createStack(groupId)));
    const deployments = [];
    for (const stackId of stacks) deployments.push(await createRun('createDeployment', stackId));
    const plans = [];
    for (let i = 0; i < 6; i += 1) plans.push(await createRun('createPlan', stacks[i % 4]!));
    const runners = await Promise.all(Array.from({ length: 20 }, () => newRunner(groupToken)));
    const claims = await Promise.all(runners.map((r) => claim(r.token)));
    const won = claims.filter((c): c is Claimed => c !== null);
    expect(won).toHaveLength(10);
    expect(new Set(won.map((c) => c.jobId)).size).toBe(10);
    expect(new Set(won.map((c) => c.token)).size).toBe(10);

    const ordered = await newGroup();
    const stack = await createStack(ordered.groupId);
    const olderPlan = await createRun('createPlan', stack);
    const deployment = await createRun('createDeployment', stack);
    const runner = await newRunner(ordered.groupToken);
    const first = await claim(runner.token);
    const second = await claim(runner.token);
    expect([first?.runId, second?.runId]).toEqual([deployment.id, olderPlan.id]);
  }, 60_000);

  it('respects the group concurrency limit, and a freed slot wakes a waiting claim', async () => {
    const { groupId, groupToken } = await newGroup(1);
    const stack = await createStack(groupId);
    await createRun('createPlan', stack);
    await createRun('createPlan', stack);
    const runner = await newRunner(groupToken);
    const held = await claim(runner.token);
    expect(held).not.toBeNull();
    expect(await claim(runner.token)).toBeNull();
    const waiting = claim(runner.token, 10);
    await new Promise((r) => setTimeout(r, 300));
    const finished = await api.call('finishRunnerJob', { token: held!.token, params: { jobId: held!.jobId }, entity: { status: 'failed', finalLogOffset: 0, outcome: { error: 'boom' } } });
    expect(finished.status, JSON.stringify(finished.body)).toBe(200);
    const started = Date.now();
    expect(await waiting).not.toBeNull();
    expect(Date.now() - started).toBeLessThan(4_000);
  }, 30_000);

  it('gives nothing to a runner gone while it long-polls (its connection closed)', async () => {
    const base = await listening();
    const { groupId, groupToken } = await newGroup();
    const stack = await createStack(groupId);
    const runner = await newRunner(groupToken);
    const gone = new AbortController();
    const polling = fetch(`${base}/runner/job/claim`, {
      method: 'POST',
      headers: { authorization: `Bearer ${runner.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ entity: { waitSeconds: 20 } }),
      signal: gone.signal,
    }).catch(() => null);
    await new Promise((r) => setTimeout(r, 500));
    gone.abort();
    await polling;
    await new Promise((r) => setTimeout(r, 200));
    const plan = await createRun('createPlan', stack);
    await new Promise((r) => setTimeout(r, 1_500));
    expect((await runOf(plan.id)).status).toBe('queued');
    expect((await claim((await newRunner(groupToken)).token))?.runId).toBe(plan.id);
  }, 30_000);

  it('wakes a long-polling claim when a job is queued (NOTIFY, not polling)', async () => {
    const { groupId, groupToken } = await newGroup();
    const stack = await createStack(groupId);
    const runner = await newRunner(groupToken);
    const started = Date.now();
    const waiting = claim(runner.token, 20);
    await new Promise((r) => setTimeout(r, 500));
    const plan = await createRun('createPlan', stack);
    const job = await waiting;
    expect(job?.runId).toBe(plan.id);
    expect(Date.now() - started).toBeLessThan(4_000);
  }, 30_000);
});

describe('logs, fencing and tokens', () => {
  it('stores log bytes by offset (retries accepted, gaps refused) and finishes only once the log is complete', async () => {
    const { groupId, groupToken } = await newGroup();
    const stack = await createStack(groupId);
    const plan = await createRun('createPlan', stack);
    const runner = await newRunner(groupToken);
    const job = (await claim(runner.token))!;
    expect((await appendLog(job, 0, 'line one\n')).status).toBe(200);
    expect((await appendLog(job, 0, 'line one\n')).status).toBe(200); // a retry
    const gap = await appendLog(job, 50, 'later\n');
    expect(gap.status).toBe(409);
    expect(gap.body.response.errors[0]?.message).toContain('offset 9');
    expect((await appendLog(job, 5, 'one\nline two\n')).body.response.items[0]).toEqual({ end: 18 }); // overlaps: the new part kept
    const early = await api.call('finishRunnerJob', { token: job.token, params: { jobId: job.jobId }, entity: { status: 'failed', finalLogOffset: 30 } });
    expect(early.status).toBe(409);
    expect((await runOf(plan.id)).isActive).toBe(true);
    const step = await api.call<{ signal: string }>('reportRunnerStepResult', { token: job.token, params: { jobId: job.jobId }, entity: { step: 'gitClone', status: 'succeeded' } });
    expect(step.body.response.items[0]).toEqual({ signal: 'none' });
    expect((await appendLog(job, 18, 'line three\n')).status).toBe(200);
    const done = await api.call('finishRunnerJob', { token: job.token, params: { jobId: job.jobId }, entity: { status: 'failed', finalLogOffset: 29, outcome: { error: 'tofu exited with 1' } } });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect((await runOf(plan.id)).status).toBe('error');
    // The finished run's log was compacted (sealed), and its token is dead.
    const [compacted] = await api.database.db.select().from(runLogs).where(eq(runLogs.runId, plan.id));
    expect(compacted?.size).toBe(29);
    expect(compacted?.sealed.includes(Buffer.from('line two'))).toBe(false);
    expect(await api.database.db.select().from(runLogChunks).where(eq(runLogChunks.runId, plan.id))).toHaveLength(0);
    expect((await appendLog(job, 29, 'zombie\n')).status).toBe(409);
  }, 30_000);

  it('takes a piece that arrives before the one ahead of it (two in flight) once that one is stored; refuses a piece far past the end', async () => {
    const { groupId, groupToken } = await newGroup();
    const stack = await createStack(groupId);
    const plan = await createRun('createPlan', stack);
    const job = (await claim((await newRunner(groupToken)).token))!;
    const second = appendLog(job, 4, 'two\n');
    await new Promise((r) => setTimeout(r, 150));
    expect((await appendLog(job, 0, 'one\n')).status).toBe(200);
    const answered = await second;
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    expect(answered.body.response.items[0]).toEqual({ end: 8 });
    const log = await api.database.db.select().from(runLogChunks).where(eq(runLogChunks.runId, plan.id));
    expect(Buffer.concat(log.sort((a, b) => a.offset - b.offset).map((c) => c.data)).toString()).toBe('one\ntwo\n');
    const far = await appendLog(job, 8 + 3 * 1024 * 1024, 'lost\n');
    expect(far.status).toBe(409);
    expect(far.body.response.errors[0]?.message).toContain('offset 8');
  }, 30_000);

  it("refuses, within the append's one statement, a token that is expired, revoked, or fenced while its append waited for the job", async () => {
    const { groupId, groupToken } = await newGroup();
    const stack = await createStack(groupId);
    const plan = await createRun('createPlan', stack);
    const job = (await claim((await newRunner(groupToken)).token))!;
    const db = api.database.db;
    expect((await appendLog(job, 0, 'a\n')).status).toBe(200);
    await db.execute(sql`update runner_job_tokens set expires_at = now() - interval '1 second' where job_id = ${job.jobId}`);
    expect((await appendLog(job, 2, 'b\n')).status).toBe(409);
    await db.execute(sql`update runner_job_tokens set expires_at = now() + interval '1 hour', revoked_at = now() where job_id = ${job.jobId}`);
    expect((await appendLog(job, 2, 'b\n')).status).toBe(409);
    await db.execute(sql`update runner_job_tokens set revoked_at = null where job_id = ${job.jobId}`);
    expect((await appendLog(job, 2, 'b\n')).status).toBe(200);
    // The sweeper holds the job's row and marks it lost: an append in between waits for it, then
    // finds the job no longer live (a lookup before the append would have let it write).
    let pending: ReturnType<typeof appendLog> | undefined;
    await db.transaction(async (tx) => {
      await tx.execute(sql`select id from run_jobs where id = ${job.jobId} for update`);
      pending = appendLog(job, 4, 'zombie\n');
      await new Promise((r) => setTimeout(r, 200));
      await tx.execute(sql`update run_jobs set status = 'lost' where id = ${job.jobId}`);
    });
    expect((await pending!).status).toBe(409);
    const chunks = await db.select().from(runLogChunks).where(eq(runLogChunks.runId, plan.id));
    expect(Buffer.concat(chunks.sort((a, b) => a.offset - b.offset).map((c) => c.data)).toString()).toBe('a\nb\n');
  }, 30_000);

  it('fails the work of a vanished runner with the reason, fences the late runner off (logs, steps, finish, state), and releases its state lock', async () => {
    const { groupId, groupToken } = await newGroup();
    const stack = await createStack(groupId);
    const plan = await createRun('createDeployment', stack);
    const runner = await newRunner(groupToken, 'vanishing-runner');
    const job = (await claim(runner.token))!;
    const state = await stateCall('GET', stack, job.token);
    expect(state.statusCode).toBe(204);
    // A deployment's plan starts and locks the state (it never writes it), then its runner vanishes.
    expect((await api.call('reportRunnerStepResult', { token: job.token, params: { jobId: job.jobId }, entity: { step: 'gitClone', status: 'succeeded' } })).status).toBe(200);
    expect((await stateCall('LOCK', stack, job.token, lockInfo('lock-of-a-lost-job'))).statusCode).toBe(200);
    // The runner stops heartbeating: its lease runs out.
    await expireLease(job.jobId);
    const swept = await sweepRunners(api.runnerProtocol);
    expect(swept.lost).toBeGreaterThanOrEqual(1);
    const run = await runOf(plan.id, 'getDeployment');
    expect(run.status).toBe('error');
    // The lost job's token is dead, so no zombie can write through its lock: the lock is released.
    expect((await api.call('getStackStateLock', { token: admin.token, query: { stackId: stack } })).body.response.items).toEqual([]);
    expect(run.errorSummary).toContain('vanishing-runner');
    expect(run.errorSummary).toContain('lease expired');
    expect((await appendLog(job, 0, 'late\n')).status).toBe(409);
    expect((await api.call('reportRunnerStepResult', { token: job.token, params: { jobId: job.jobId }, entity: { step: 'terraformInit', status: 'succeeded' } })).status).toBe(409);
    expect((await api.call('finishRunnerJob', { token: job.token, params: { jobId: job.jobId }, entity: { status: 'succeeded', finalLogOffset: 0 } })).status).toBe(409);
    expect((await stateCall('GET', stack, job.token)).statusCode).toBe(401);
    const heartbeat = await ok<{ superseded: string[] }>('sendRunnerHeartbeat', { token: runner.token, entity: { health: 'ok', jobs: [{ jobId: job.jobId, attempt: job.attempt }] } });
    expect(heartbeat.superseded).toEqual([job.jobId]);
  }, 30_000);

  it('queues a lost speculative plan again for another runner, a bounded number of times, with the reason', async () => {
    const { groupId, groupToken } = await newGroup();
    const stack = await createStack(groupId);
    const plan = await createRun('createPlan', stack);
    const tokens: string[] = [];
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const runner = await newRunner(groupToken, `lost-runner-${attempt}`);
      const job = (await claim(runner.token))!;
      expect(job).toMatchObject({ runId: plan.id, attempt });
      tokens.push(job.token);
      expect((await appendLog(job, 0, `attempt ${attempt}\n`)).status).toBe(200);
      await expireLease(job.jobId);
      await sweepRunners(api.runnerProtocol);
      const run = await runOf(plan.id);
      if (attempt < 3) {
        // Queued again, the reason kept; the lost attempt's token is fenced off.
        expect(run.status).toBe('queued');
        const [row] = (await api.database.db.execute<{ status: string; error: string; runner_id: string | null }>(sql`select status, error, runner_id from run_jobs where id = ${job.jobId}`)).rows;
        expect(row).toMatchObject({ status: 'queued', runner_id: null });
        expect(row?.error).toContain(`lost-runner-${attempt}`);
        expect(row?.error).toContain(`attempt ${attempt} of 3`);
        const [transition] = (await api.database.db.execute<{ event: string; reason: string }>(sql`select event, reason from run_transitions where run_id = ${plan.id} order by seq desc limit 1`)).rows;
        expect(transition).toMatchObject({ event: 'jobRequeued' });
        expect(transition?.reason).toContain('queued again');
      } else {
        expect(run.status).toBe('error');
        expect(run.errorSummary).toContain('lost-runner-3');
      }
      expect((await appendLog(job, 0, 'zombie\n')).status).toBe(409);
      expect((await stateCall('GET', stack, job.token)).statusCode).toBe(401);
    }
    expect(new Set(tokens).size).toBe(3);
  }, 30_000);

  it('queues again a deployment whose runner vanished before starting it (claimed, no step reported)', async () => {
    const { groupId, groupToken } = await newGroup();
    const stack = await createStack(groupId);
    const deployment = await createRun('createDeployment', stack);
    const gone = await newRunner(groupToken, 'killed-at-claim');
    const job = (await claim(gone.token))!;
    await expireLease(job.jobId);
    await sweepRunners(api.runnerProtocol);
    expect((await runOf(deployment.id, 'getDeployment')).status).toBe('queued');
    const next = (await claim((await newRunner(groupToken)).token))!;
    expect(next).toMatchObject({ jobId: job.jobId, runId: deployment.id, attempt: job.attempt + 1, phase: 'plan' });
    expect((await appendLog(job, 0, 'zombie\n')).status).toBe(409);
  }, 30_000);

  /** A deployment planned (with changes) and approved: its apply job waits in the queue. */
  async function approvedDeployment(groupToken: string, stack: string): Promise<string> {
    const deployment = await createRun('createDeployment', stack);
    const planner = await newRunner(groupToken, 'planner');
    const planJob = (await claim(planner.token))!;
    const finished = await api.call('finishRunnerJob', {
      token: planJob.token,
      params: { jobId: planJob.jobId },
      entity: { status: 'succeeded', finalLogOffset: 0, outcome: { planSummary: { add: 1, change: 0, destroy: 0, hasChanges: true } } },
    });
    expect(finished.status, JSON.stringify(finished.body)).toBe(200);
    if ((await runOf(deployment.id, 'getDeployment')).status === 'waitingForApproval') {
      await ok('approveDeployment', { token: admin.token, query: { deploymentId: deployment.id } });
    }
    expect((await runOf(deployment.id, 'getDeployment')).status).toBe('approved');
    return deployment.id;
  }

  it('approves a deployment again when the runner that claimed its apply vanished before any step, a bounded number of times', async () => {
    const { groupId, groupToken } = await newGroup();
    const stack = await createStack(groupId);
    const deployment = await approvedDeployment(groupToken, stack);
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const runner = await newRunner(groupToken, `apply-claimer-${attempt}`);
      const job = (await claim(runner.token))!;
      expect(job).toMatchObject({ runId: deployment, phase: 'apply', attempt });
      expect((await runOf(deployment, 'getDeployment')).status).toBe('inProgress');
      // It took the state lock (terraform's first call), then vanished without reporting a step.
      expect((await stateCall('LOCK', stack, job.token, lockInfo(`lock-of-claim-${attempt}`))).statusCode).toBe(200);
      await expireLease(job.jobId);
      await sweepRunners(api.runnerProtocol);
      const run = await runOf(deployment, 'getDeployment');
      if (attempt < 3) {
        // Nothing was applied: approved again, the same apply job queued, the reason in the run's history.
        expect(run.status).toBe('approved');
        const [row] = (await api.database.db.execute<{ status: string; error: string; runner_id: string | null; phase: string }>(sql`select status, error, runner_id, phase from run_jobs where id = ${job.jobId}`)).rows;
        expect(row).toMatchObject({ status: 'queued', runner_id: null, phase: 'apply' });
        expect(row?.error).toContain(`apply-claimer-${attempt}`);
        const [transition] = (await api.database.db.execute<{ event: string; to_status: string; reason: string }>(sql`select event, to_status, reason from run_transitions where run_id = ${deployment} order by seq desc limit 1`)).rows;
        expect(transition).toMatchObject({ event: 'applyRequeued', to_status: 'approved' });
        expect(transition?.reason).toContain(`apply-claimer-${attempt}`);
        expect(transition?.reason).toContain(`attempt ${attempt} of 3`);
        const [applyStep] = (await api.database.db.execute<{ status: string }>(sql`select status from run_steps where run_id = ${deployment} and key = 'terraformApply'`)).rows;
        expect(applyStep?.status).toBe('notStarted');
      } else {
        expect(run.status).toBe('error');
        expect(run.errorSummary).toContain('apply-claimer-3');
      }
      // The lost claim's lock is released and its token fenced off.
      expect((await api.call('getStackStateLock', { token: admin.token, query: { stackId: stack } })).body.response.items).toEqual([]);
      expect((await appendLog(job, 0, 'zombie\n')).status).toBe(409);
      expect((await stateCall('GET', stack, job.token)).statusCode).toBe(401);
    }
    expect(await claim((await newRunner(groupToken)).token)).toBeNull();
  }, 30_000);

  it('keeps failing a lost apply that reported a step (not safe to run twice)', async () => {
    const { groupId, groupToken } = await newGroup();
    const stack = await createStack(groupId);
    const deployment = await approvedDeployment(groupToken, stack);
    const runner = await newRunner(groupToken, 'apply-runner');
    const applyJob = (await claim(runner.token))!;
    expect(applyJob).toMatchObject({ runId: deployment, phase: 'apply' });
    const step = await api.call('reportRunnerStepResult', { token: applyJob.token, params: { jobId: applyJob.jobId }, entity: { step: 'gitClone', status: 'inProgress' } });
    expect(step.status).toBe(200);
    await expireLease(applyJob.jobId);
    await sweepRunners(api.runnerProtocol);
    const run = await runOf(deployment, 'getDeployment');
    expect(run.status).toBe('error');
    expect(run.errorSummary).toContain('apply-runner');
    expect(await claim(runner.token)).toBeNull();
  }, 30_000);

  it("gives a plan's token read-only state: a speculative plan reads, a deployment's plan locks too, neither writes", async () => {
    const { groupId, groupToken } = await newGroup();
    const stack = await createStack(groupId);
    const runner = await newRunner(groupToken);
    await createRun('createPlan', stack);
    const speculative = (await claim(runner.token))!;
    expect((await stateCall('GET', stack, speculative.token)).statusCode).toBe(204);
    const refusedLock = await stateCall('LOCK', stack, speculative.token, lockInfo('plan-lock'));
    expect(refusedLock.statusCode).toBe(403);
    expect(refusedLock.json().response.errors[0].message).toContain('-lock=false');
    const refusedWrite = await stateCall('POST', stack, speculative.token, stateFile(1));
    expect(refusedWrite.statusCode).toBe(403);
    expect(refusedWrite.json().response.errors[0].message).toContain('A plan cannot write the state');

    const other = await createStack(groupId);
    await createRun('createDeployment', other);
    const deploymentPlan = (await claim(runner.token))!;
    expect((await stateCall('LOCK', other, deploymentPlan.token, lockInfo('dp-lock'))).statusCode).toBe(200);
    const write = await stateCall('POST', other, deploymentPlan.token, stateFile(1), 'dp-lock');
    expect(write.statusCode).toBe(403);
    expect(write.json().response.errors[0].message).toContain('A plan cannot write the state');
    expect((await stateCall('UNLOCK', other, deploymentPlan.token, lockInfo('dp-lock'))).statusCode).toBe(200);
    // Nothing was stored, not even as a quarantined version.
    const versions = await api.call('listStackStateVersions', { token: admin.token, query: { stackId: other, page: 1, pageSize: 10 } });
    expect(versions.body.response.items).toEqual([]);
  }, 30_000);

  it('answers a claimed job its cloud credentials (none yet), to its token or its runner only, audited, fenced once the job ended', async () => {
    const { groupId, groupToken } = await newGroup();
    const stack = await createStack(groupId);
    await createRun('createPlan', stack);
    const runner = await newRunner(groupToken, 'credentials-runner');
    const stranger = await newRunner(groupToken, 'another-runner');
    const job = (await claim(runner.token))!;
    const byJob = await api.call('getRunnerJobCredentials', { token: job.token, params: { jobId: job.jobId } });
    expect(byJob.status, JSON.stringify(byJob.body)).toBe(200);
    expect(byJob.body.response.items).toEqual([]);
    expect((await api.call('getRunnerJobCredentials', { token: runner.token, params: { jobId: job.jobId } })).status).toBe(200);
    expect((await api.call('getRunnerJobCredentials', { token: stranger.token, params: { jobId: job.jobId } })).status).toBe(401);
    expect((await api.call('getRunnerJobCredentials', { params: { jobId: job.jobId } })).status).toBe(401);
    const audited = await api.database.db.execute<{ n: string }>(
      sql`select count(*) as n from audit_events where organization_id = ${admin.organizationId} and entity_id = ${`${stack}/run/${job.runId}/cloudCredentials`} and action = 'readSecret'`,
    );
    expect(Number(audited.rows[0]?.n)).toBe(2);
    await api.call('finishRunnerJob', { token: job.token, params: { jobId: job.jobId }, entity: { status: 'failed', finalLogOffset: 0 } });
    expect((await api.call('getRunnerJobCredentials', { token: job.token, params: { jobId: job.jobId } })).status).toBe(409);
    expect((await api.call('getRunnerJobCredentials', { token: runner.token, params: { jobId: job.jobId } })).status).not.toBe(200);
  }, 30_000);

  it('scopes a job token to its job and its stack', async () => {
    const { groupId, groupToken } = await newGroup();
    const stackA = await createStack(groupId);
    const stackB = await createStack(groupId);
    await createRun('createPlan', stackA);
    await createRun('createPlan', stackB);
    const runner = await newRunner(groupToken);
    const jobA = (await claim(runner.token))!;
    const jobB = (await claim(runner.token))!;
    expect((await api.call('appendRunnerJobLog', { token: jobA.token, params: { jobId: jobB.jobId }, entity: { offset: 0, data: '' } })).status).toBe(401);
    // Another organization's stack: 403, never 404 (Terraform would read 404 as "no state").
    const other = await signUpOrganization(api, 'runner-protocol-other');
    const otherNs = (await createNamespace(api, other.token)).id;
    const otherGroup = await newGroup(10, other);
    const otherStack = await createStack(otherGroup.groupId, other, otherNs);
    const basic = `Basic ${Buffer.from(`terraform:${jobA.token}`).toString('base64')}`;
    expect((await api.app.inject({ method: 'GET', url: `/api/state/${otherStack}`, headers: { authorization: basic } })).statusCode).toBe(403);
    // A runner of one organization never claims another's job.
    await createRun('createPlan', otherStack, other);
    expect(await claim(runner.token)).toBeNull();
  }, 30_000);
});

describe('run log stream', () => {
  it('streams the log as server-sent events and resumes from Last-Event-ID, then ends with the run', async () => {
    const base = await listening();
    const { groupId, groupToken } = await newGroup();
    const stack = await createStack(groupId);
    const plan = await createRun('createPlan', stack);
    const runner = await newRunner(groupToken);
    const job = (await claim(runner.token))!;
    await appendLog(job, 0, 'first\n');

    const read = async (headers: Record<string, string>, until: (text: string) => boolean) => {
      const controller = new AbortController();
      const response = await fetch(`${base}/stack/run/${plan.id}/logs`, { headers: { authorization: `Bearer ${admin.token}`, ...headers }, signal: controller.signal });
      expect(response.headers.get('content-type')).toContain('text/event-stream');
      const reader = response.body!.getReader();
      let text = '';
      while (!until(text)) {
        const { value, done } = await reader.read();
        if (done) break;
        text += Buffer.from(value).toString('utf8');
      }
      controller.abort();
      return text;
    };
    const live = read({}, (t) => t.includes('second'));
    await new Promise((r) => setTimeout(r, 300));
    await appendLog(job, 6, 'second\n');
    const first = await live;
    expect(first).toContain('event: status');
    expect(first).toContain('id: 6\ndata: {"seq":6,"text":"first\\n"}');
    expect(first).toContain('id: 13\ndata: {"seq":13,"text":"second\\n"}');

    // Resume after the first line: only what follows it; the run's end closes the stream.
    const resumed = read({ 'last-event-id': '6' }, (t) => t.includes('event: end'));
    await new Promise((r) => setTimeout(r, 300));
    await api.call('finishRunnerJob', { token: job.token, params: { jobId: job.jobId }, entity: { status: 'failed', finalLogOffset: 13 } });
    const rest = await resumed;
    expect(rest).not.toContain('first');
    expect(rest).toContain('"text":"second\\n"');
    expect(rest).toContain('"status":"error","isActive":false');
    expect(rest).toContain('event: end');

    // Another organization's user gets no stream (the run is not found in its organization).
    const stranger = await signUpOrganization(api, 'runner-protocol-stranger');
    const refused = await fetch(`${base}/stack/run/${plan.id}/logs`, { headers: { authorization: `Bearer ${stranger.token}` } });
    expect(refused.status).toBe(404);

    // A finished run's (compacted) log reads the same way.
    const replay = await read({}, (t) => t.includes('event: end'));
    expect(replay).toContain('first\\nsecond\\n');
  }, 30_000);
});
