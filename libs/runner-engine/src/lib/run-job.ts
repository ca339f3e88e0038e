import { constants } from 'node:fs';
import { access, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve, sep } from 'node:path';
import { compareVersions, type StepStatus } from '@terrace/domain';
import { GitClient, GitError, normaliseRepositoryPath, type GitCredentials } from '@terrace/git';
import type { OpaOptions } from '@terrace/policy-engine';
import { controlPoliciesStep } from './control-policies-step';
import { resolveIacBinary, type IacBinaryOptions, type ResolvedIacBinary } from './iac-binary';
import { jobEnvironment, specSecrets } from './job-environment';
import { packUnitFiles, terragruntUnitGraph, unitLabel, unpackUnitFiles, writeBackendOverrides, type TerragruntUnit, type UnitFile } from './terragrunt-units';
import { JobCanceled, JobControl, JobLog, runCommand, type CommandOutcome } from './job-process';
import type { JobOutcome, JobOutput, JobSink, JobSpec, ResourceChange, StepKey, StepResult } from './job-spec';
import { readOutputsJson, readPlanJson, summarisePlan, type ReadPlan } from './plan-json';
import { SecretMasker } from './secret-masker';

export const BEFORE_STEPS_SUMMARY = 'This error occurred before individual steps could be executed';

/** The name of the file that points terraform at the product's state backend. */
export const BACKEND_OVERRIDE_FILE = 'terrace_backend_override.tf';

export interface RunJobOptions {
  /** Where job directories are made (each job: <root>/job-…/{src,home,tmp}, removed at the end). */
  workRoot?: string | undefined;
  /** How terraform/tofu/terragrunt are found (configured dir, cache, verified download). */
  binaries?: IacBinaryOptions | undefined;
  /** Aborting it force-cancels (SIGKILL to the process group); aborting `signal` cancels (SIGINT). */
  force?: AbortSignal | undefined;
  /** PATH of the job's commands (default: the runner's PATH). tflint, tfsec, infracost are looked up on it. */
  path?: string | undefined;
  /** How the opa binary of Rego control policies is found (configured path, PATH, cache, verified download). */
  opa?: OpaOptions | undefined;
  /** A shared provider cache (only safe when init runs one at a time; default: none). */
  pluginCacheDir?: string | undefined;
  /** Environment added to every job's commands (operator settings such as a registry mirror). */
  extraEnv?: Record<string, string> | undefined;
  /** Keep the job directory (debugging). */
  keepWorkDir?: boolean | undefined;
  gitTimeoutMs?: number | undefined;
}

class JobFailure extends Error {
  constructor(
    message: string,
    readonly exitCode?: number,
  ) {
    super(message);
    this.name = 'JobFailure';
  }
}

const bold = (s: string) => `\x1b[1m${s}\x1b[0m`;
const red = (s: string) => `\x1b[31m${s}\x1b[0m`;
const dim = (s: string) => `\x1b[2m${s}\x1b[0m`;
const cyan = (s: string) => `\x1b[36m${s}\x1b[0m`;
const yellow = (s: string) => `\x1b[33m${s}\x1b[0m`;

interface Context {
  spec: JobSpec;
  /** The job's cancel signal (also stops a binary download). */
  signal: AbortSignal;
  sink: JobSink;
  log: JobLog;
  control: JobControl;
  options: RunJobOptions;
  dirs: { root: string; src: string; home: string; tmp: string };
  stackDir: string;
  env: Record<string, string>;
  iac: { binary: ResolvedIacBinary; wrapped?: ResolvedIacBinary | undefined };
  /**
   * A terragrunt stack of several units (`terragrunt run --all`): its units in dependency order,
   * each run in its own directory against its own state. null: the stack's directory is the one root module.
   */
  units: TerragruntUnit[] | null;
  stepsStarted: boolean;
  initStarted: boolean;
  outcome: JobOutcome;
}

/**
 * Runs one job: clone, init, plan / apply / task, with the spec's steps reported to `sink` and every
 * byte of output streamed (secrets masked) to `sink.log`. `signal` cancels (SIGINT to the process
 * group, terraform stops gracefully); `options.force` or a sink answer `force` kills (SIGKILL).
 * Never throws for job failures: the outcome says what happened.
 */
export async function runJob(spec: JobSpec, sink: JobSink, signal: AbortSignal, options: RunJobOptions = {}): Promise<JobOutcome> {
  const control = new JobControl();
  const onAbort = () => (signal.reason === 'force' ? control.force() : control.cancel());
  if (signal.aborted) onAbort();
  signal.addEventListener('abort', onAbort);
  const onForce = () => control.force();
  if (options.force?.aborted) onForce();
  options.force?.addEventListener('abort', onForce);

  const masker = new SecretMasker(specSecrets(spec));
  const log = new JobLog(sink, masker);
  const workRoot = options.workRoot ?? process.env['TERRACE_RUNNER_WORK_DIR'] ?? join(tmpdir(), 'terrace-runner');
  const ctx: Partial<Context> & Pick<Context, 'spec' | 'signal' | 'sink' | 'log' | 'control' | 'options' | 'outcome'> = {
    spec,
    signal,
    sink,
    log,
    control,
    options,
    units: null,
    stepsStarted: false,
    initStarted: false,
    outcome: { status: 'succeeded' },
  };
  let root: string | null = null;
  try {
    await mkdir(workRoot, { recursive: true, mode: 0o700 });
    root = await mkdtemp(join(workRoot, `${safeName(spec.jobId)}-`));
    ctx.dirs = { root, src: join(root, 'src'), home: join(root, 'home'), tmp: join(root, 'tmp') };
    for (const dir of [ctx.dirs.home, ctx.dirs.tmp]) await mkdir(dir, { recursive: true, mode: 0o700 });
    await log.line(bold(`Terrace runner: ${spec.runKind} ${spec.phase} of stack ${spec.stackName} (run ${spec.runId}, job ${spec.jobId})`));
    control.throwIfCanceled();
    ctx.iac = await resolveBinaries(ctx as Context);
    ctx.outcome.iacVersion = ctx.iac.binary.version;
    await gitClone(ctx as Context);
    await prepareEnvironment(ctx as Context);
    await init(ctx as Context);
    if (spec.phase === 'plan') await planPhase(ctx as Context);
    else if (spec.phase === 'apply') await applyPhase(ctx as Context);
    else await taskPhase(ctx as Context);
    await log.line(`\n${bold('\x1b[32mJob finished successfully')}`);
    return ctx.outcome;
  } catch (error) {
    return await failureOutcome(ctx as Context, error);
  } finally {
    signal.removeEventListener('abort', onAbort);
    options.force?.removeEventListener('abort', onForce);
    try {
      await log.drain();
    } catch {
      // the sink failed: the runner protocol reports that itself
    }
    if (root && !options.keepWorkDir) await rm(root, { recursive: true, force: true }).catch(() => undefined);
  }
}

function safeName(id: string): string {
  return id.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64) || 'job';
}

async function failureOutcome(ctx: Context, error: unknown): Promise<JobOutcome> {
  if (error instanceof JobCanceled) {
    await ctx.log.line(`\n${red(bold(error.message))}`).catch(() => undefined);
    return { ...ctx.outcome, status: 'canceled', error: error.message, ...(error.forced ? { killed: true } : {}) };
  }
  const cause = ctx.log.masker.maskText(error instanceof Error ? error.message : String(error));
  const exitCode = error instanceof JobFailure ? error.exitCode : undefined;
  await ctx.log.line(`\n${red(bold(`Error: ${cause}`))}`).catch(() => undefined);
  const outcome: JobOutcome = { ...ctx.outcome, status: 'failed', error: cause, ...(exitCode !== undefined ? { exitCode } : {}) };
  if (!ctx.initStarted) outcome.errorSummary = `${BEFORE_STEPS_SUMMARY}: ${cause}`;
  return outcome;
}

async function report(ctx: Context, key: StepKey, status: StepStatus, result?: StepResult): Promise<void> {
  ctx.stepsStarted = true;
  const masked = result ? (maskDeep(ctx, result) as StepResult) : undefined;
  const answer = await ctx.sink.step(key, status, masked);
  if (answer.signal === 'cancel') ctx.control.cancel();
  else if (answer.signal === 'force') ctx.control.force();
}

/** Every string of a step result with the secrets masked. */
function maskDeep(ctx: Context, value: unknown): unknown {
  if (typeof value === 'string') return ctx.log.masker.maskText(value);
  if (Array.isArray(value)) return value.map((v) => maskDeep(ctx, v));
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskDeep(ctx, v)]));
  return value;
}

/**
 * One step: reported inProgress, then with the status `work` gives; a failure is reported `failed`
 * (a canceled step too, with that as its reason) and ends the job.
 */
async function step(ctx: Context, key: StepKey, work: () => Promise<{ status: StepStatus; result?: StepResult }>): Promise<void> {
  ctx.control.throwIfCanceled();
  await report(ctx, key, 'inProgress');
  let outcome: { status: StepStatus; result?: StepResult };
  try {
    outcome = await work();
  } catch (error) {
    // A command or check that failed is 'failed'; only the unexpected is 'error'.
    const status: StepStatus = error instanceof JobCanceled || error instanceof JobFailure ? 'failed' : 'error';
    const message = error instanceof Error ? error.message : String(error);
    const tail = error instanceof StepFailure ? error.tail : undefined;
    await report(ctx, key, status, {
      status,
      ...(tail ? { stdOut: tail } : {}),
      stdErr: message,
    });
    throw error;
  }
  await report(ctx, key, outcome.status, { status: outcome.status, ...outcome.result });
  ctx.control.throwIfCanceled();
}

class StepFailure extends JobFailure {
  constructor(
    message: string,
    exitCode: number | undefined,
    readonly tail: string,
  ) {
    super(message, exitCode);
  }
}

// ─── binaries ─────────────────────────────────────────────────────────────────────────────────

async function resolveBinaries(ctx: Context): Promise<Context['iac']> {
  const { spec, log } = ctx;
  const lines: string[] = [];
  const options: IacBinaryOptions = { ...ctx.options.binaries, signal: ctx.options.binaries?.signal ?? ctx.signal, onLog: (line) => lines.push(line) };
  const flush = async () => {
    for (const line of lines.splice(0)) await log.line(dim(line));
  };
  try {
    const binary = await resolveIacBinary({ engine: spec.iac.engine, version: spec.iac.version }, options);
    await flush();
    await log.line(`Using ${binary.name} ${binary.version} (${binary.source === 'configured' ? 'provided by the runner' : binary.source === 'cache' ? 'cached, verified' : 'downloaded, verified'})`);
    let wrapped: ResolvedIacBinary | undefined;
    if (spec.iac.engine === 'terragrunt') {
      const inner = spec.iac.wrapped ?? { engine: 'opentofu' as const, version: 'LATEST' };
      wrapped = await resolveIacBinary(inner, options);
      await flush();
      await log.line(`Terragrunt runs ${wrapped.name} ${wrapped.version}`);
    }
    return { binary, wrapped };
  } catch (error) {
    await flush();
    throw error;
  }
}

// ─── git ──────────────────────────────────────────────────────────────────────────────────────

function gitCredentials(spec: JobSpec): GitCredentials | undefined {
  const c = spec.repository.credentials;
  if (!c) return undefined;
  if ('sshPrivateKey' in c) return { type: 'sshKey', privateKey: c.sshPrivateKey, ...(c.knownHosts ? { knownHosts: c.knownHosts } : {}) };
  if (!c.password) return undefined;
  return { type: 'basic', username: c.username || 'x-access-token', password: c.password };
}

async function gitClone(ctx: Context): Promise<void> {
  const { spec, log } = ctx;
  await step(ctx, 'gitClone', async () => {
    const { url, branch, commitSha } = spec.repository;
    await log.line(bold(`▶ git clone ${url} (branch ${branch}${commitSha ? `, commit ${commitSha}` : ''})`));
    const scratch = join(ctx.dirs.tmp, 'git');
    await mkdir(scratch, { recursive: true });
    const client = new GitClient({ workRoot: scratch, ...(ctx.options.gitTimeoutMs ? { timeoutMs: ctx.options.gitTimeoutMs } : {}) });
    const abort = new AbortController();
    const stopOnCancel = setInterval(() => ctx.control.canceled && abort.abort(), 200);
    let commit: string;
    try {
      commit = await client.checkout({ url, credentials: gitCredentials(spec) }, branch, ctx.dirs.src, { commit: commitSha, signal: abort.signal });
    } catch (error) {
      if (ctx.control.canceled) throw new JobCanceled(ctx.control.forced);
      if (error instanceof GitError) throw new JobFailure(`git clone failed (${error.kind}): ${error.message}`);
      throw error;
    } finally {
      clearInterval(stopOnCancel);
    }
    ctx.outcome.commitSha = commit;
    let path: string;
    try {
      path = normaliseRepositoryPath(spec.repository.path);
    } catch (error) {
      throw new JobFailure(`The stack path '${spec.repository.path}' is not valid: ${error instanceof Error ? error.message : String(error)}`);
    }
    ctx.stackDir = path === '' ? ctx.dirs.src : join(ctx.dirs.src, path);
    const isDir = await stat(ctx.stackDir).then(
      (s) => s.isDirectory(),
      () => false,
    );
    if (!isDir) throw new JobFailure(`The stack path '${path}' is not a directory of ${branch} at ${commit.slice(0, 12)}`);
    await log.line(`Checked out ${commit} ${path ? `(stack directory ${path})` : ''}`.trimEnd());
    return { status: 'succeeded', result: { stdOut: `Cloned ${url} ${branch} at ${commit}` } };
  });
}

// ─── environment, backend, variables ──────────────────────────────────────────────────────────

async function prepareEnvironment(ctx: Context): Promise<void> {
  const { spec, log } = ctx;
  const extra: Record<string, string> = {};
  if (ctx.iac.wrapped) {
    extra['TG_TF_PATH'] = ctx.iac.wrapped.path;
    extra['TERRAGRUNT_TFPATH'] = ctx.iac.wrapped.path;
    extra['TG_NON_INTERACTIVE'] = 'true';
    extra['TERRAGRUNT_NON_INTERACTIVE'] = 'true';
  }
  const { env, skipped } = jobEnvironment({
    spec,
    home: ctx.dirs.home,
    tmp: ctx.dirs.tmp,
    path: ctx.options.path ?? process.env['PATH'] ?? '/usr/local/bin:/usr/bin:/bin',
    pluginCacheDir: ctx.options.pluginCacheDir,
    runnerEnv: ctx.options.extraEnv,
    extra,
  });
  ctx.env = env;
  for (const name of skipped) await log.line(`\x1b[33mThe variable ${name} was not set: its name is not valid or is reserved by the runner\x1b[0m`);
  // The stack's "run all" setting: off, a terragrunt stack is its own directory only.
  if (spec.iac.engine === 'terragrunt' && spec.iac.runAll === true) await discoverUnits(ctx);
  if (spec.backend.kind === 'http') {
    const units = await writeBackendOverrides(ctx.stackDir, spec.backend, BACKEND_OVERRIDE_FILE, spec.iac.engine === 'terragrunt');
    await log.line(dim(`State: Terrace's HTTP backend (${BACKEND_OVERRIDE_FILE})${units.length > 1 ? `, one state per unit: ${units.map((u) => u || '.').join(', ')}` : ''}`));
  }
  for (const file of spec.varFiles) varFileArgument(ctx, file);
}

/** The units of a terragrunt stack: several (or one below the stack's directory) run as `terragrunt run --all` does. */
async function discoverUnits(ctx: Context): Promise<void> {
  let graph: TerragruntUnit[];
  try {
    graph = await terragruntUnitGraph(ctx.stackDir);
  } catch (error) {
    throw new JobFailure(error instanceof Error ? error.message : String(error));
  }
  if (graph.length === 0 || (graph.length === 1 && graph[0]?.name === '')) return;
  ctx.units = graph;
  await ctx.log.line(`Terragrunt stack of ${graph.length} unit(s), run in dependency order (destroy: reversed):`);
  for (const unit of graph) {
    const after = unit.dependsOn.length ? ` (after ${unit.dependsOn.map(unitLabel).join(', ')})` : '';
    const external = unit.external.length ? dim(` reads outputs of ${unit.external.join(', ')}, outside the stack`) : '';
    await ctx.log.line(`  ${unitLabel(unit.name)}${after}${external}`);
  }
}

/** `-var-file=<path>` for a repository variable file, which must stay inside the checkout. */
function varFileArgument(ctx: Context, file: string): string {
  const full = resolve(ctx.stackDir, file);
  if (full !== ctx.dirs.src && !full.startsWith(`${ctx.dirs.src}${sep}`)) {
    throw new JobFailure(`The variable file '${file}' is outside the repository`);
  }
  return `-var-file=${full}`;
}

function varFileArguments(ctx: Context): string[] {
  return ctx.spec.varFiles.map((f) => varFileArgument(ctx, f));
}

// ─── commands ─────────────────────────────────────────────────────────────────────────────────

interface IacOptions {
  captureStdout?: boolean;
  /** The directory it runs in (a unit's; default: the stack's). */
  cwd?: string;
  env?: Record<string, string>;
}

/** Runs an IaC command (through terragrunt when the stack uses it). */
async function iac(ctx: Context, args: string[], options: IacOptions = {}): Promise<CommandOutcome> {
  const { binary } = ctx.iac;
  let argv = args;
  if (binary.name === 'terragrunt') {
    // Terragrunt 0.73 introduced `run -- <command>`; 0.88 stopped forwarding unknown commands.
    argv = compareVersions(binary.version, '0.73.0') >= 0 ? ['run', '--', ...args] : args;
  }
  const shown = ctx.iac.wrapped ? `terragrunt ${argv.join(' ')}` : `${binary.name} ${argv.join(' ')}`;
  await ctx.log.line(`\n${bold(`▶ ${shown.replaceAll(ctx.dirs.root + sep, '')}`)}`);
  const outcome = await runCommand(binary.path, argv, {
    cwd: options.cwd ?? ctx.stackDir,
    env: { ...ctx.env, ...options.env },
    log: ctx.log,
    control: ctx.control,
    captureStdout: options.captureStdout ?? false,
  });
  if (ctx.control.canceled) throw new JobCanceled(ctx.control.forced);
  if (outcome.startError) throw new JobFailure(`${binary.name} could not be started: ${outcome.startError}`);
  return outcome;
}

function expectSuccess(outcome: CommandOutcome, what: string, accepted: number[] = [0]): void {
  if (outcome.exitCode !== null && accepted.includes(outcome.exitCode)) return;
  const how = outcome.exitCode === null ? `was stopped by ${outcome.signal}` : `exited with code ${outcome.exitCode}`;
  throw new StepFailure(`${what} ${how}`, outcome.exitCode ?? undefined, outcome.tail);
}

// ─── terragrunt units (`terragrunt run --all`) ────────────────────────────────────────────────

function unitDir(ctx: Context, unit: TerragruntUnit): string {
  return unit.name ? join(ctx.stackDir, ...unit.name.split('/')) : ctx.stackDir;
}

/** A unit's file in the job's tmp directory (saved plans). */
function unitTmpFile(ctx: Context, unit: TerragruntUnit, suffix: string): string {
  return join(ctx.dirs.tmp, 'units', `${(ctx.units ?? []).indexOf(unit)}-${safeName(unit.name) || 'root'}${suffix}`);
}

/**
 * Runs `work` in each unit as `terragrunt run --all` does: in dependency order (`reverse`: dependents
 * first, for destroy), each unit's output between its own header and footer in the log. A unit that
 * fails does not stop the units independent of it; the units depending on it (`reverse`: the units
 * it depends on) are not run. Fails afterwards naming the failed units and those left out.
 */
async function eachUnit(ctx: Context, what: { verb: string; done: string }, reverse: boolean, work: (unit: TerragruntUnit, dir: string) => Promise<string>): Promise<void> {
  const all = ctx.units ?? [];
  const units = reverse ? [...all].reverse() : all;
  const failed = new Map<string, StepFailure | JobFailure>();
  const left: string[] = [];
  for (const [index, unit] of units.entries()) {
    const label = unitLabel(unit.name);
    await ctx.log.line(`\n${bold(cyan(`━━━━ Unit ${label} (${index + 1}/${units.length}): ${what.verb} ━━━━`))}`);
    const blockers = reverse ? all.filter((u) => u.dependsOn.includes(unit.name)).map((u) => u.name) : unit.dependsOn;
    const blocked = blockers.filter((b) => failed.has(b) || left.includes(b));
    if (blocked.length) {
      left.push(unit.name);
      await ctx.log.line(yellow(`━━━━ Unit ${label}: not ${what.done}, ${reverse ? 'units depending on it' : 'it depends on'} ${blocked.map(unitLabel).join(', ')}, which did not succeed ━━━━`));
      continue;
    }
    ctx.control.throwIfCanceled();
    try {
      const result = await work(unit, unitDir(ctx, unit));
      await ctx.log.line(bold(cyan(`━━━━ Unit ${label}: ${result} ━━━━`)));
    } catch (error) {
      if (!(error instanceof JobFailure)) throw error;
      failed.set(unit.name, error);
      await ctx.log.line(red(bold(`━━━━ Unit ${label} failed: ${error.message} ━━━━`)));
    }
  }
  if (failed.size === 0) return;
  const errors = [...failed].map(([name, error]) => `unit ${unitLabel(name)}: ${error.message}`).join('; ');
  const message = `${errors.charAt(0).toUpperCase()}${errors.slice(1)}${left.length ? `; not ${what.done} as a unit it needs failed: ${left.map(unitLabel).join(', ')}` : ''}`;
  const first = [...failed.values()][0];
  throw new StepFailure(message, first?.exitCode, first instanceof StepFailure ? first.tail : '');
}

/** A unit's resource change: its address (and a replacement's) prefixed with the unit, which it names. */
function inUnit(unit: TerragruntUnit, change: ResourceChange): ResourceChange {
  return { ...change, address: `${unitLabel(unit.name)}:${change.address}`, unit: unit.name };
}

interface PlannedUnit {
  unit: TerragruntUnit;
  read: ReadPlan;
  plan: Record<string, unknown>;
  planFile: string;
  hasChanges: boolean;
}

/**
 * The units' plans as one: terraform's JSON plan shape (format_version 1.2) with every unit's
 * resource changes, drift and output changes, addresses prefixed `<unit>:` and a `unit` field, so
 * control policies and the plan viewer read all units at once; `terragrunt_units` says what each planned.
 */
function combinedPlanJson(planned: PlannedUnit[]): Record<string, unknown> {
  const prefixed = (unit: TerragruntUnit, list: unknown) =>
    Array.isArray(list) ? list.map((rc: Record<string, unknown>) => ({ ...rc, address: `${unitLabel(unit.name)}:${String(rc['address'])}`, unit: unit.name })) : [];
  const first = planned[0]?.plan ?? {};
  return {
    format_version: first['format_version'] ?? '1.2',
    ...(first['terraform_version'] ? { terraform_version: first['terraform_version'] } : {}),
    resource_drift: planned.flatMap((p) => prefixed(p.unit, p.plan['resource_drift'])),
    resource_changes: planned.flatMap((p) => prefixed(p.unit, p.plan['resource_changes'])),
    output_changes: Object.fromEntries(
      planned.flatMap((p) => Object.entries((p.plan['output_changes'] as Record<string, unknown> | undefined) ?? {}).map(([name, change]) => [`${unitLabel(p.unit.name)}:${name}`, change])),
    ),
    applyable: planned.some((p) => p.plan['applyable'] === true),
    complete: planned.every((p) => p.plan['complete'] !== false),
    errored: planned.some((p) => p.plan['errored'] === true),
    terragrunt_units: planned.map((p) => ({ unit: p.unit.name, depends_on: p.unit.dependsOn, has_changes: p.hasChanges, summary: p.read.summary })),
  };
}

const planCounts = (s: ReadPlan['summary']) => `${s.add} to add, ${s.change} to change, ${s.destroy} to destroy${s.replace ? ` (${s.replace} replaced)` : ''}`;

interface Planned {
  read: ReadPlan;
  text: string;
  planFile: string;
  tail: string;
}

/** plan + show -json in the stack's directory. */
async function planDirectory(ctx: Context, args: (out: string) => string[], planPath: string): Promise<Planned> {
  const outcome = await iac(ctx, args(planPath));
  expectSuccess(outcome, 'plan', [0, 2]);
  const shown = await iac(ctx, ['show', '-json', planPath], { captureStdout: true });
  expectSuccess(shown, 'show -json');
  const text = shown.stdout.toString('utf8');
  return { read: readPlanJson(text, outcome.exitCode === 2), text, planFile: (await readFile(planPath)).toString('base64'), tail: outcome.tail };
}

/** plan + show -json in each unit (`terragrunt run --all plan`), summed up. */
async function planUnits(ctx: Context, args: (out: string) => string[], destroy: boolean): Promise<Planned> {
  const planned: PlannedUnit[] = [];
  let tail = '';
  await mkdir(join(ctx.dirs.tmp, 'units'), { recursive: true, mode: 0o700 });
  await eachUnit(ctx, { verb: 'plan', done: 'planned' }, destroy, async (unit, dir) => {
    const planPath = unitTmpFile(ctx, unit, '.plan');
    const outcome = await iac(ctx, args(planPath), { cwd: dir });
    expectSuccess(outcome, 'plan', [0, 2]);
    const shown = await iac(ctx, ['show', '-json', planPath], { captureStdout: true, cwd: dir });
    expectSuccess(shown, 'show -json');
    const text = shown.stdout.toString('utf8');
    const read = readPlanJson(text, outcome.exitCode === 2);
    planned.push({ unit, read, plan: JSON.parse(text) as Record<string, unknown>, planFile: (await readFile(planPath)).toString('base64'), hasChanges: outcome.exitCode === 2 });
    tail = outcome.tail;
    return read.summary.hasChanges ? `Plan: ${planCounts(read.summary)}` : 'no changes';
  });
  const read = summarisePlan(
    planned.flatMap((p) => p.read.resourceChanges.map((c) => inUnit(p.unit, c))),
    planned.flatMap((p) => p.read.resourceDrift.map((c) => inUnit(p.unit, c))),
    planned.flatMap((p) => p.read.outputChanges.map((name) => `${unitLabel(p.unit.name)}:${name}`)),
    planned.some((p) => p.hasChanges),
  );
  return {
    read,
    text: JSON.stringify(combinedPlanJson(planned)),
    planFile: packUnitFiles(planned.map((p) => ({ unit: p.unit.name, content: p.planFile, hasChanges: p.hasChanges }))),
    tail,
  };
}

async function hooks(ctx: Context, key: 'beforeInit' | 'afterInit' | 'beforePlan' | 'afterPlan' | 'beforeApply' | 'afterApply', extraEnv: Record<string, string> = {}): Promise<void> {
  const list = ctx.spec.hooks[key];
  if (list.length === 0) return;
  await step(ctx, `customFlow.${key}`, async () => {
    let tail = '';
    for (const argv of list) {
      const [command, ...args] = argv;
      if (!command) throw new StepFailure('A custom flow command is empty', undefined, '');
      await ctx.log.line(`\n${bold(`▶ ${argv.join(' ')}`)}`);
      const outcome = await runCommand(command, args, {
        cwd: ctx.stackDir,
        env: {
          ...ctx.env,
          TERRACE_RUN_ID: ctx.spec.runId,
          TERRACE_JOB_ID: ctx.spec.jobId,
          TERRACE_STACK_ID: ctx.spec.stackId,
          TERRACE_STACK_NAME: ctx.spec.stackName,
          TERRACE_RUN_KIND: ctx.spec.runKind,
          TERRACE_PHASE: ctx.spec.phase,
          ...(ctx.outcome.commitSha ? { TERRACE_COMMIT_SHA: ctx.outcome.commitSha } : {}),
          ...extraEnv,
        },
        log: ctx.log,
        control: ctx.control,
      });
      if (ctx.control.canceled) throw new JobCanceled(ctx.control.forced);
      if (outcome.startError) throw new StepFailure(`'${command}' could not be started: ${outcome.startError}`, undefined, '');
      expectSuccess(outcome, `'${argv.join(' ')}'`);
      tail = outcome.tail;
    }
    return { status: 'succeeded', result: { stdOut: tail } };
  });
}

async function init(ctx: Context): Promise<void> {
  ctx.initStarted = true;
  await hooks(ctx, 'beforeInit');
  const savedLock = ctx.spec.phase === 'apply' ? ctx.spec.lockFile : undefined;
  if (savedLock && !ctx.units) {
    await writeFile(join(ctx.stackDir, '.terraform.lock.hcl'), Buffer.from(savedLock, 'base64'));
  }
  await step(ctx, 'terraformInit', async () => {
    if (ctx.units) {
      // Each unit's .terraform.lock.hcl: the plan phase's, back to the apply phase (one artifact).
      const locks = savedLock ? (unpackUnitFiles(savedLock) ?? []) : [];
      const written: UnitFile[] = [];
      let tail = '';
      await eachUnit(ctx, { verb: 'init', done: 'initialised' }, false, async (unit, dir) => {
        const lock = locks.find((l) => l.unit === unit.name);
        if (lock) await writeFile(join(dir, '.terraform.lock.hcl'), Buffer.from(lock.content, 'base64'));
        const outcome = await iac(ctx, ['init', '-input=false'], { cwd: dir });
        expectSuccess(outcome, 'init');
        tail = outcome.tail;
        const file = await readFile(join(dir, '.terraform.lock.hcl')).catch(() => null);
        if (file) written.push({ unit: unit.name, content: file.toString('base64') });
        return 'initialised';
      });
      if (written.length) ctx.outcome.lockFile = packUnitFiles(written);
      return { status: 'succeeded', result: { stdOut: tail } };
    }
    const outcome = await iac(ctx, ['init', '-input=false']);
    expectSuccess(outcome, 'init');
    const lockFile = await readFile(join(ctx.stackDir, '.terraform.lock.hcl')).catch(() => null);
    if (lockFile) ctx.outcome.lockFile = lockFile.toString('base64');
    return { status: 'succeeded', result: { stdOut: outcome.tail } };
  });
  await hooks(ctx, 'afterInit');
}

async function findOnPath(ctx: Context, name: string): Promise<string | null> {
  for (const dir of (ctx.env['PATH'] ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, name);
    try {
      await access(candidate, constants.X_OK);
      if ((await stat(candidate)).isFile()) return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

/** An optional tool's step: skipped with the reason when the tool is not installed. */
async function optionalTool(ctx: Context, key: StepKey, tool: string, work: (path: string) => Promise<{ status: StepStatus; result?: StepResult }>): Promise<void> {
  const path = await findOnPath(ctx, tool);
  if (!path) {
    const reason = `${tool} is not installed on this runner`;
    await ctx.log.line(dim(`\n${reason}: step ${key} skipped`));
    await report(ctx, key, 'skipped', { status: 'skipped', skippedReason: reason });
    return;
  }
  await step(ctx, key, async () => {
    try {
      return await work(path);
    } catch (error) {
      // Linters and scanners advise; their failure does not stop the run.
      if (error instanceof JobCanceled) throw error;
      const message = error instanceof Error ? error.message : String(error);
      await ctx.log.line(`\x1b[33m${tool}: ${message}\x1b[0m`);
      return { status: 'failed', result: { stdErr: message, ...(error instanceof StepFailure ? { stdOut: error.tail } : {}) } };
    }
  });
}

async function tool(ctx: Context, path: string, args: string[], capture = false): Promise<CommandOutcome> {
  await ctx.log.line(`\n${bold(`▶ ${path.split(sep).pop()} ${args.join(' ')}`.replaceAll(ctx.dirs.root + sep, ''))}`);
  const outcome = await runCommand(path, args, { cwd: ctx.stackDir, env: ctx.env, log: ctx.log, control: ctx.control, captureStdout: capture });
  if (ctx.control.canceled) throw new JobCanceled(ctx.control.forced);
  if (outcome.startError) throw new StepFailure(`could not be started: ${outcome.startError}`, undefined, '');
  return outcome;
}

async function lintAndScan(ctx: Context): Promise<void> {
  await optionalTool(ctx, 'tfLint', 'tflint', async (path) => {
    const outcome = await tool(ctx, path, []);
    // tflint: 0 = no issues; otherwise issues were found, or it failed.
    if (outcome.exitCode === 0) return { status: 'succeeded', result: { stdOut: outcome.tail } };
    if (/issue\(s\) found/.test(outcome.tail)) return { status: 'issuesFound', result: { stdOut: outcome.tail } };
    return { status: 'failed', result: { stdOut: outcome.tail } };
  });
  await optionalTool(ctx, 'tfSec', 'tfsec', async (path) => {
    const outcome = await tool(ctx, path, ['.', '--format', 'json', '--soft-fail', '--no-color'], true);
    expectSuccess(outcome, 'tfsec');
    const parsed = JSON.parse(outcome.stdout.toString('utf8') || '{}') as {
      results?: { severity?: string; description?: string; rule_description?: string; resource?: string; resolution?: string }[] | null;
    };
    const findings = (parsed.results ?? []).map((r) => ({
      ...(r.severity ? { severity: r.severity } : {}),
      description: r.description ?? r.rule_description ?? '',
      ...(r.resource ? { resource: r.resource } : {}),
      ...(r.resolution ? { resolution: r.resolution } : {}),
    }));
    await ctx.log.line(findings.length === 0 ? 'tfsec: no problems detected' : `\x1b[33mtfsec: ${findings.length} problem(s) detected\x1b[0m`);
    for (const f of findings.slice(0, 100)) await ctx.log.line(`  [${f.severity ?? '?'}] ${f.resource ?? ''} ${f.description}`);
    return findings.length === 0 ? { status: 'succeeded' } : { status: 'issuesFound', result: { failedTfSecChecks: findings } };
  });
}

// ─── phases ───────────────────────────────────────────────────────────────────────────────────

function planOptions(spec: JobSpec) {
  const p = spec.plan;
  return {
    destroy: p?.destroy ?? spec.runKind === 'destroy',
    refreshOnly: p?.refreshOnly ?? false,
    lock: p?.lock ?? !(spec.runKind === 'plan' || spec.runKind === 'drift'),
    targets: p?.targets ?? [],
    replace: p?.replace ?? [],
  };
}

async function planPhase(ctx: Context): Promise<void> {
  await lintAndScan(ctx);
  await hooks(ctx, 'beforePlan');
  const planPath = join(ctx.dirs.tmp, 'plan.bin');
  const planJsonPath = join(ctx.dirs.tmp, 'plan.json');
  const o = planOptions(ctx.spec);
  let monthlyCostDiff: number | undefined;
  await step(ctx, 'terraformPlan', async () => {
    const args = (out: string) => {
      const list = ['plan', '-input=false', `-out=${out}`, '-detailed-exitcode'];
      if (!o.lock) list.push('-lock=false');
      if (o.destroy) list.push('-destroy');
      if (o.refreshOnly) list.push('-refresh-only');
      for (const t of o.targets) list.push(`-target=${t}`);
      for (const r of o.replace) list.push(`-replace=${r}`);
      list.push(...varFileArguments(ctx));
      return list;
    };
    const planned = ctx.units ? await planUnits(ctx, args, o.destroy) : await planDirectory(ctx, args, planPath);
    const { read, text } = planned;
    await writeFile(planJsonPath, text, { mode: 0o600 });
    if (ctx.units) await writeFile(planPath, Buffer.from(planned.planFile, 'base64'), { mode: 0o600 });
    Object.assign(ctx.outcome, {
      planSummary: read.summary,
      resourceChanges: read.resourceChanges,
      resourceDrift: read.resourceDrift,
      outputChanges: read.outputChanges,
      planFile: planned.planFile,
      planJson: text,
    } satisfies Partial<JobOutcome>);
    await ctx.log.line(dim(`Plan summary${ctx.units ? ` of ${ctx.units.length} units` : ''}: ${planCounts(read.summary)}${read.resourceDrift.length ? `; ${read.resourceDrift.length} changed outside of ${ctx.iac.wrapped?.name ?? ctx.iac.binary.name}` : ''}`));
    return { status: 'succeeded', result: { stdOut: planned.tail, summary: read.specSummary } };
  });
  await hooks(ctx, 'afterPlan', { TERRACE_PLAN_JSON: planJsonPath, TERRACE_PLAN_FILE: planPath });
  await optionalTool(ctx, 'infracost', 'infracost', async (path) => {
    const costFile = join(ctx.dirs.tmp, 'infracost.json');
    const breakdown = await tool(ctx, path, ['breakdown', '--path', planJsonPath, '--format', 'json', '--out-file', costFile]);
    expectSuccess(breakdown, 'infracost breakdown');
    const diff = await tool(ctx, path, ['output', '--path', costFile, '--format', 'diff', '--no-color'], true);
    expectSuccess(diff, 'infracost output');
    const cost = JSON.parse(await readFile(costFile, 'utf8')) as { diffTotalMonthlyCost?: string | number | null };
    const monthly = cost.diffTotalMonthlyCost === undefined || cost.diffTotalMonthlyCost === null ? undefined : Number(cost.diffTotalMonthlyCost);
    const text = diff.stdout.toString('utf8');
    await ctx.log.write(Buffer.from(text));
    if (monthly !== undefined && Number.isFinite(monthly)) monthlyCostDiff = monthly;
    return { status: 'succeeded', result: { diffOutput: text, ...(monthly !== undefined && Number.isFinite(monthly) ? { monthlyCostDiff: monthly } : {}) } };
  });
  const policies = ctx.spec.controlPolicies;
  // A plan without changes has nothing to check: the server skips the step.
  if (policies?.policies.length && ctx.outcome.planSummary?.hasChanges && ctx.outcome.planJson) {
    const plan = JSON.parse(ctx.outcome.planJson) as unknown;
    await step(ctx, 'controlPolicies', async () => {
      // opa is looked up on the runner's PATH for tools (not the job's environment, which users set).
      const opa = { ...ctx.options.opa, ...(!ctx.options.opa?.env && ctx.options.path ? { env: { ...process.env, PATH: ctx.options.path } } : {}) };
      const checked = await controlPoliciesStep({ policies, plan, monthlyCostDiff, opa, log: (line) => ctx.log.line(line) });
      ctx.outcome.controlPolicyResults = maskDeep(ctx, checked.results) as typeof checked.results;
      return { status: checked.status, result: checked.result };
    });
  }
}

async function applyPhase(ctx: Context): Promise<void> {
  if (!ctx.spec.planFile) throw new JobFailure('The apply job has no saved plan (spec.planFile) to apply');
  const planPath = join(ctx.dirs.tmp, 'plan.bin');
  await writeFile(planPath, Buffer.from(ctx.spec.planFile, 'base64'), { mode: 0o600 });
  const units = ctx.units;
  const plans = units ? unpackUnitFiles(ctx.spec.planFile) : null;
  if (units && !plans) throw new JobFailure('The saved plan is of one root module, but the stack now has several terragrunt units: plan again');
  await hooks(ctx, 'beforeApply');
  await step(ctx, 'terraformApply', async () => {
    if (units && plans) {
      let tail = '';
      await mkdir(join(ctx.dirs.tmp, 'units'), { recursive: true, mode: 0o700 });
      await eachUnit(ctx, { verb: 'apply', done: 'applied' }, planOptions(ctx.spec).destroy, async (unit, dir) => {
        const saved = plans.find((p) => p.unit === unit.name);
        if (!saved) throw new JobFailure('it has no saved plan (it was not a unit of the stack when the plan was made): plan again');
        if (saved.hasChanges === false) return 'no changes, nothing to apply';
        const unitPlan = unitTmpFile(ctx, unit, '.plan');
        await writeFile(unitPlan, Buffer.from(saved.content, 'base64'), { mode: 0o600 });
        const outcome = await iac(ctx, ['apply', '-input=false', unitPlan], { cwd: dir });
        expectSuccess(outcome, 'apply');
        tail = outcome.tail;
        return 'applied';
      });
      return { status: 'succeeded', result: { stdOut: tail } };
    }
    const outcome = await iac(ctx, ['apply', '-input=false', planPath]);
    expectSuccess(outcome, 'apply');
    return { status: 'succeeded', result: { stdOut: outcome.tail } };
  });
  await hooks(ctx, 'afterApply');
  if (units && planOptions(ctx.spec).destroy) {
    // As after `terragrunt run --all destroy`: a unit's outputs could only be read through the
    // outputs of units destroyed before it.
    const reason = 'The units were destroyed: they have no outputs';
    await ctx.log.line(dim(`\n${reason}`));
    await report(ctx, 'outputs', 'skipped', { status: 'skipped', skippedReason: reason });
    ctx.outcome.outputs = [];
  } else {
    await readOutputs(ctx);
  }
}

async function readOutputs(ctx: Context): Promise<void> {
  await step(ctx, 'outputs', async () => {
    let outputs: JobOutput[] = [];
    if (ctx.units) {
      // Each unit's outputs, named `<unit>:<name>`.
      await eachUnit(ctx, { verb: 'outputs', done: 'read' }, false, async (unit, dir) => {
        const outcome = await iac(ctx, ['output', '-json'], { captureStdout: true, cwd: dir });
        expectSuccess(outcome, 'output -json');
        const read = readOutputsJson(outcome.stdout.toString('utf8'));
        outputs.push(...read.map((o) => ({ ...o, name: `${unitLabel(unit.name)}:${o.name}`, unit: unit.name })));
        return `${read.length} output(s)`;
      });
    } else {
      const outcome = await iac(ctx, ['output', '-json'], { captureStdout: true });
      expectSuccess(outcome, 'output -json');
      outputs = readOutputsJson(outcome.stdout.toString('utf8'));
    }
    ctx.outcome.outputs = outputs;
    for (const o of outputs) {
      await ctx.log.line(`  ${o.name}${o.sensitive ? ' (sensitive)' : ''}: ${o.sensitive ? '<sensitive>' : JSON.stringify(o.value)}`);
    }
    return { status: 'succeeded', result: { stdOut: `${outputs.length} output(s): ${outputs.map((o) => o.name).join(', ')}` } };
  });
}

/** An address or lock id from the spec goes on a command line: it must not pass for an option. */
function argument(value: string, what: string): string {
  if (value.length === 0 || value.startsWith('-') || /[\0\n\r]/.test(value)) throw new JobFailure(`The ${what} '${value.slice(0, 100)}' is not valid`);
  return value;
}

async function taskPhase(ctx: Context): Promise<void> {
  const task = ctx.spec.task;
  if (!task) throw new JobFailure('The task job has no task');
  await step(ctx, 'taskExecution', async () => {
    let last: CommandOutcome | null = null;
    const run = async (args: string[], accepted = [0], cwd?: string) => {
      last = await iac(ctx, args, cwd ? { cwd } : {});
      expectSuccess(last, args[0] === 'state' ? 'state rm' : (args[0] ?? ''), accepted);
    };
    if (ctx.units) await unitTask(ctx, task, run);
    else await stackTask(ctx, task, run);
    const tail = (last as CommandOutcome | null)?.tail ?? '';
    return { status: 'succeeded', result: { stdOut: tail } };
  });
}

type TaskRun = (args: string[], accepted?: number[], cwd?: string) => Promise<void>;

/** The commands of a task, in one directory (the stack's, or a unit's). */
async function stackTask(ctx: Context, task: NonNullable<JobSpec['task']>, run: TaskRun, cwd?: string, addresses = task.addresses, resources = task.resources): Promise<void> {
  switch (task.kind) {
    case 'releaseStateLock':
      await run(['force-unlock', '-force', argument(task.lockId ?? '', 'lock id')], [0], cwd);
      break;
    case 'taint':
    case 'untaint':
      if (!addresses?.length) throw new StepFailure('No resource address was given', undefined, '');
      for (const address of addresses) await run([task.kind, argument(address, 'resource address')], [0], cwd);
      break;
    case 'remove':
      if (!addresses?.length) throw new StepFailure('No resource address was given', undefined, '');
      await run(['state', 'rm', ...addresses.map((a) => argument(a, 'resource address'))], [0], cwd);
      break;
    case 'import':
      if (!resources?.length) throw new StepFailure('No resource to import was given', undefined, '');
      for (const r of resources) {
        await run(['import', '-input=false', ...varFileArguments(ctx), argument(r.address, 'resource address'), argument(r.id, 'import id')], [0], cwd);
      }
      break;
    case 'refreshState':
      if (task.refreshMode === 'apply') await run(['apply', '-refresh-only', '-auto-approve', '-input=false', ...varFileArguments(ctx)], [0], cwd);
      else await run(['plan', '-refresh-only', '-input=false', '-detailed-exitcode', ...varFileArguments(ctx)], [0, 2], cwd);
      break;
  }
}

/**
 * A task on a stack of several units: a refresh runs in every unit; resource tasks in the unit each
 * address names (`<unit>:<address>`, as the plan shows them). A unit's state lock is its own and
 * the lock id does not say whose: the server names the units whose state it holds locked with it
 * (`lockedUnits`), and the lock is released in each of them.
 */
async function unitTask(ctx: Context, task: NonNullable<JobSpec['task']>, run: TaskRun): Promise<void> {
  const units = ctx.units ?? [];
  if (task.kind === 'releaseStateLock') {
    if (!task.lockedUnits) {
      throw new StepFailure("A terragrunt stack of several units has a state lock per unit, and the server did not say which unit's state holds this one", undefined, '');
    }
    if (task.lockedUnits.length === 0) await ctx.log.line(`No state of the stack's units is locked with ID ${task.lockId ?? ''}: nothing to release`);
    for (const name of task.lockedUnits) {
      const unit = units.find((u) => u.name === name);
      if (!unit) throw new StepFailure(`The state locked with ID ${task.lockId ?? ''} is of '${unitLabel(name)}', which is not a unit of the stack`, undefined, '');
      await ctx.log.line(`\n${bold(cyan(`━━━━ Unit ${unitLabel(unit.name)}: ${task.kind} ━━━━`))}`);
      await stackTask(ctx, task, run, unitDir(ctx, unit));
    }
    return;
  }
  if (task.kind === 'refreshState') {
    await eachUnit(ctx, { verb: 'refresh', done: 'refreshed' }, false, async (_unit, dir) => {
      await stackTask(ctx, task, run, dir);
      return 'refreshed';
    });
    return;
  }
  const byUnit = new Map<TerragruntUnit, { addresses: string[]; resources: { address: string; id: string }[] }>();
  const split = (address: string) => {
    const at = address.indexOf(':');
    const unit = units.find((u) => unitLabel(u.name) === address.slice(0, at));
    if (at < 0 || !unit) {
      throw new StepFailure(`The address '${address.slice(0, 200)}' names no unit of the stack: write it <unit>:<address> (units: ${units.map((u) => unitLabel(u.name)).join(', ')})`, undefined, '');
    }
    const entry = byUnit.get(unit) ?? { addresses: [], resources: [] };
    byUnit.set(unit, entry);
    return { entry, address: address.slice(at + 1) };
  };
  for (const address of task.addresses ?? []) {
    const { entry, address: inUnitAddress } = split(address);
    entry.addresses.push(inUnitAddress);
  }
  for (const r of task.resources ?? []) {
    const { entry, address } = split(r.address);
    entry.resources.push({ address, id: r.id });
  }
  if (byUnit.size === 0) throw new StepFailure(task.kind === 'import' ? 'No resource to import was given' : 'No resource address was given', undefined, '');
  for (const unit of units.filter((u) => byUnit.has(u))) {
    const entry = byUnit.get(unit);
    await ctx.log.line(`\n${bold(cyan(`━━━━ Unit ${unitLabel(unit.name)}: ${task.kind} ━━━━`))}`);
    await stackTask(ctx, task, run, unitDir(ctx, unit), entry?.addresses, entry?.resources);
  }
}
