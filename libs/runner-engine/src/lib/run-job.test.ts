import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGitHttpServer, TestRepositories, type GitHttpServer } from '@terrace/git/testing';
import { createGpgSigner, createZip, installStandIns, startReleasesHost, startStateBackend } from '@terrace/iac-stand-in';
import type { JobOutcome, JobSignal, JobSpec, StepKey, StepResult } from './job-spec';
import { BEFORE_STEPS_SUMMARY, runJob, type RunJobOptions } from './run-job';

const gitCredentials = { username: 'x-access-token', password: 'ghp_gitTokenNeverInLogs42' };
const dbSecret = 'pa55-Very-Secret-Value';

let repos: TestRepositories;
let git: GitHttpServer;
let work: string;
let binDir: string;

const emptyHooks = { beforeInit: [], afterInit: [], beforePlan: [], afterPlan: [], beforeApply: [], afterApply: [] };

beforeAll(async () => {
  process.env['TERRACE_TEST_PARENT_ONLY'] = 'must-not-reach-terraform';
  repos = await TestRepositories.create();
  git = await startGitHttpServer({ root: repos.root, credentials: gitCredentials });
  work = await mkdtemp(join(tmpdir(), 'terrace-runjob-'));
  binDir = join(work, 'bin');
  await installStandIns(binDir, { terraform: ['1.9.5'], tofu: ['1.8.3'], terragrunt: ['0.67.16', '0.80.0'] });
}, 60_000);

afterAll(async () => {
  delete process.env['TERRACE_TEST_PARENT_ONLY'];
  await git.close();
  await repos.dispose();
  await rm(work, { recursive: true, force: true });
});

let counter = 0;

/** A repository of its own with the stack in stacks/app, keeping its state in `statePath` (a `local` backend of the code). */
async function makeStack(extra: Record<string, string> = {}, options: { backendBlock?: boolean } = {}) {
  counter += 1;
  const name = `infra${counter}`;
  const dir = join(work, name);
  await mkdir(dir, { recursive: true });
  const statePath = join(dir, 'terraform.tfstate');
  const backend = options.backendBlock === false ? '' : `terraform {\n  backend "local" {\n    path = "${statePath}"\n  }\n}\n`;
  await repos.create(name, {
    'README.md': '# infra\n',
    'stacks/app/main.tf': `${backend}${mainTf()}`,
    ...extra,
  });
  return { name, dir, statePath, log: join(dir, 'stand-in.log'), cloud: join(dir, 'cloud.json') };
}

function mainTf(name = 'app') {
  return `variable "name" {
  default = "world"
}

variable "db_password" {}

resource "null_resource" "${name}" {
  triggers = { name = var.name }
}

resource "null_resource" "db" {
  triggers = { password = var.db_password }
}

output "greeting" {
  value = "hello \${var.name}"
}

output "db_password" {
  value     = var.db_password
  sensitive = true
}
`;
}

type Stack = Awaited<ReturnType<typeof makeStack>>;

function specFor(stack: Stack, overrides: Partial<JobSpec> = {}): JobSpec {
  return {
    jobId: `job-${counter}`,
    runId: `dep-${counter}`,
    runKind: 'deployment',
    phase: 'plan',
    organizationId: 'org-1',
    stackId: 'stk-1',
    stackName: 'app',
    repository: { url: git.urlOf(stack.name), branch: 'main', path: 'stacks/app', credentials: gitCredentials },
    iac: { engine: 'terraform', version: '1.9.5' },
    variables: [{ name: 'db_password', value: dbSecret, kind: 'terraform', sensitive: true }],
    varFiles: [],
    hooks: emptyHooks,
    backend: { kind: 'local' },
    ...overrides,
  };
}

function engine(stack: Stack, extraEnv: Record<string, string> = {}, more: Partial<RunJobOptions> = {}): RunJobOptions {
  return {
    workRoot: join(work, 'jobs'),
    binaries: { binDir, cacheDir: join(work, 'cache'), download: false },
    extraEnv: { TERRACE_STANDIN_LOG: stack.log, ...extraEnv },
    ...more,
  };
}

interface Recorded {
  key: StepKey;
  status: string;
  result?: StepResult | undefined;
}

function recorder(onStep?: (key: StepKey, status: string) => JobSignal, onLog?: (text: string) => void) {
  const chunks: Buffer[] = [];
  const steps: Recorded[] = [];
  return {
    sink: {
      log: (bytes: Uint8Array) => {
        chunks.push(Buffer.from(bytes));
        onLog?.(Buffer.concat(chunks).toString('utf8'));
      },
      step: async (key: StepKey, status: Parameters<NonNullable<typeof onStep>>[1], result?: StepResult) => {
        steps.push({ key, status, result });
        return { signal: onStep?.(key, status) ?? ('none' as JobSignal) };
      },
    },
    text: () => Buffer.concat(chunks).toString('utf8'),
    chunks,
    steps,
    final: () => {
      const last = new Map<string, Recorded>();
      for (const s of steps) last.set(s.key, s);
      return Object.fromEntries([...last].map(([k, s]) => [k, s.status]));
    },
  };
}

function invocations(stack: Stack): { name: string; version: string; args: string[]; pid: number; env: Record<string, string> }[] {
  if (!existsSync(stack.log)) return [];
  return readFileSync(stack.log, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
}

async function planAndApply(stack: Stack, extraEnv: Record<string, string> = {}, spec: Partial<JobSpec> = {}) {
  const plan = await runJob(specFor(stack, spec), recorder().sink, new AbortController().signal, engine(stack, extraEnv));
  expect(plan.status, plan.error).toBe('succeeded');
  const apply = await runJob(
    specFor(stack, { ...spec, phase: 'apply', planFile: plan.planFile, lockFile: plan.lockFile }),
    recorder().sink,
    new AbortController().signal,
    engine(stack, extraEnv),
  );
  expect(apply.status, apply.error).toBe('succeeded');
  return { plan, apply };
}

describe('runJob: plan phase', () => {
  it('clones, inits and plans with changes: summary, resource changes, saved plan, steps', async () => {
    const stack = await makeStack();
    const rec = recorder();
    const outcome = await runJob(specFor(stack), rec.sink, new AbortController().signal, engine(stack));
    expect(outcome.status, outcome.error).toBe('succeeded');
    expect(outcome.planSummary).toEqual({ add: 2, change: 0, destroy: 0, replace: 0, import: 0, hasChanges: true });
    expect(outcome.resourceChanges?.map((c) => [c.address, c.action])).toEqual([
      ['null_resource.app', 'create'],
      ['null_resource.db', 'create'],
    ]);
    expect(outcome.outputChanges).toEqual(['db_password', 'greeting']);
    expect(Buffer.from(outcome.planFile ?? '', 'base64').length).toBeGreaterThan(0);
    expect(JSON.parse(outcome.planJson ?? '{}').format_version).toBe('1.2');
    expect(Buffer.from(outcome.lockFile ?? '', 'base64').toString()).toContain('registry.terraform.io/hashicorp/null');
    expect(outcome.commitSha).toMatch(/^[0-9a-f]{40}$/);
    expect(outcome.iacVersion).toBe('1.9.5');
    expect(rec.final()).toEqual({ gitClone: 'succeeded', terraformInit: 'succeeded', tfLint: 'skipped', tfSec: 'skipped', terraformPlan: 'succeeded', infracost: 'skipped' });
    const plan = rec.steps.find((s) => s.key === 'terraformPlan' && s.status === 'succeeded');
    expect(plan?.result?.summary?.create?.map((c) => c.tfResourceName)).toEqual(['null_resource.app', 'null_resource.db']);
    expect(plan?.result?.summary?.hasOutputChanges).toBe(true);
    expect(rec.steps.find((s) => s.key === 'tfLint')?.result?.skippedReason).toBe('tflint is not installed on this runner');
    const text = rec.text();
    expect(text.replaceAll('\x1b[0m', '').replaceAll('\x1b[1m', '')).toContain('Plan: 2 to add, 0 to change, 0 to destroy.');
    expect(text).toContain('\x1b[32m+\x1b[0m'); // terraform's colours reach the log
    const planCall = invocations(stack).find((i) => i.args[0] === 'plan');
    expect(planCall?.args).toEqual(expect.arrayContaining(['-input=false', '-detailed-exitcode']));
    expect(planCall?.args.some((a) => a.startsWith('-out='))).toBe(true);
    expect(planCall?.args).not.toContain('-lock=false');
  });

  it('runs commands with an allowlisted environment: job HOME, TF_IN_AUTOMATION, TF_VAR_*, nothing of the runner', async () => {
    const stack = await makeStack();
    await runJob(specFor(stack, { variables: [...specFor(stack).variables, { name: 'REGION', value: 'eu-west-1', kind: 'environment', sensitive: false }, { name: 'TF_HTTP_ADDRESS', value: 'http://evil', kind: 'environment', sensitive: false }] }), recorder().sink, new AbortController().signal, engine(stack));
    const calls = invocations(stack);
    expect(calls.length).toBeGreaterThanOrEqual(3);
    for (const call of calls) {
      expect(call.env['TF_IN_AUTOMATION']).toBe('1');
      expect(call.env['TF_INPUT']).toBe('0');
      expect(call.env['HOME']).toMatch(/\/home$/);
      expect(call.env['HOME']).not.toBe(process.env['HOME']);
      expect(Object.keys(call.env)).toEqual(expect.arrayContaining(['TF_VAR_db_password', 'REGION', 'PATH']));
      expect(Object.keys(call.env)).not.toContain('TERRACE_TEST_PARENT_ONLY');
      expect(Object.keys(call.env)).not.toContain('TF_HTTP_ADDRESS');
      expect(call.args.join(' ')).not.toContain(dbSecret);
    }
  });

  it('plans without changes after an apply, and a commit in git changes the plan', async () => {
    const stack = await makeStack();
    await planAndApply(stack);
    const again = await runJob(specFor(stack), recorder().sink, new AbortController().signal, engine(stack));
    expect(again.planSummary).toEqual({ add: 0, change: 0, destroy: 0, replace: 0, import: 0, hasChanges: false });
    expect(again.resourceChanges).toEqual([]);
    await repos.commit(stack.name, { 'stacks/app/main.tf': `terraform {\n  backend "local" {\n    path = "${stack.statePath}"\n  }\n}\n${mainTf().replace('"world"', '"moon"')}` });
    const changed = await runJob(specFor(stack), recorder().sink, new AbortController().signal, engine(stack));
    expect(changed.planSummary).toMatchObject({ add: 1, destroy: 1, replace: 1, hasChanges: true });
    expect(changed.resourceChanges?.[0]).toMatchObject({ address: 'null_resource.app', action: 'replace', actions: ['delete', 'create'], actionReason: 'replace_because_cannot_update' });
    expect(changed.outputChanges).toEqual(['greeting']);
  });

  it('passes plan options: -lock=false for plans, -destroy, -target, -replace, variable files', async () => {
    const stack = await makeStack({ 'stacks/app/prod.tfvars': 'name = "prod"\n' });
    await planAndApply(stack);
    const destroy = await runJob(specFor(stack, { runKind: 'destroy' }), recorder().sink, new AbortController().signal, engine(stack));
    expect(destroy.planSummary).toMatchObject({ destroy: 2, add: 0 });
    const targeted = await runJob(
      specFor(stack, { runKind: 'plan', varFiles: ['prod.tfvars'], plan: { destroy: false, refreshOnly: false, lock: false, targets: ['null_resource.app'], replace: ['null_resource.db'] } }),
      recorder().sink,
      new AbortController().signal,
      engine(stack),
    );
    // As terraform does: -replace of an object outside the -target set changes nothing.
    expect(targeted.resourceChanges?.map((c) => [c.address, c.action])).toEqual([['null_resource.app', 'replace']]);
    const args = invocations(stack).filter((i) => i.args[0] === 'plan').at(-1)?.args ?? [];
    expect(args).toEqual(expect.arrayContaining(['-lock=false', '-target=null_resource.app', '-replace=null_resource.db']));
    expect(args.find((a) => a.startsWith('-var-file='))).toMatch(/stacks\/app\/prod\.tfvars$/);
    const escape = await runJob(specFor(stack, { varFiles: ['../../../etc/passwd'] }), recorder().sink, new AbortController().signal, engine(stack));
    expect(escape.error).toMatch(/outside the repository/);
  });

  it('reports drift (resource_drift) when real infrastructure changed outside terraform', async () => {
    const stack = await makeStack();
    await planAndApply(stack, { TERRACE_STANDIN_CLOUD: stack.cloud });
    const cloud = JSON.parse(await readFile(stack.cloud, 'utf8')) as Record<string, unknown>;
    delete cloud['null_resource.app'];
    await writeFile(stack.cloud, JSON.stringify(cloud));
    const drift = await runJob(specFor(stack, { runKind: 'drift' }), recorder().sink, new AbortController().signal, engine(stack, { TERRACE_STANDIN_CLOUD: stack.cloud }));
    expect(drift.resourceDrift).toEqual([expect.objectContaining({ address: 'null_resource.app', action: 'delete' })]);
    expect(drift.planSummary).toMatchObject({ add: 1, hasChanges: true });
    expect(invocations(stack).filter((i) => i.args[0] === 'plan').at(-1)?.args).toContain('-lock=false');
  });

  it('accepts the cloud values with a refresh-only deployment: -refresh-only plan, its apply records them in the state', async () => {
    const stack = await makeStack();
    const env = { TERRACE_STANDIN_CLOUD: stack.cloud };
    await planAndApply(stack, env);
    const cloud = JSON.parse(await readFile(stack.cloud, 'utf8')) as Record<string, { triggers?: Record<string, unknown> }>;
    const address = Object.keys(cloud).find((a) => a !== 'null_resource.db') as string;
    (cloud[address] as { triggers: Record<string, unknown> }).triggers = { name: 'changed in the console' };
    await writeFile(stack.cloud, JSON.stringify(cloud));
    const refreshOnly = { plan: { destroy: false, refreshOnly: true, lock: true } };
    const { plan } = await planAndApply(stack, env, refreshOnly);
    expect(invocations(stack).filter((i) => i.args[0] === 'plan').at(-1)?.args).toContain('-refresh-only');
    expect(plan.resourceDrift).toEqual([expect.objectContaining({ address, action: 'update' })]);
    expect((plan.resourceChanges ?? []).filter((c) => c.action !== 'no-op')).toEqual([]);
    const state = JSON.parse(await readFile(stack.statePath, 'utf8')) as { resources: { name: string; instances: { attributes: { triggers?: Record<string, unknown> } }[] }[] };
    const recorded = state.resources.find((r) => address.endsWith(`.${r.name}`));
    expect(recorded?.instances[0]?.attributes.triggers).toEqual({ name: 'changed in the console' });
    // The cloud is in the state now: a drift check finds no drift, only the code to deploy again.
    const drift = await runJob(specFor(stack, { runKind: 'drift' }), recorder().sink, new AbortController().signal, engine(stack, env));
    expect(drift.resourceDrift).toEqual([]);
    expect(drift.resourceChanges?.find((c) => c.address === address)?.action).toBe('replace');
  });

  it('masks secrets in the log, also when terraform prints them in pieces', async () => {
    const stack = await makeStack();
    const rec = recorder();
    const outcome = await runJob(specFor(stack), rec.sink, new AbortController().signal, engine(stack, { TERRACE_STANDIN_CHUNK_BYTES: '5' }));
    expect(outcome.status).toBe('succeeded');
    expect(rec.chunks.length).toBeGreaterThan(50);
    const text = rec.text();
    // db_password is not declared sensitive in the code, so terraform prints it: the runner masks it.
    expect(text).toContain('"password":"***"');
    expect(text).not.toContain(dbSecret);
    expect(text).not.toContain(gitCredentials.password);
    expect(JSON.stringify(rec.steps)).not.toContain(dbSecret);
  });
});

describe('runJob: apply phase', () => {
  it('applies the saved plan and reads the outputs with their sensitive flag', async () => {
    const stack = await makeStack();
    const rec = recorder();
    const plan = await runJob(specFor(stack), recorder().sink, new AbortController().signal, engine(stack));
    const apply = await runJob(specFor(stack, { phase: 'apply', planFile: plan.planFile, lockFile: plan.lockFile }), rec.sink, new AbortController().signal, engine(stack));
    expect(apply.status, apply.error).toBe('succeeded');
    expect(apply.outputs).toEqual([
      { name: 'db_password', sensitive: true, type: 'string', value: dbSecret },
      { name: 'greeting', sensitive: false, type: 'string', value: 'hello world' },
    ]);
    expect(rec.final()).toEqual({ gitClone: 'succeeded', terraformInit: 'succeeded', terraformApply: 'succeeded', outputs: 'succeeded' });
    expect(rec.text()).toContain('Apply complete! Resources: 2 added, 0 changed, 0 destroyed.');
    expect(rec.text()).not.toContain(dbSecret);
    const applyCall = invocations(stack).find((i) => i.args[0] === 'apply');
    expect(applyCall?.args.slice(0, 2)).toEqual(['apply', '-input=false']);
    expect(applyCall?.args[2]).toMatch(/plan\.bin$/);
    const state = JSON.parse(await readFile(stack.statePath, 'utf8')) as { version: number; serial: number; resources: unknown[] };
    expect(state).toMatchObject({ version: 4, serial: 1 });
    expect(state.resources).toHaveLength(2);
  });

  it('fails the apply step when terraform fails, with its exit code', async () => {
    const stack = await makeStack();
    const plan = await runJob(specFor(stack), recorder().sink, new AbortController().signal, engine(stack));
    const rec = recorder();
    const apply = await runJob(specFor(stack, { phase: 'apply', planFile: plan.planFile }), rec.sink, new AbortController().signal, engine(stack, { TERRACE_STANDIN_FAIL_AT: 'apply' }));
    expect(apply).toMatchObject({ status: 'failed', exitCode: 1, error: 'apply exited with code 1' });
    expect(apply.errorSummary).toBeUndefined();
    expect(rec.final()['terraformApply']).toBe('failed');
    expect(rec.steps.find((s) => s.key === 'terraformApply' && s.status === 'failed')?.result?.stdOut).toContain('simulated failure');
  });

  it('cancels with SIGINT: terraform finishes the current resource, saves state and stops', async () => {
    const stack = await makeStack();
    const env = { TERRACE_STANDIN_SLEEP_MS: '1500', TERRACE_STANDIN_SLEEP_AT: 'apply' };
    const plan = await runJob(specFor(stack), recorder().sink, new AbortController().signal, engine(stack, env));
    const controller = new AbortController();
    const rec = recorder(undefined, (text) => {
      if (text.includes('Creating...') && !controller.signal.aborted) controller.abort();
    });
    const apply = await runJob(specFor(stack, { phase: 'apply', planFile: plan.planFile }), rec.sink, controller.signal, engine(stack, env));
    expect(apply.status).toBe('canceled');
    expect(apply.killed).toBeUndefined();
    expect(rec.text()).toContain('Interrupt received.');
    expect(rec.final()['terraformApply']).toBe('failed');
    const state = JSON.parse(await readFile(stack.statePath, 'utf8')) as { resources: unknown[] };
    expect(state.resources).toHaveLength(1);
  });

  it('force-cancels with SIGKILL to the process group when terraform ignores the interrupt', async () => {
    const stack = await makeStack();
    const env = { TERRACE_STANDIN_SLEEP_MS: '60000', TERRACE_STANDIN_SLEEP_AT: 'apply', TERRACE_STANDIN_IGNORE_SIGINT: '1' };
    const plan = await runJob(specFor(stack), recorder().sink, new AbortController().signal, engine(stack));
    const cancel = new AbortController();
    const force = new AbortController();
    const rec = recorder(undefined, (text) => {
      if (text.includes('Creating...') && !cancel.signal.aborted) {
        cancel.abort();
        setTimeout(() => force.abort(), 500);
      }
    });
    const started = Date.now();
    const apply = await runJob(specFor(stack, { phase: 'apply', planFile: plan.planFile }), rec.sink, cancel.signal, engine(stack, env, { force: force.signal }));
    expect(apply).toMatchObject({ status: 'canceled', killed: true });
    expect(Date.now() - started).toBeLessThan(20_000);
    const pid = invocations(stack).filter((i) => i.args[0] === 'apply').at(-1)?.pid ?? 0;
    expect(() => process.kill(pid, 0)).toThrow();
  });

  it('stops when the sink answers cancel', async () => {
    const stack = await makeStack();
    const outcome = await runJob(specFor(stack), recorder((key, status) => (key === 'terraformInit' && status === 'succeeded' ? 'cancel' : 'none')).sink, new AbortController().signal, engine(stack));
    expect(outcome.status).toBe('canceled');
    expect(invocations(stack).some((i) => i.args[0] === 'plan')).toBe(false);
  });
});

describe('runJob: failures before the steps, tools, hooks', () => {
  it('says how to provide a missing binary, before any step', async () => {
    const stack = await makeStack();
    const rec = recorder();
    const outcome = await runJob(specFor(stack, { iac: { engine: 'terraform', version: '9.9.9' } }), rec.sink, new AbortController().signal, engine(stack));
    expect(outcome.status).toBe('failed');
    expect(outcome.errorSummary).toMatch(new RegExp(`^${BEFORE_STEPS_SUMMARY}: terraform 9\\.9\\.9 is not installed on this runner`));
    expect(outcome.errorSummary).toContain('TERRACE_IAC_BIN_DIR');
    expect(rec.steps).toEqual([]);
    expect(rec.text()).toContain('terraform 9.9.9 is not installed');
  });

  it('downloads a verified terraform from the releases host, and refuses a tampered one before any step', async () => {
    const host = await startReleasesHost();
    const signer = createGpgSigner();
    try {
      host.publishTerraform('1.9.6', signer);
      host.publishTerraform('1.9.7', signer);
      const arch = process.arch === 'x64' ? 'amd64' : process.arch;
      const zipPath = `/hashicorp/terraform/1.9.7/terraform_1.9.7_${process.platform}_${arch}.zip`;
      host.set(zipPath, createZip([{ name: 'terraform', data: Buffer.from('#!/bin/sh\necho pwned\n') }]));
      const stack = await makeStack();
      const binaries = { binDir: join(work, 'no-binaries'), cacheDir: join(work, `download-cache-${counter}`), releases: host.sources, signingKeys: { terraform: [signer.publicKey] } };
      const rec = recorder();
      const ok = await runJob(specFor(stack, { iac: { engine: 'terraform', version: '~> 1.9.6' } }), rec.sink, new AbortController().signal, { ...engine(stack), binaries: { ...binaries, download: true } });
      // 1.9.7 is the newest match but fails its checksum: the job fails rather than run it.
      expect(ok.status).toBe('failed');
      expect(ok.errorSummary).toMatch(/before individual steps could be executed: terraform 1\.9\.7 could not be downloaded: checksum mismatch/);
      expect(rec.steps).toEqual([]);
      const exact = recorder();
      const good = await runJob(specFor(stack, { iac: { engine: 'terraform', version: '1.9.6' } }), exact.sink, new AbortController().signal, { ...engine(stack), binaries: { ...binaries, download: true } });
      expect(good.status, good.error).toBe('succeeded');
      expect(good.iacVersion).toBe('1.9.6');
      expect(exact.text()).toMatch(/The checksums of terraform 1\.9\.6 are signed by [0-9A-F]{40}/);
      expect(exact.text()).toContain('Using terraform 1.9.6 (downloaded, verified)');
    } finally {
      signer.dispose();
      await host.close();
    }
  });

  it('reports a clone that the host refuses as an error before the steps could run', async () => {
    const stack = await makeStack();
    const rec = recorder();
    const outcome = await runJob(specFor(stack, { repository: { ...specFor(stack).repository, credentials: { username: 'x', password: 'wrong-password-123' } } }), rec.sink, new AbortController().signal, engine(stack));
    expect(outcome.errorSummary).toMatch(/^This error occurred before individual steps could be executed: git clone failed \(authentication\)/);
    expect(rec.final()).toEqual({ gitClone: 'failed' });
    expect(rec.text()).not.toContain('wrong-password-123');
  });

  it('runs tflint and tfsec when installed and reports their findings', async () => {
    const stack = await makeStack();
    const tools = join(work, 'tools');
    await mkdir(tools, { recursive: true });
    await writeFile(join(tools, 'tflint'), '#!/bin/sh\necho "1 issue(s) found:"\necho "Warning: variable db_password has no type"\nexit 2\n');
    await writeFile(
      join(tools, 'tfsec'),
      `#!/bin/sh\necho '${JSON.stringify({ results: [{ rule_id: 'x', severity: 'HIGH', description: 'Secret in trigger', resource: 'null_resource.db', resolution: 'Use a secret store' }] })}'\n`,
    );
    await chmod(join(tools, 'tflint'), 0o755);
    await chmod(join(tools, 'tfsec'), 0o755);
    const rec = recorder();
    const outcome = await runJob(specFor(stack), rec.sink, new AbortController().signal, engine(stack, {}, { path: `${tools}:${process.env['PATH']}` }));
    expect(outcome.status).toBe('succeeded');
    expect(rec.final()).toMatchObject({ tfLint: 'issuesFound', tfSec: 'issuesFound', infracost: 'skipped' });
    expect(rec.steps.find((s) => s.key === 'tfSec' && s.status === 'issuesFound')?.result?.failedTfSecChecks).toEqual([
      { severity: 'HIGH', description: 'Secret in trigger', resource: 'null_resource.db', resolution: 'Use a secret store' },
    ]);
  });

  it('runs custom flow hooks as argument lists with the job context, and stops on a failing one', async () => {
    const stack = await makeStack();
    const rec = recorder();
    const hooks = {
      ...emptyHooks,
      beforeInit: [['sh', '-c', 'echo "hook for $TERRACE_STACK_ID in $(basename "$PWD")"']],
      afterPlan: [['node', '-e', 'console.log("plan format", JSON.parse(require("fs").readFileSync(process.env.TERRACE_PLAN_JSON)).format_version)']],
    };
    const ok = await runJob(specFor(stack, { hooks }), rec.sink, new AbortController().signal, engine(stack));
    expect(ok.status, ok.error).toBe('succeeded');
    expect(rec.text()).toContain('hook for stk-1 in app');
    expect(rec.text()).toContain('plan format 1.2');
    expect(rec.final()).toMatchObject({ 'customFlow.beforeInit': 'succeeded', 'customFlow.afterPlan': 'succeeded' });
    const failing = recorder();
    const bad = await runJob(specFor(stack, { hooks: { ...emptyHooks, beforePlan: [['sh', '-c', 'echo checking; exit 3']] } }), failing.sink, new AbortController().signal, engine(stack));
    expect(bad).toMatchObject({ status: 'failed', exitCode: 3 });
    expect(failing.final()['customFlow.beforePlan']).toBe('failed');
    expect(failing.final()['terraformPlan']).toBeUndefined();
  });
});

describe('runJob: tasks', () => {
  it('taints a resource (the next plan replaces it), removes one from state, imports one', async () => {
    const stack = await makeStack();
    await planAndApply(stack);
    const taint = await runJob(specFor(stack, { runKind: 'task', phase: 'task', task: { kind: 'taint', addresses: ['null_resource.app'] } }), recorder().sink, new AbortController().signal, engine(stack));
    expect(taint.status, taint.error).toBe('succeeded');
    const plan = await runJob(specFor(stack), recorder().sink, new AbortController().signal, engine(stack));
    expect(plan.resourceChanges?.[0]).toMatchObject({ address: 'null_resource.app', action: 'replace', actionReason: 'replace_because_tainted' });
    const remove = await runJob(specFor(stack, { runKind: 'task', phase: 'task', task: { kind: 'remove', addresses: ['null_resource.db'] } }), recorder().sink, new AbortController().signal, engine(stack));
    expect(remove.status).toBe('succeeded');
    const imported = await runJob(specFor(stack, { runKind: 'task', phase: 'task', task: { kind: 'import', resources: [{ address: 'null_resource.db', id: '4242' }] } }), recorder().sink, new AbortController().signal, engine(stack));
    expect(imported.status, imported.error).toBe('succeeded');
    const state = JSON.parse(await readFile(stack.statePath, 'utf8')) as { resources: { name: string; instances: { attributes: { id: string } }[] }[] };
    expect(state.resources.find((r) => r.name === 'db')?.instances[0]?.attributes.id).toBe('4242');
    const refused = await runJob(specFor(stack, { runKind: 'task', phase: 'task', task: { kind: 'untaint', addresses: ['-lock=false'] } }), recorder().sink, new AbortController().signal, engine(stack));
    expect(refused.error).toMatch(/resource address '-lock=false' is not valid/);
  });
});

describe('runJob: state in the HTTP backend, other engines', () => {
  it('points terraform at the HTTP backend through an override file, the password only in TF_HTTP_PASSWORD', async () => {
    const password = 'tjob_backendPasswordSecret';
    const backend = await startStateBackend({ password });
    try {
      const stack = await makeStack({}, { backendBlock: false });
      const http = { kind: 'http' as const, ...backend.addresses, username: 'terraform', password };
      const rec = recorder();
      const { apply } = await planAndApply(stack, {}, { backend: http });
      expect(apply.outputs?.map((o) => o.name)).toEqual(['db_password', 'greeting']);
      const methods = backend.requests.map((r) => `${r.method}${r.query['ID'] ? '?ID' : ''}`);
      expect(methods).toEqual(['GET', 'LOCK', 'GET', 'UNLOCK', 'GET', 'LOCK', 'GET', 'POST?ID', 'UNLOCK', 'GET']);
      for (const r of backend.requests) expect(r.headers.authorization).toBe(`Basic ${Buffer.from(`terraform:${password}`).toString('base64')}`);
      const post = backend.requests.find((r) => r.method === 'POST');
      expect(post?.headers['content-md5']).toMatch(/==$/);
      expect(JSON.parse(backend.state ?? '{}')).toMatchObject({ version: 4, serial: 1 });
      for (const call of invocations(stack)) expect(JSON.stringify(call.args)).not.toContain(password);
      const plan = await runJob(specFor(stack, { runKind: 'plan', backend: http, plan: { destroy: false, refreshOnly: false, lock: false } }), rec.sink, new AbortController().signal, engine(stack));
      expect(plan.planSummary?.hasChanges).toBe(false);
      expect(backend.requests.slice(-2).map((r) => r.method)).toEqual(['GET', 'GET']);
      expect(rec.text()).not.toContain(password);
      backend.lock = JSON.stringify({ ID: 'stuck-lock', Operation: 'OperationTypeApply', Info: '', Who: 'someone@host', Version: '1.9.5', Created: new Date().toISOString(), Path: '' });
      const unlock = await runJob(specFor(stack, { runKind: 'task', phase: 'task', backend: http, task: { kind: 'releaseStateLock', lockId: 'stuck-lock' } }), recorder().sink, new AbortController().signal, engine(stack));
      expect(unlock.status, unlock.error).toBe('succeeded');
      expect(backend.lock).toBeNull();
      const force = backend.requests.at(-1);
      expect(force).toMatchObject({ method: 'UNLOCK', body: '' });
      expect(force?.headers['content-type']).toBe('application/json');
    } finally {
      await backend.close();
    }
  });

  it('runs OpenTofu', async () => {
    const stack = await makeStack();
    const rec = recorder();
    const outcome = await runJob(specFor(stack, { iac: { engine: 'opentofu', version: '1.8.3' } }), rec.sink, new AbortController().signal, engine(stack));
    expect(outcome.status, outcome.error).toBe('succeeded');
    expect(rec.text()).toContain('OpenTofu has been successfully initialized!');
    expect(invocations(stack).every((i) => i.name === 'tofu')).toBe(true);
  });

  it('runs terragrunt: `run -- <command>` from 0.73 on, the classic forwarding before', async () => {
    const stack = await makeStack({ 'stacks/app/terragrunt.hcl': 'inputs = {\n  name = "from-terragrunt"\n}\n' });
    for (const [version, modern] of [
      ['0.80.0', true],
      ['0.67.16', false],
    ] as const) {
      const rec = recorder();
      const outcome: JobOutcome = await runJob(
        specFor(stack, { iac: { engine: 'terragrunt', version, wrapped: { engine: 'terraform', version: '1.9.5' } } }),
        rec.sink,
        new AbortController().signal,
        engine(stack),
      );
      expect(outcome.status, outcome.error).toBe('succeeded');
      expect(JSON.parse(outcome.planJson ?? '{}').variables.name.value).toBe('from-terragrunt');
      const tg = invocations(stack).filter((i) => i.name === 'terragrunt' && i.version === version);
      expect(tg.map((i) => i.args[0])).toEqual(modern ? ['run', 'run', 'run'] : ['init', 'plan', 'show']);
      if (modern) expect(tg[1]?.args.slice(0, 3)).toEqual(['run', '--', 'plan']);
      expect(tg[0]?.env['TG_TF_PATH']).toMatch(/terraform\/1\.9\.5\/terraform$/);
    }
  });
});
