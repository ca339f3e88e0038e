import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CM_DEFAULT_RUNNER_GROUP, isRunActive, runStatuses } from '@terrace/domain';
import { startVcsHostStandIn, type VcsHostStandIn } from '@terrace/vcs-hosts/testing';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../audit/audit.schema';
import { stacks } from '../stacks/stacks.schema';
import { addMember, createNamespace, signUpOrganization, type SignedUp } from '../../testing/factories';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { claimNextJob, expireApprovals, extendLeases, failExpiredJobs, finishJob, jobSpec, recordStepResult, type ClaimedJob } from './run-jobs.service';
import { runArtifacts, runJobs, runs, runTransitions } from './runs.schema';

// The runs domain end to end on the real server and PostgreSQL: the operations over HTTP (every
// answer checked against the contract), the runner side through run-jobs.service as the runner
// protocol calls it, a VCS host stand-in speaking GitHub's API for the repository's address.

const hostToken = `ghp_${randomBytes(8).toString('hex')}`;
let api: TestApi;
let admin: SignedUp;
let standIn: VcsHostStandIn;
let workRoot: string;
let providerId: string;
let namespaceId: string;

interface RunRef {
  id: string;
  status: string;
  isActive: boolean;
}
type Run = RunRef & Record<string, unknown>;

beforeAll(async () => {
  standIn = await startVcsHostStandIn({
    token: hostToken,
    repositories: [{ owner: 'acme', name: 'infra', defaultBranch: 'main', branches: [{ name: 'main', commit: 'a'.repeat(40) }], httpUrl: 'http://git.example.test/acme/infra.git' }],
  });
  workRoot = await mkdtemp(join(tmpdir(), 'terrace-runs-test-'));
  api = await createTestApi({ vcs: { endpoints: standIn.endpoints, gitWorkRoot: workRoot }, poolSize: 8 });
  admin = await signUpOrganization(api, 'runs');
  namespaceId = (await createNamespace(api, admin.token)).id;
  const provider = await api.call<{ id: string }>('createVcsProvider', {
    token: admin.token,
    entity: { type: 'github', name: `gh-${randomBytes(3).toString('hex')}`, authType: 'token', gitCloneType: 'http', githubMetadata: { orgName: 'acme' }, credentials: { token: hostToken } },
  });
  expect(provider.status, JSON.stringify(provider.body)).toBe(200);
  providerId = (provider.body.response.items[0] as { id: string }).id;
}, 60_000);

afterAll(async () => {
  await api.close();
  await standIn.close();
  await rm(workRoot, { recursive: true, force: true });
});

async function ok<T = Run>(operationId: string, options: Parameters<TestApi['call']>[1]): Promise<T[]> {
  const res = await api.call<T>(operationId, options);
  if (res.status !== 200) throw new Error(`${operationId}: ${res.status} ${JSON.stringify(res.body.response.errors)}`);
  return res.body.response.items;
}
const one = async <T = Run>(operationId: string, options: Parameters<TestApi['call']>[1]): Promise<T> => (await ok<T>(operationId, options))[0] as T;

async function createStack(data: Record<string, unknown> = {}, token = admin.token, ns = namespaceId): Promise<string> {
  const stack = {
    name: `stack-${randomBytes(4).toString('hex')}`,
    namespaceId: ns,
    iacType: 'terraform',
    data: { vcsInfo: { providerId, repoName: 'infra', branch: 'main', path: 'envs/prod' }, iacConfig: { terraformVersion: '1.9.5', varFiles: ['prod.tfvars'] }, ...data },
  };
  return (await one<{ id: string }>('createStack', { token, entity: { stack } })).id;
}

const deploy = (stackId: string, token = admin.token, extra: Record<string, unknown> = {}) =>
  one<RunRef>('createDeployment', { token, entity: { stackId, ...extra } });
const getDeployment = (id: string, token = admin.token) => one<Run>('getDeployment', { token, params: { deploymentId: id } });
const claim = (organizationId = admin.organizationId, runnerGroupId = CM_DEFAULT_RUNNER_GROUP) =>
  claimNextJob(api.runs, { organizationId, runnerGroupId, runnerId: 'rnr-runs-test' });

async function claimOf(runId: string): Promise<ClaimedJob> {
  for (let i = 0; i < 50; i += 1) {
    const job = await claim();
    if (!job) break;
    if (job.runId === runId) return job;
    // Another run of this file's organization: give it back as failed so it does not linger.
    await finishJob(api.runs, job, { status: 'failed', error: 'not this test' });
  }
  throw new Error(`no job for ${runId}`);
}

const planWithChanges = {
  status: 'succeeded' as const,
  planSummary: { add: 1, change: 0, destroy: 1, replace: 0, import: 0, hasChanges: true },
  resourceChanges: [
    { address: 'null_resource.new', change: { actions: ['create'] } },
    { address: 'null_resource.old', change: { actions: ['delete'] } },
  ],
  planFile: Buffer.from('saved plan bytes').toString('base64'),
};

async function stackRow(stackId: string) {
  const [row] = await api.database.db.select().from(stacks).where(eq(stacks.id, stackId));
  return row;
}

describe('runs', () => {
  it('keeps the generated is_active column equal to the domain classification', async () => {
    const stackId = await createStack();
    const run = await one<RunRef>('createPlan', { token: admin.token, entity: { stackId } });
    for (const status of runStatuses) {
      const [row] = await api.database.db.execute<{ is_active: boolean }>(sql`update runs set status = ${status} where id = ${run.id} returning is_active`).then((r) => r.rows);
      expect(row?.is_active, status).toBe(isRunActive(status));
    }
    await api.database.db.execute(sql`update runs set status = 'canceled' where id = ${run.id}`);
    await api.database.db.update(runJobs).set({ status: 'canceled' }).where(eq(runJobs.runId, run.id));
  });

  it('runs a deployment: queued, plan on a runner, waiting for approval, approved, apply, succeeded', async () => {
    const stackId = await createStack();
    await ok('createVariable', { token: admin.token, entity: { scope: 'stack', scopeId: stackId, key: 'db_password', value: 's3cret', type: 'tfVar', isSensitive: true } });
    await ok('createVariable', { token: admin.token, entity: { scope: 'stack', scopeId: stackId, key: 'TF_LOG_PATH', value: '/tmp/x', type: 'envVar' } });

    const created = await deploy(stackId);
    expect(created).toMatchObject({ status: 'queued', isActive: true });
    expect(created.id).toMatch(/^dep-/);
    expect((await stackRow(stackId))?.activeRunId).toBe(created.id);
    expect((await stackRow(stackId))?.latestRunStatus).toBe('queued');

    const job = await claimOf(created.id);
    expect(job).toMatchObject({ runId: created.id, runKind: 'deployment', phase: 'plan', stackId, organizationId: admin.organizationId, attempt: 1 });
    expect((await getDeployment(created.id)).status).toBe('inProgress');

    const spec = await jobSpec(api.runs, job);
    expect(spec).toMatchObject({
      jobId: job.jobId,
      runId: created.id,
      runKind: 'deployment',
      phase: 'plan',
      stackId,
      repository: { url: 'http://git.example.test/acme/infra.git', branch: 'main', path: 'envs/prod', credentials: { password: hostToken } },
      iac: { engine: 'terraform', version: '1.9.5' },
      varFiles: ['prod.tfvars'],
      plan: { destroy: false, refreshOnly: false, lock: true },
      backend: { kind: 'local' },
    });
    expect(spec.variables).toEqual(
      expect.arrayContaining([
        { name: 'db_password', value: 's3cret', kind: 'terraform', sensitive: true },
        { name: 'TF_LOG_PATH', value: '/tmp/x', kind: 'environment', sensitive: false },
      ]),
    );
    expect(spec.planFile).toBeUndefined();

    expect(await recordStepResult(api.runs, job, { key: 'gitClone', status: 'succeeded', result: { gitCloneResult: { stdOut: 'cloned' } } })).toEqual({ signal: 'none' });
    await recordStepResult(api.runs, job, { key: 'customFlow.beforeInit', status: 'succeeded' });
    await recordStepResult(api.runs, job, { key: 'terraformInit', status: 'succeeded', result: { stdOut: 'Terraform has been successfully initialized!' } });
    const lockFile = Buffer.from('provider "registry.terraform.io/hashicorp/null" {}').toString('base64');
    await finishJob(api.runs, job, {
      ...planWithChanges,
      lockFile,
      planJson: JSON.stringify({ format_version: '1.2', resource_changes: planWithChanges.resourceChanges }),
      commitSha: 'B'.repeat(40),
      iacVersion: '1.9.5',
    });

    const waiting = await getDeployment(created.id);
    expect(waiting).toMatchObject({ status: 'waitingForApproval', isActive: true, isDestroy: false });
    expect(Date.parse(waiting['approvalDeadlineAt'] as string)).toBeGreaterThan(Date.now() + 6 * 24 * 3600 * 1000);
    const state = await one<{ steps: { name: string; status: string }[]; results: Record<string, unknown> }>('getDeploymentStateV2', {
      token: admin.token,
      query: { deploymentId: created.id },
    });
    expect(state.steps.map((s) => [s.name, s.status])).toEqual([
      ['gitClone', 'succeeded'],
      ['customFlowBeforeInit', 'succeeded'],
      ['terraformInit', 'succeeded'],
      ['terraformPlan', 'succeeded'],
      ['controlPolicies', 'succeeded'],
      ['approval', 'waitingForApproval'],
      ['terraformApply', 'notStarted'],
      ['outputs', 'notStarted'],
    ]);
    expect(state.results).toMatchObject({
      gitCloneResult: { status: 'succeeded', stdOut: 'cloned' },
      terraformInitResult: { status: 'succeeded', stdOut: 'Terraform has been successfully initialized!' },
      customFlow: { beforeInit: { status: 'succeeded' } },
      terraformPlanResult: { status: 'succeeded', summary: { create: [{ tfResourceName: 'null_resource.new' }], delete: [{ tfResourceName: 'null_resource.old' }] } },
    });
    // The saved plan is stored sealed, never in the clear.
    const [artifact] = await api.database.db.select().from(runArtifacts).where(and(eq(runArtifacts.runId, created.id), eq(runArtifacts.kind, 'planfile')));
    expect(artifact?.sealed).not.toContain(planWithChanges.planFile);
    expect(artifact?.size).toBe(Buffer.from(planWithChanges.planFile, 'base64').length);

    const approved = await one<RunRef>('approveDeployment', { token: admin.token, query: { deploymentId: created.id } });
    expect(approved.status).toBe('approved');
    const again = await api.call('approveDeployment', { token: admin.token, query: { deploymentId: created.id } });
    expect(again.status).toBe(409);

    const apply = await claimOf(created.id);
    expect(apply).toMatchObject({ phase: 'apply', attempt: 1 });
    const applySpec = await jobSpec(api.runs, apply);
    expect(applySpec.planFile).toBe(planWithChanges.planFile);
    expect(applySpec.lockFile).toBe(lockFile);
    expect(applySpec.repository.commitSha).toBe('b'.repeat(40));
    const [planJson] = await api.database.db.select().from(runArtifacts).where(and(eq(runArtifacts.runId, created.id), eq(runArtifacts.kind, 'planjson')));
    expect(planJson?.sealed).not.toContain('resource_changes');
    await recordStepResult(api.runs, apply, { key: 'terraformApply', status: 'succeeded' });
    await finishJob(api.runs, apply, { status: 'succeeded', outputs: [] });

    const done = await getDeployment(created.id);
    expect(done).toMatchObject({ status: 'succeeded', isActive: false, approvals: [{ userName: admin.email }] });
    expect(await stackRow(stackId)).toMatchObject({ activeRunId: null, latestRunId: created.id, latestRunStatus: 'succeeded' });
    const latest = await ok('getLatestDeployment', { token: admin.token, query: { stackId } });
    expect(latest.map((d) => d.id)).toEqual([created.id]);

    const history = await api.database.db.select().from(runTransitions).where(eq(runTransitions.runId, created.id)).orderBy(asc(runTransitions.seq));
    expect(history.map((h) => `${h.fromStatus ?? '∅'}>${h.toStatus}:${h.event}`)).toEqual([
      '∅>notStarted:create',
      'notStarted>queued:queue',
      'queued>inProgress:claim',
      'inProgress>waitingForApproval:requireApproval',
      'waitingForApproval>approved:approvalSatisfied',
      'approved>inProgress:claim',
      'inProgress>succeeded:applySucceeded',
    ]);
    const audit = await api.database.db.select().from(auditEvents).where(eq(auditEvents.entityId, created.id)).orderBy(asc(auditEvents.createdAt));
    expect(audit.map((a) => [a.entityType, a.action, a.initiatorUserId])).toEqual(
      expect.arrayContaining([
        ['deployment', 'create', admin.userId],
        ['deployment', 'update', admin.userId],
        ['deployment', 'update', null],
      ]),
    );
  });

  it('serialises mutating runs per stack: FIFO promotion, forceStart to the head, plans never wait', async () => {
    const stackId = await createStack();
    const first = await deploy(stackId);
    const second = await deploy(stackId);
    const third = await one<RunRef>('createTask', { token: admin.token, entity: { stackId, taskToExecute: { taskType: 'refreshState', mode: 'Plan' } } });
    expect([first.status, second.status, third.status]).toEqual(['queued', 'notStarted', 'notStarted']);
    const secondView = await getDeployment(second.id);
    expect(secondView).toMatchObject({ blockedBy: { kind: 'stackMutex', runId: first.id }, positionInQueue: 1 });
    expect((await one<Run>('getTask', { token: admin.token, params: { taskId: third.id } }))['positionInQueue']).toBe(2);

    // A plan is queued at once while the stack is held.
    const plan = await one<RunRef>('createPlan', { token: admin.token, entity: { stackId, headBranch: 'feature/x', headSha: 'ABCDEF1' } });
    expect(plan.status).toBe('queued');
    expect(plan.id).toMatch(/^plan-/);
    expect((await one<Run>('getPlan', { token: admin.token, params: { planId: plan.id } }))['gitInfo']).toMatchObject({ branch: 'feature/x', headSha: 'abcdef1' });

    // forceStart puts the second deployment at the head of the stack's queue; it still waits for the holder.
    expect((await one<RunRef>('forceStartDeployment', { token: admin.token, query: { deploymentId: second.id } })).status).toBe('notStarted');
    expect((await one<RunRef>('cancelTask', { token: admin.token, query: { taskId: third.id } })).status).toBe('canceled');
    const fourth = await one<RunRef>('createTask', { token: admin.token, entity: { stackId, taskToExecute: { taskType: 'releaseStateLock', lockId: 'lock-1' } } });
    expect((await one<RunRef>('forceStartPlan', { token: admin.token, query: { planId: plan.id } })).status).toBe('queued');
    expect((await one<RunRef>('cancelPlan', { token: admin.token, query: { planId: plan.id } })).status).toBe('canceled');

    // Cancelling the holder hands the stack over in the same transaction.
    expect((await one<RunRef>('cancelDeployment', { token: admin.token, query: { deploymentId: first.id } })).status).toBe('canceled');
    expect((await getDeployment(second.id)).status).toBe('queued');
    expect((await stackRow(stackId))?.activeRunId).toBe(second.id);
    const fourthView = await one<Run>('getTask', { token: admin.token, params: { taskId: fourth.id } });
    expect(fourthView).toMatchObject({ status: 'notStarted', blockedBy: { kind: 'stackMutex', runId: second.id }, positionInQueue: 1 });

    // A queued deployment's job is withdrawn when it is cancelled, and the task goes next.
    await ok('cancelDeployment', { token: admin.token, query: { deploymentId: second.id } });
    const [secondJob] = await api.database.db.select().from(runJobs).where(eq(runJobs.runId, second.id));
    expect(secondJob?.status).toBe('canceled');
    expect((await one<Run>('getTask', { token: admin.token, params: { taskId: fourth.id } })).status).toBe('queued');
    const job = await claimOf(fourth.id);
    expect((await jobSpec(api.runs, job)).task).toEqual({ kind: 'releaseStateLock', lockId: 'lock-1' });
    await finishJob(api.runs, job, { status: 'succeeded' });
    expect((await stackRow(stackId))?.activeRunId).toBeNull();
  });

  it('does not let a holder that is no longer active keep the stack', async () => {
    const stackId = await createStack();
    const plan = await one<RunRef>('createPlan', { token: admin.token, entity: { stackId } });
    await ok('cancelPlan', { token: admin.token, query: { planId: plan.id } });
    await api.database.db.update(stacks).set({ activeRunId: plan.id }).where(eq(stacks.id, stackId));
    const run = await deploy(stackId);
    expect(run.status).toBe('queued');
    expect((await stackRow(stackId))?.activeRunId).toBe(run.id);
    await ok('cancelDeployment', { token: admin.token, query: { deploymentId: run.id } });
  });

  it('orders the stack queue by forceStart, then age', async () => {
    const stackId = await createStack();
    const holder = await deploy(stackId);
    const older = await deploy(stackId);
    const newer = await deploy(stackId);
    await ok('forceStartDeployment', { token: admin.token, query: { deploymentId: newer.id } });
    expect((await getDeployment(newer.id))['positionInQueue']).toBe(1);
    expect((await getDeployment(older.id))['positionInQueue']).toBe(2);
    await ok('cancelDeployment', { token: admin.token, query: { deploymentId: holder.id } });
    expect((await getDeployment(newer.id)).status).toBe('queued');
    expect((await getDeployment(older.id)).status).toBe('notStarted');
    await ok('cancelDeployment', { token: admin.token, query: { deploymentId: newer.id } });
    await ok('cancelDeployment', { token: admin.token, query: { deploymentId: older.id } });
    expect((await stackRow(stackId))?.activeRunId).toBeNull();
  });

  it('finishes plans and deployments without changes at once (the apply skipped)', async () => {
    const stackId = await createStack();
    const plan = await one<RunRef>('createPlan', { token: admin.token, entity: { stackId } });
    const planJob = await claimOf(plan.id);
    expect((await jobSpec(api.runs, planJob)).plan).toEqual({ destroy: false, refreshOnly: false, lock: false });
    await finishJob(api.runs, planJob, planWithChanges);
    const planView = await one<Run>('getPlan', { token: admin.token, params: { planId: plan.id } });
    expect(planView).toMatchObject({ status: 'succeeded', planSummary: { create: [{ tfResourceName: 'null_resource.new' }], hasOutputChanges: false } });

    const deployment = await deploy(stackId);
    const job = await claimOf(deployment.id);
    await recordStepResult(api.runs, job, { key: 'terraformPlan', status: 'succeeded' });
    await finishJob(api.runs, job, { status: 'succeeded', planSummary: { add: 0, change: 0, destroy: 0, replace: 0, import: 0, hasChanges: false } });
    const state = await one<{ status: string; steps: { name: string; status: string }[] }>('getDeploymentState', { token: admin.token, query: { deploymentId: deployment.id } });
    expect(state.status).toBe('succeeded');
    expect(state.steps.filter((s) => ['approval', 'terraformApply'].includes(s.name)).map((s) => s.status)).toEqual(['skipped', 'skipped']);
    expect((await stackRow(stackId))?.activeRunId).toBeNull();
  });

  it('applies the approval policies: autoApprove, two distinct approvers, one member of each team', async () => {
    const auto = await createStack({ deploymentApprovalPolicy: { rules: [{ type: 'autoApprove' }] } });
    const run = await deploy(auto);
    await finishJob(api.runs, await claimOf(run.id), planWithChanges);
    expect((await getDeployment(run.id)).status).toBe('approved');
    const apply = await claimOf(run.id);
    expect(apply.phase).toBe('apply');
    await finishJob(api.runs, apply, { status: 'failed', error: 'Error: creating resource' });
    expect(await getDeployment(run.id)).toMatchObject({ status: 'applyFailure', errorSummary: 'Error: creating resource' });

    const member = await addMember(api, admin.organizationId, 'member');
    const two = await createStack({ deploymentApprovalPolicy: { rules: [{ type: 'requireTwoApprovals' }] } });
    const twice = await deploy(two);
    await finishJob(api.runs, await claimOf(twice.id), planWithChanges);
    expect((await one<RunRef>('approveDeployment', { token: admin.token, query: { deploymentId: twice.id } })).status).toBe('waitingForApproval');
    // The console shows approvals received of those the policy asks for.
    expect(await getDeployment(twice.id)).toMatchObject({ approvalRules: [{ type: 'requireTwoApprovals' }], approvals: [{ userName: admin.email }] });
    const same = await api.call('approveDeployment', { token: admin.token, query: { deploymentId: twice.id } });
    expect(same.status).toBe(409);
    expect(same.body.response.errors[0]?.message).toMatch(/already approved/);
    expect((await one<RunRef>('approveDeployment', { token: member.token, query: { deploymentId: twice.id } })).status).toBe('approved');
    await ok('cancelDeployment', { token: admin.token, query: { deploymentId: twice.id } });

    const [teamA] = await ok<{ id: string }>('createTeam', { token: admin.token, entity: { name: `a-${randomBytes(3).toString('hex')}` } });
    const [teamB] = await ok<{ id: string }>('createTeam', { token: admin.token, entity: { name: `b-${randomBytes(3).toString('hex')}` } });
    const inB = await addMember(api, admin.organizationId, 'member');
    await ok('addTeamUser', { token: admin.token, entity: { teamId: teamA?.id, userEmail: member.email } });
    await ok('addTeamUser', { token: admin.token, entity: { teamId: teamB?.id, userEmail: inB.email } });
    const teams = await createStack({ deploymentApprovalPolicy: { rules: [{ type: 'requireTeamsApproval', parameters: { teams: [teamA?.id, teamB?.id] } }] } });
    const byTeams = await deploy(teams);
    await finishJob(api.runs, await claimOf(byTeams.id), planWithChanges);
    // The admin is in neither team: its approval counts for nothing here.
    expect((await one<RunRef>('approveDeployment', { token: admin.token, query: { deploymentId: byTeams.id } })).status).toBe('waitingForApproval');
    expect(await getDeployment(byTeams.id)).toMatchObject({ approvalRules: [{ type: 'requireTeamsApproval', parameters: { teams: [teamA?.id, teamB?.id] } }] });
    expect((await one<RunRef>('approveDeployment', { token: member.token, query: { deploymentId: byTeams.id } })).status).toBe('waitingForApproval');
    expect((await one<RunRef>('approveDeployment', { token: inB.token, query: { deploymentId: byTeams.id } })).status).toBe('approved');
    await ok('cancelDeployment', { token: admin.token, query: { deploymentId: byTeams.id } });
  });

  it('takes the namespace policy unless the namespace lets the stack override it', async () => {
    const [ns] = await ok<{ id: string }>('createNamespace', {
      token: admin.token,
      entity: { name: `ns-${randomBytes(3).toString('hex')}`, deploymentApprovalPolicy: { rules: [{ type: 'autoApprove' }], overrideBehavior: 'allow' } },
    });
    const inherits = await createStack({}, admin.token, ns?.id);
    const overrides = await createStack({ deploymentApprovalPolicy: { rules: [{ type: 'requireApproval' }] } }, admin.token, ns?.id);
    for (const [stackId, expected] of [[inherits, 'approved'], [overrides, 'waitingForApproval']] as const) {
      const run = await deploy(stackId);
      await finishJob(api.runs, await claimOf(run.id), planWithChanges);
      expect((await getDeployment(run.id)).status, stackId).toBe(expected);
      await ok('cancelDeployment', { token: admin.token, query: { deploymentId: run.id } });
    }
  });

  it('refuses what the state machine refuses with a 409 the user can read', async () => {
    const stackId = await createStack();
    const run = await deploy(stackId);
    const approve = await api.call('approveDeployment', { token: admin.token, query: { deploymentId: run.id } });
    expect(approve.status).toBe(409);
    expect(approve.body.response.errors[0]?.message).toBe("A deployment in status 'queued' is not waiting for approval");
    const policies = await api.call('approveDeploymentFailedPolicies', { token: admin.token, query: { deploymentId: run.id } });
    expect(policies.status).toBe(409);
    expect(policies.body.response.errors[0]?.message).toBe("A run in status 'queued' cannot be approved despite failed control policies");
    await ok('cancelDeployment', { token: admin.token, query: { deploymentId: run.id } });
    const twice = await api.call('cancelDeployment', { token: admin.token, query: { deploymentId: run.id } });
    expect(twice.status).toBe(409);
    expect(twice.body.response.errors[0]?.message).toBe("A run in status 'canceled' cannot be cancelled");
    // A plan id is not a deployment.
    const plan = await one<RunRef>('createPlan', { token: admin.token, entity: { stackId } });
    expect((await api.call('getDeployment', { token: admin.token, params: { deploymentId: plan.id } })).status).toBe(404);
    expect((await api.call('cancelTask', { token: admin.token, query: { taskId: plan.id } })).status).toBe(404);
    await ok('cancelPlan', { token: admin.token, query: { planId: plan.id } });
  });

  it('cancels a run on a runner: signal, force only after 10 s, the runner acknowledges', async () => {
    const stackId = await createStack();
    const run = await deploy(stackId);
    const next = await deploy(stackId);
    const job = await claimOf(run.id);
    expect((await one<RunRef>('cancelDeployment', { token: admin.token, query: { deploymentId: run.id } })).status).toBe('cancelling');
    expect(await recordStepResult(api.runs, job, { key: 'terraformInit', status: 'inProgress' })).toEqual({ signal: 'cancel' });
    expect(await extendLeases(api.runs, 'rnr-runs-test', [job, { jobId: 'job-unknown', attempt: 1 }])).toEqual({
      signals: [
        { jobId: job.jobId, signal: 'cancel' },
        { jobId: 'job-unknown', signal: 'cancel' },
      ],
    });
    const early = await api.call('cancelDeployment', { token: admin.token, query: { deploymentId: run.id, force: true } });
    expect(early.status).toBe(409);
    expect(early.body.response.errors[0]?.message).toMatch(/force cancel is possible \d+ s from now/);
    // The holder is still active: the next deployment waits.
    expect((await getDeployment(next.id)).status).toBe('notStarted');
    await finishJob(api.runs, job, { status: 'canceled' });
    expect((await getDeployment(run.id)).status).toBe('canceled');
    const cancelled = await one<{ steps: { name: string; status: string }[] }>('getDeploymentState', { token: admin.token, query: { deploymentId: run.id } });
    expect(cancelled.steps.filter((s) => ['gitClone', 'terraformInit'].includes(s.name)).map((s) => s.status)).toEqual(['skipped', 'skipped']);
    expect((await getDeployment(next.id)).status).toBe('queued');

    // Force after the cool-off: the job is killed and the run ends at once.
    const nextJob = await claimOf(next.id);
    await ok('cancelDeployment', { token: admin.token, query: { deploymentId: next.id } });
    await api.database.db.update(runs).set({ cancelRequestedAt: new Date(Date.now() - 11_000) }).where(eq(runs.id, next.id));
    expect((await one<RunRef>('cancelDeployment', { token: admin.token, query: { deploymentId: next.id, force: true } })).status).toBe('canceled');
    expect(await extendLeases(api.runs, 'rnr-runs-test', [nextJob])).toEqual({ signals: [{ jobId: nextJob.jobId, signal: 'cancel' }] });
    await expect(finishJob(api.runs, nextJob, { status: 'canceled' })).rejects.toMatchObject({ code: 'stale_attempt' });
    expect((await stackRow(stackId))?.activeRunId).toBeNull();
  });

  it('ends runs whose runner stopped responding, and deployments nobody approved in time', async () => {
    const stackId = await createStack();
    const run = await deploy(stackId);
    const waiting = await deploy(stackId);
    const job = await claimNextJob(api.runs, { organizationId: admin.organizationId, runnerGroupId: CM_DEFAULT_RUNNER_GROUP, runnerId: 'rnr-gone', leaseSeconds: 1 });
    expect(job?.runId).toBe(run.id);
    // The runner started the job (a job never started would be queued again).
    await recordStepResult(api.runs, job as ClaimedJob, { key: 'gitClone', status: 'inProgress' });
    expect(await failExpiredJobs(api.runs, () => 'never')).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    const failed = await failExpiredJobs(api.runs, (lost) => `Runner ${lost.runnerId} stopped responding at ${lost.leaseExpiresAt.toISOString()}`);
    expect(failed).toBeGreaterThanOrEqual(1);
    expect(await getDeployment(run.id)).toMatchObject({ status: 'error', errorSummary: expect.stringMatching(/^Runner rnr-gone stopped responding at /) });
    const lostState = await one<{ steps: { name: string; status: string }[] }>('getDeploymentState', { token: admin.token, query: { deploymentId: run.id } });
    expect(lostState.steps.find((s) => s.name === 'gitClone')?.status).toBe('error');
    const [lost] = await api.database.db.select().from(runJobs).where(eq(runJobs.runId, run.id));
    expect(lost?.status).toBe('lost');
    await expect(finishJob(api.runs, job as ClaimedJob, { status: 'succeeded' })).rejects.toMatchObject({ code: 'stale_attempt' });

    // The next deployment got the stack; its plan waits for approval with a deadline already past.
    expect((await getDeployment(waiting.id)).status).toBe('queued');
    await finishJob({ ...api.runs, approvalTimeoutMs: 1 }, await claimOf(waiting.id), planWithChanges);
    expect((await getDeployment(waiting.id)).status).toBe('waitingForApproval');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await expireApprovals(api.runs)).toBeGreaterThanOrEqual(1);
    const timedOut = await getDeployment(waiting.id);
    expect(timedOut).toMatchObject({ status: 'approvalTimeout', isActive: false });
    expect((await stackRow(stackId))?.activeRunId).toBeNull();
  });

  it('fails a job whose spec cannot be built, before any step, with the reason on the run', async () => {
    const stackId = await createStack();
    await ok('createVariable', { token: admin.token, entity: { scope: 'stack', scopeId: stackId, key: 'region', type: 'tfVar', isRequired: true } });
    const run = await one<RunRef>('createPlan', { token: admin.token, entity: { stackId } });
    const job = await claimOf(run.id);
    await expect(jobSpec(api.runs, job)).rejects.toThrow(/Required variables have no value: region/);
    expect(await one<Run>('getPlan', { token: admin.token, params: { planId: run.id } })).toMatchObject({ status: 'error', errorSummary: 'Required variables have no value: region' });
    await expect(jobSpec(api.runs, job)).rejects.toMatchObject({ code: 'stale_attempt' });

    const noRepository = await createStack({ vcsInfo: undefined });
    const other = await one<RunRef>('createPlan', { token: admin.token, entity: { stackId: noRepository } });
    const otherJob = await claimOf(other.id);
    await finishJob(api.runs, otherJob, { status: 'failed', error: 'git clone: authentication failed' });
    expect(await one<Run>('getPlan', { token: admin.token, params: { planId: other.id } })).toMatchObject({
      status: 'error',
      errorSummary: 'This error occurred before individual steps could be executed: git clone: authentication failed',
    });
  });

  it('runs destroys as deployments, and tasks of every type with their arguments', async () => {
    const stackId = await createStack();
    const destroy = await deploy(stackId, admin.token, { isDestroy: true });
    expect(destroy.id).toMatch(/^dep-/);
    expect(await getDeployment(destroy.id)).toMatchObject({ kind: 'destroy', isDestroy: true, config: { isDestroy: true } });
    const job = await claimOf(destroy.id);
    expect((await jobSpec(api.runs, job)).plan).toMatchObject({ destroy: true });
    expect((await ok('listDeployments', { token: admin.token, query: { stackId } })).map((d) => d.id)).toEqual([destroy.id]);
    await ok('cancelDeployment', { token: admin.token, query: { deploymentId: destroy.id } });
    await finishJob(api.runs, job, { status: 'canceled' });

    const tasks = [
      [{ taskType: 'taintResources', resourcesAddresses: ['aws_instance.a'] }, { kind: 'taint', addresses: ['aws_instance.a'] }],
      [{ taskType: 'untaintResources', resourcesAddresses: ['aws_instance.a'] }, { kind: 'untaint', addresses: ['aws_instance.a'] }],
      [{ taskType: 'removeResources', resourcesAddresses: ['aws_instance.a', 'aws_s3_bucket.b'] }, { kind: 'remove', addresses: ['aws_instance.a', 'aws_s3_bucket.b'] }],
      [{ taskType: 'importResources', resources: [{ resourceAddress: 'aws_s3_bucket.b', importId: 'bucket-b' }] }, { kind: 'import', resources: [{ address: 'aws_s3_bucket.b', id: 'bucket-b' }] }],
      [{ taskType: 'refreshState', mode: 'Apply' }, { kind: 'refreshState', refreshMode: 'apply' }],
    ] as const;
    for (const [taskToExecute, expected] of tasks) {
      const task = await one<RunRef>('createTask', { token: admin.token, entity: { stackId, taskToExecute } });
      expect(task.id).toMatch(/^task-/);
      const taskJob = await claimOf(task.id);
      const spec = await jobSpec(api.runs, taskJob);
      expect(spec).toMatchObject({ phase: 'task', runKind: 'task', task: expected });
      expect(spec.plan).toBeUndefined();
      await recordStepResult(api.runs, taskJob, { key: 'taskExecution', status: 'succeeded', result: { taskExecutionResult: { stdOut: 'done' } } });
      await finishJob(api.runs, taskJob, { status: 'succeeded' });
      const state = await one<{ status: string; results: Record<string, unknown> }>('getTaskState', { token: admin.token, query: { taskId: task.id } });
      expect(state).toMatchObject({ status: 'succeeded', results: { taskExecutionResult: { status: 'succeeded' } } });
    }
    const listed = await ok('listTasks', { token: admin.token, query: { stackId, taskType: 'importResources' } });
    expect(listed.map((t) => (t['config'] as { taskToExecute: { taskType: string } }).taskToExecute.taskType)).toEqual(['importResources']);

    const blank = await api.call('createTask', { token: admin.token, entity: { stackId, taskToExecute: { taskType: 'releaseStateLock', lockId: '  ' } } });
    expect(blank.status).toBe(400);
    expect(blank.body.response.errors[0]).toMatchObject({ field: 'entity.taskToExecute.lockId' });
    // Releasing a state lock force-unlocks it: a member who may run tasks but not force-unlock may not start one.
    const member = await addMember(api, admin.organizationId, 'member');
    const refused = await api.call('createTask', { token: member.token, entity: { stackId, taskToExecute: { taskType: 'releaseStateLock', lockId: 'lock-1' } } });
    expect(refused.status).toBe(403);
    expect((await api.call('createTask', { token: member.token, entity: { stackId, taskToExecute: { taskType: 'refreshState', mode: 'Plan' } } })).status).toBe(200);
    const badSha = await api.call('createDeployment', { token: admin.token, entity: { stackId, headSha: 'not-a-sha' } });
    expect(badSha.status).toBe(400);
    expect(badSha.body.response.errors[0]).toMatchObject({ field: 'entity.headSha' });
  });

  it('lists runs server side: by stack, namespace, kind, status, activity, paged newest first', async () => {
    const [ns] = await ok<{ id: string }>('createNamespace', { token: admin.token, entity: { name: `list-${randomBytes(3).toString('hex')}` } });
    const stackA = await createStack({}, admin.token, ns?.id);
    const stackB = await createStack({}, admin.token, ns?.id);
    const d1 = await deploy(stackA);
    const p1 = await one<RunRef>('createPlan', { token: admin.token, entity: { stackId: stackB } });
    const p2 = await one<RunRef>('createPlan', { token: admin.token, entity: { stackId: stackB } });
    await ok('cancelPlan', { token: admin.token, query: { planId: p1.id } });
    const ids = async (query: Record<string, string | number | boolean>) => (await ok('listRuns', { token: admin.token, query: { namespaceId: ns?.id as string, ...query } })).map((r) => r.id);
    expect(await ids({})).toEqual([p2.id, p1.id, d1.id]);
    expect(await ids({ kind: 'plan' })).toEqual([p2.id, p1.id]);
    expect(await ids({ isActive: true })).toEqual([p2.id, d1.id]);
    expect(await ids({ status: 'canceled' })).toEqual([p1.id]);
    expect(await ids({ stackId: stackA })).toEqual([d1.id]);
    expect(await ids({ updatedInTheLastHours: 1, isActive: false })).toEqual([p1.id]);
    const page = await api.call<Run>('listRuns', { token: admin.token, query: { namespaceId: ns?.id as string, page: 2, pageSize: 10 } });
    expect(page.body.response.paging).toEqual({ page: 2, pageSize: 10, total: 3 });
    const [first] = await ok('listRuns', { token: admin.token, query: { namespaceId: ns?.id as string, runId: d1.id } });
    expect(first).toMatchObject({ id: d1.id, stackName: expect.stringMatching(/^stack-/), namespaceId: ns?.id, initiator: { userName: admin.email, userType: 'user' } });
    expect((await ok('listPlans', { token: admin.token, query: { stackId: stackB, planId: p1.id } })).map((p) => p.id)).toEqual([p1.id]);
    await ok('cancelPlan', { token: admin.token, query: { planId: p2.id } });
    await ok('cancelDeployment', { token: admin.token, query: { deploymentId: d1.id } });
  });

  it('keeps runs to the stack-level permissions of §6 and to the organization', async () => {
    const [nsA] = await ok<{ id: string }>('createNamespace', { token: admin.token, entity: { name: `a-${randomBytes(3).toString('hex')}` } });
    const [nsB] = await ok<{ id: string }>('createNamespace', { token: admin.token, entity: { name: `b-${randomBytes(3).toString('hex')}` } });
    const inA = await createStack({}, admin.token, nsA?.id);
    const inB = await createStack({}, admin.token, nsB?.id);
    const runB = await one<RunRef>('createPlan', { token: admin.token, entity: { stackId: inB } });

    const viewer = await addMember(api, admin.organizationId, 'viewer');
    expect((await api.call('createPlan', { token: viewer.token, entity: { stackId: inA } })).status).toBe(403);
    expect((await api.call('getPlan', { token: viewer.token, params: { planId: runB.id } })).status).toBe(200);
    expect((await api.call('cancelPlan', { token: viewer.token, query: { planId: runB.id } })).status).toBe(403);

    // A namespace-only user with a grant on A: runs there, nothing in B, not even its existence.
    const deployer = await addMember(api, admin.organizationId, 'deployer');
    await ok('createNamespacePermission', { token: admin.token, entity: { namespaceId: nsA?.id, userEmail: deployer.email, role: 'admin' } });
    const runA = await deploy(inA, deployer.token);
    expect(runA.status).toBe('queued');
    expect((await api.call('createDeployment', { token: deployer.token, entity: { stackId: inB } })).status).toBe(403);
    expect((await api.call('getPlan', { token: deployer.token, params: { planId: runB.id } })).status).toBe(403);
    expect((await api.call('getPlan', { token: deployer.token, params: { planId: 'plan-doesnotexist' } })).status).toBe(403);
    const visible = await ok('listRuns', { token: deployer.token, query: {} });
    expect(visible.map((r) => r.id)).toContain(runA.id);
    expect(visible.every((r) => r['namespaceId'] === nsA?.id)).toBe(true);
    expect((await api.call('listRuns', { token: deployer.token, query: { stackId: inB } })).status).toBe(403);
    await ok('createComment', { token: admin.token, entity: { runId: runA.id, text: 'looks good' } });
    expect((await ok<{ text: string; author: string }>('listComments', { token: deployer.token, query: { runId: runA.id } })).map((c) => [c.text, c.author])).toEqual([
      ['looks good', admin.email],
    ]);
    expect((await api.call('createComment', { token: admin.token, entity: { runId: runA.id, text: '   ' } })).status).toBe(400);

    // A custom role that may deploy but not destroy.
    const [role] = await ok<{ id: string }>('createCustomRole', {
      token: admin.token,
      entity: { name: `deploy-only-${randomBytes(3).toString('hex')}`, type: 'organizationRole', permissions: [{ name: 'namespace:read' }, { name: 'deployment:start' }] },
    });
    const custom = await addMember(api, admin.organizationId, 'member');
    await ok('updateOrganizationUser', { token: admin.token, params: { userId: custom.userId }, entity: { role: role?.id } });
    api.forgetActors();
    expect((await api.call('createDeployment', { token: custom.token, entity: { stackId: inB, isDestroy: true } })).status).toBe(403);

    // Another organization sees none of it.
    const other = await signUpOrganization(api, 'runs-other');
    for (const [operationId, options] of [
      ['getPlan', { params: { planId: runB.id } }],
      ['getDeployment', { params: { deploymentId: runA.id } }],
      ['cancelDeployment', { query: { deploymentId: runA.id } }],
      ['getRemoteRunDetails', { query: { runId: runA.id } }],
      ['listComments', { query: { runId: runA.id } }],
      ['listDeployments', { query: { stackId: inA } }],
      ['createPlan', { entity: { stackId: inA } }],
    ] as const) {
      expect((await api.call(operationId, { token: other.token, ...options })).status, operationId).toBe(404);
    }
    expect((await ok('listRuns', { token: other.token, query: {} })).length).toBe(0);
    const remote = await one<Run>('getRemoteRunDetails', { token: admin.token, query: { runId: runA.id } });
    expect(remote).toMatchObject({ id: runA.id, operation: 'apply', stackId: inA });
    await ok('cancelDeployment', { token: admin.token, query: { deploymentId: runA.id } });
    await ok('cancelPlan', { token: admin.token, query: { planId: runB.id } });
  });
});
