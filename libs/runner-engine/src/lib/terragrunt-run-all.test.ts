import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startGitHttpServer, TestRepositories, type GitHttpServer } from '@terrace/git/testing';
import { installStandIns, startStateBackend, type StateBackend } from '@terrace/iac-stand-in';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobOutcome, JobSpec, StepKey, StepResult } from './job-spec';
import { runJob } from './run-job';
import { unpackUnitFiles } from './terragrunt-units';

// `terragrunt run --all` in one job: a stack directory of several units, each with its own state
// in the HTTP backend, run in dependency order by the real engine against the terragrunt and
// terraform stand-ins (which read `dependency` outputs, or their mocks, as terragrunt does).

const password = 'tjob_unitsBackendSecret';
let repos: TestRepositories;
let git: GitHttpServer;
let work: string;
let backend: StateBackend;
let counter = 0;

beforeAll(async () => {
  repos = await TestRepositories.create();
  git = await startGitHttpServer({ root: repos.root });
  work = await mkdtemp(join(tmpdir(), 'terrace-run-all-'));
  await installStandIns(join(work, 'bin'), { terraform: ['1.9.5'], terragrunt: ['0.80.0'] });
  backend = await startStateBackend({ password });
}, 60_000);

afterAll(async () => {
  await backend.close();
  await git.close();
  await repos.dispose();
  await rm(work, { recursive: true, force: true });
});

const mocks = (outputs: string) => `  mock_outputs = { ${outputs} }\n  mock_outputs_allowed_terraform_commands = ["init", "plan", "show", "validate"]\n`;

/** live/: network/vpc ← data/db ← app (app also waits for db), and monitor on its own. */
function liveFiles(vpcName = 'main'): Record<string, string> {
  return {
    'live/network/vpc/terragrunt.hcl': `# The network of every other unit\ninputs = {\n  name = "${vpcName}"\n}\n`,
    'live/network/vpc/main.tf': 'variable "name" {}\n\nresource "null_resource" "vpc" {\n  triggers = { name = var.name }\n}\n\noutput "vpc_id" {\n  value = "vpc-${var.name}"\n}\n',
    'live/data/db/terragrunt.hcl': `dependency "vpc" {\n  config_path = "../../network/vpc"\n${mocks('vpc_id = "vpc-mock"')}}\n\ninputs = {\n  vpc_id = dependency.vpc.outputs.vpc_id\n}\n`,
    'live/data/db/main.tf': 'variable "vpc_id" {}\n\nresource "null_resource" "db" {\n  triggers = { vpc = var.vpc_id }\n}\n\noutput "db_host" {\n  value = "db.${var.vpc_id}.internal"\n}\n',
    'live/app/terragrunt.hcl': `// waits for the database too\ndependencies {\n  paths = ["../data/db"]\n}\n\ndependency "vpc" {\n  config_path = "\${get_terragrunt_dir()}/../network/vpc"\n${mocks('vpc_id = "vpc-mock"')}}\n\ninputs = {\n  vpc_id = dependency.vpc.outputs.vpc_id\n}\n`,
    'live/app/main.tf': 'variable "vpc_id" {}\n\nresource "null_resource" "app" {\n  triggers = { vpc = var.vpc_id }\n}\n\nresource "null_resource" "web" {\n  triggers = { port = "443" }\n}\n',
    'live/monitor/terragrunt.hcl': 'inputs = {}\n',
    'live/monitor/main.tf': 'resource "null_resource" "monitor" {\n  triggers = { every = "1m" }\n}\n',
  };
}

async function makeLive(files = liveFiles()) {
  counter += 1;
  const name = `live${counter}`;
  await repos.create(name, { 'README.md': '# live\n', ...files });
  return { name, log: join(work, `${name}.log`), stackId: `stk-${name}` };
}
type Live = Awaited<ReturnType<typeof makeLive>>;

function spec(live: Live, overrides: Partial<JobSpec> = {}): JobSpec {
  const address = `${backend.origin}/state/${live.stackId}`;
  return {
    jobId: `job-${live.name}`,
    runId: `run-${live.name}`,
    runKind: 'deployment',
    phase: 'plan',
    organizationId: 'org-1',
    stackId: live.stackId,
    stackName: 'live',
    repository: { url: git.urlOf(live.name), branch: 'main', path: 'live' },
    iac: { engine: 'terragrunt', version: '0.80.0', wrapped: { engine: 'terraform', version: '1.9.5' }, runAll: true },
    variables: [],
    varFiles: [],
    hooks: { beforeInit: [], afterInit: [], beforePlan: [], afterPlan: [], beforeApply: [], afterApply: [] },
    backend: { kind: 'http', address, lockAddress: `${address}/lock`, unlockAddress: `${address}/lock`, username: 'terraform', password },
    ...overrides,
  };
}

async function run(live: Live, overrides: Partial<JobSpec> = {}, env: Record<string, string> = {}) {
  const chunks: Buffer[] = [];
  const steps: { key: StepKey; status: string; result?: StepResult | undefined }[] = [];
  const sink = {
    log: (bytes: Uint8Array) => void chunks.push(Buffer.from(bytes)),
    step: async (key: StepKey, status: string, result?: StepResult) => {
      steps.push({ key, status, result });
      return { signal: 'none' as const };
    },
  };
  const outcome = await runJob(spec(live, overrides), sink as Parameters<typeof runJob>[1], new AbortController().signal, {
    workRoot: join(work, 'jobs'),
    binaries: { binDir: join(work, 'bin'), cacheDir: join(work, 'cache'), download: false },
    extraEnv: { TERRACE_STANDIN_LOG: live.log, ...env },
  });
  // eslint-disable-next-line no-control-regex
  return { outcome, steps, text: Buffer.concat(chunks).toString('utf8').replace(/\x1b\[[0-9;]*m/g, '') };
}

/** The units terragrunt ran `command` in, in order. */
function unitsRunning(live: Live, command: string, from = 0): string[] {
  if (!existsSync(live.log)) return [];
  return readFileSync(live.log, 'utf8')
    .trim()
    .split('\n')
    .slice(from)
    .map((l) => JSON.parse(l) as { name: string; args: string[]; cwd: string })
    .filter((i) => i.name === 'terragrunt' && i.args[2] === command)
    .map((i) => i.cwd.split('/src/live/')[1] ?? i.cwd);
}
const logLines = (live: Live) => (existsSync(live.log) ? readFileSync(live.log, 'utf8').trim().split('\n').length : 0);

/** A unit's state as the backend holds it. */
function unitState(live: Live, unit: string): { serial: number; lineage: string; outputs: Record<string, { value: unknown }>; resources: { name: string }[] } | null {
  const text = backend.states.get(`/state/${live.stackId}/unit/${encodeURIComponent(unit)}`);
  return text ? JSON.parse(text) : null;
}

async function apply(live: Live, plan: JobOutcome, overrides: Partial<JobSpec> = {}, env: Record<string, string> = {}) {
  return run(live, { ...overrides, phase: 'apply', planFile: plan.planFile, lockFile: plan.lockFile }, env);
}

describe('a terragrunt stack of several units (run --all)', () => {
  it('plans and applies every unit in dependency order against its own state, summed up, logs and outputs per unit', async () => {
    const live = await makeLive();
    const plan = await run(live);
    expect(plan.outcome.status, plan.outcome.error).toBe('succeeded');
    expect(unitsRunning(live, 'init')).toEqual(['monitor', 'network/vpc', 'data/db', 'app']);
    expect(unitsRunning(live, 'plan')).toEqual(['monitor', 'network/vpc', 'data/db', 'app']);
    expect(plan.outcome.planSummary).toEqual({ add: 5, change: 0, destroy: 0, replace: 0, import: 0, hasChanges: true });
    expect(plan.outcome.resourceChanges?.map((c) => [c.address, c.unit, c.action])).toEqual([
      ['monitor:null_resource.monitor', 'monitor', 'create'],
      ['network/vpc:null_resource.vpc', 'network/vpc', 'create'],
      ['data/db:null_resource.db', 'data/db', 'create'],
      ['app:null_resource.app', 'app', 'create'],
      ['app:null_resource.web', 'app', 'create'],
    ]);
    expect(plan.outcome.outputChanges).toEqual(['network/vpc:vpc_id', 'data/db:db_host']);
    const summary = plan.steps.find((s) => s.key === 'terraformPlan' && s.status === 'succeeded')?.result?.summary;
    expect(summary?.create?.map((c) => c.tfResourceName)).toHaveLength(5);
    // The combined JSON plan: terraform's shape, every unit's changes (the db planned with the vpc's mock outputs).
    const planJson = JSON.parse(plan.outcome.planJson ?? '{}');
    expect(planJson.format_version).toBe('1.2');
    const db = planJson.resource_changes.find((rc: { address: string }) => rc.address === 'data/db:null_resource.db');
    expect(db).toMatchObject({ unit: 'data/db', change: { actions: ['create'], after: { triggers: { vpc: 'vpc-mock' } } } });
    expect(planJson.terragrunt_units.map((u: { unit: string; depends_on: string[] }) => [u.unit, u.depends_on])).toEqual([
      ['monitor', []],
      ['network/vpc', []],
      ['data/db', ['network/vpc']],
      ['app', ['data/db', 'network/vpc']],
    ]);
    expect(unpackUnitFiles(plan.outcome.planFile ?? '')?.map((u) => u.unit)).toEqual(['monitor', 'network/vpc', 'data/db', 'app']);
    expect(unpackUnitFiles(plan.outcome.lockFile ?? '')?.map((u) => u.unit)).toHaveLength(4);
    // Each unit's part of the log between its own header and footer.
    expect(plan.text).toContain('Terragrunt stack of 4 unit(s), run in dependency order');
    const vpcPart = plan.text.slice(plan.text.indexOf('━━━━ Unit network/vpc (2/4): plan ━━━━'), plan.text.indexOf('━━━━ Unit network/vpc: Plan: 1 to add, 0 to change, 0 to destroy ━━━━'));
    expect(vpcPart).toContain('null_resource.vpc will be created');
    expect(vpcPart).not.toContain('null_resource.db');
    expect(plan.text).toContain('Plan summary of 4 units: 5 to add, 0 to change, 0 to destroy');
    // Plans do not write state.
    expect(unitState(live, 'network/vpc')).toBeNull();

    const from = logLines(live);
    const applied = await apply(live, plan.outcome);
    expect(applied.outcome.status, applied.outcome.error).toBe('succeeded');
    expect(unitsRunning(live, 'apply', from)).toEqual(['monitor', 'network/vpc', 'data/db', 'app']);
    for (const [unit, resources] of [
      ['monitor', ['monitor']],
      ['network/vpc', ['vpc']],
      ['data/db', ['db']],
      ['app', ['app', 'web']],
    ] as const) {
      const state = unitState(live, unit);
      expect(state?.serial, unit).toBe(1);
      expect(state?.resources.map((r) => r.name)).toEqual(resources);
    }
    expect(new Set(['monitor', 'network/vpc', 'data/db', 'app'].map((u) => unitState(live, u)?.lineage)).size).toBe(4);
    expect(backend.states.has(`/state/${live.stackId}`)).toBe(false);
    expect(applied.outcome.outputs?.map((o) => [o.name, o.unit, o.value])).toEqual([
      ['network/vpc:vpc_id', 'network/vpc', 'vpc-main'],
      ['data/db:db_host', 'data/db', 'db.vpc-mock.internal'],
    ]);

    // The next plan reads the applied vpc's real outputs: the units using them change, nothing else.
    const again = await run(live, { runKind: 'plan', plan: { destroy: false, refreshOnly: false, lock: false } });
    expect(again.outcome.status, again.outcome.error).toBe('succeeded');
    expect(again.outcome.resourceChanges?.map((c) => [c.address, c.action])).toEqual([
      ['data/db:null_resource.db', 'replace'],
      ['app:null_resource.app', 'replace'],
    ]);
    expect(again.outcome.planSummary).toMatchObject({ add: 2, destroy: 2, replace: 2, hasChanges: true });

    // Destroy: dependents first.
    const destroyFrom = logLines(live);
    const destroyPlan = await run(live, { runKind: 'destroy' });
    expect(destroyPlan.outcome.status, destroyPlan.outcome.error).toBe('succeeded');
    expect(unitsRunning(live, 'plan', destroyFrom)).toEqual(['app', 'data/db', 'network/vpc', 'monitor']);
    expect(destroyPlan.outcome.planSummary).toMatchObject({ add: 0, destroy: 5 });
    const destroyed = await apply(live, destroyPlan.outcome, { runKind: 'destroy' });
    expect(destroyed.outcome.status, destroyed.outcome.error).toBe('succeeded');
    expect(unitsRunning(live, 'apply', destroyFrom)).toEqual(['app', 'data/db', 'network/vpc', 'monitor']);
    for (const unit of ['monitor', 'network/vpc', 'data/db', 'app']) expect(unitState(live, unit)?.resources, unit).toEqual([]);
    expect(destroyed.steps.find((s) => s.key === 'outputs')).toMatchObject({ status: 'skipped', result: { skippedReason: 'The units were destroyed: they have no outputs' } });
    expect(destroyed.outcome.outputs).toEqual([]);
  }, 900_000);

  it('fails the run naming the unit that failed; its dependents are not applied, independent units are', async () => {
    const live = await makeLive();
    const plan = await run(live);
    expect(plan.outcome.status, plan.outcome.error).toBe('succeeded');
    const from = logLines(live);
    const applied = await apply(live, plan.outcome, {}, { TERRACE_STANDIN_FAIL_AT: 'apply', TERRACE_STANDIN_FAIL_IN: 'data/db' });
    expect(applied.outcome.status).toBe('failed');
    expect(applied.outcome.exitCode).toBe(1);
    expect(applied.outcome.error).toBe('Unit data/db: apply exited with code 1; not applied as a unit it needs failed: app');
    expect(unitsRunning(live, 'apply', from)).toEqual(['monitor', 'network/vpc', 'data/db']);
    expect(unitState(live, 'monitor')?.resources.map((r) => r.name)).toEqual(['monitor']);
    expect(unitState(live, 'network/vpc')?.resources.map((r) => r.name)).toEqual(['vpc']);
    expect(unitState(live, 'app')).toBeNull();
    expect(applied.steps.filter((s) => s.key === 'terraformApply').at(-1)).toMatchObject({ status: 'failed', result: { stdErr: applied.outcome.error } });
    expect(applied.steps.some((s) => s.key === 'outputs')).toBe(false);
    expect(applied.text).toContain('━━━━ Unit data/db failed: apply exited with code 1 ━━━━');
    expect(applied.text).toContain('━━━━ Unit app: not applied, it depends on data/db, which did not succeed ━━━━');

    // A task names resources as the plan does, `<unit>:<address>`: it runs in that unit against its state.
    const taskFrom = logLines(live);
    const taint = await run(live, { runKind: 'task', phase: 'task', task: { kind: 'taint', addresses: ['network/vpc:null_resource.vpc'] } });
    expect(taint.outcome.status, taint.outcome.error).toBe('succeeded');
    expect(unitsRunning(live, 'taint', taskFrom)).toEqual(['network/vpc']);
    const vpc = unitState(live, 'network/vpc') as unknown as { serial: number; resources: { instances: { status?: string }[] }[] };
    expect(vpc.serial).toBe(2);
    expect(vpc.resources[0]?.instances[0]?.status).toBe('tainted');

    // A unit's state lock is released in the unit(s) the server names as holding it.
    backend.locks.set(`/state/${live.stackId}/unit/${encodeURIComponent('data/db')}`, JSON.stringify({ ID: 'held-db', Operation: 'OperationTypeApply' }));
    const unlockFrom = logLines(live);
    const release = (lockedUnits?: string[]) =>
      run(live, { runKind: 'task', phase: 'task', task: { kind: 'releaseStateLock', lockId: 'held-db', ...(lockedUnits ? { lockedUnits } : {}) } });
    const unnamed = await release();
    expect(unnamed.outcome.status).toBe('failed');
    expect(unnamed.outcome.error).toContain("did not say which unit's state holds this one");
    const released = await release(['data/db']);
    expect(released.outcome.status, released.outcome.error).toBe('succeeded');
    expect(unitsRunning(live, 'force-unlock', unlockFrom)).toEqual(['data/db']);
    expect(backend.locks.get(`/state/${live.stackId}/unit/${encodeURIComponent('data/db')}`) ?? null).toBeNull();
    const nothing = await release([]);
    expect(nothing.outcome.status, nothing.outcome.error).toBe('succeeded');
    expect(nothing.text).toContain("No state of the stack's units is locked with ID held-db: nothing to release");
    expect((await release(['nowhere'])).outcome.error).toContain("'nowhere', which is not a unit of the stack");
  }, 400_000);

  it('runs only the stack\'s own directory when the stack\'s "run all" setting is off', async () => {
    const files = liveFiles();
    files['live/terragrunt.hcl'] = 'inputs = {}\n';
    files['live/main.tf'] = 'resource "null_resource" "own" {}\n\noutput "own" {\n  value = "root"\n}\n';
    const live = await makeLive(files);
    const off = { iac: { engine: 'terragrunt' as const, version: '0.80.0', wrapped: { engine: 'terraform' as const, version: '1.9.5' } } };
    const plan = await run(live, off);
    expect(plan.outcome.status, plan.outcome.error).toBe('succeeded');
    expect(unitsRunning(live, 'plan').map((cwd) => cwd.endsWith('/src/live'))).toEqual([true]);
    expect(plan.text).not.toContain('Terragrunt stack of');
    expect(plan.outcome.resourceChanges?.map((c) => [c.address, c.unit])).toEqual([['null_resource.own', undefined]]);
    const applied = await apply(live, plan.outcome, off);
    expect(applied.outcome.status, applied.outcome.error).toBe('succeeded');
    expect(applied.outcome.outputs?.map((o) => o.name)).toEqual(['own']);
    expect((JSON.parse(backend.states.get(`/state/${live.stackId}`) ?? '{}') as { serial?: number }).serial).toBe(1);
    for (const unit of ['monitor', 'network/vpc', 'data/db', 'app']) expect(unitState(live, unit), unit).toBeNull();
  }, 400_000);

  it('fails the plan naming the unit whose plan failed; the other units are planned', async () => {
    const files = liveFiles();
    files['live/monitor/main.tf'] = 'variable "required_but_unset" {}\n\nresource "null_resource" "monitor" {}\n';
    const live = await makeLive(files);
    const plan = await run(live);
    expect(plan.outcome.status).toBe('failed');
    expect(plan.outcome.error).toBe('Unit monitor: plan exited with code 1');
    expect(unitsRunning(live, 'plan')).toEqual(['monitor', 'network/vpc', 'data/db', 'app']);
    expect(plan.outcome.planFile).toBeUndefined();
  }, 400_000);

  it('fails a unit reading the outputs of an unapplied dependency without mocks, as terragrunt does', async () => {
    const files = liveFiles();
    files['live/data/db/terragrunt.hcl'] = 'dependency "vpc" {\n  config_path = "../../network/vpc"\n}\n\ninputs = {\n  vpc_id = dependency.vpc.outputs.vpc_id\n}\n';
    const live = await makeLive(files);
    const plan = await run(live);
    expect(plan.outcome.status).toBe('failed');
    expect(plan.outcome.error).toBe('Unit data/db: init exited with code 1; not initialised as a unit it needs failed: app');
    expect(plan.text).toContain('detected no outputs. Either the target module has not been applied yet');
    expect(unitsRunning(live, 'init')).toEqual(['monitor', 'network/vpc', 'data/db']);
    expect(unitsRunning(live, 'plan')).toEqual([]);
  }, 400_000);
});
