// @ts-check
// The IaC stand-in: answers as `terraform`, `tofu` or `terragrunt` (by the name it was run as)
// closely enough that the runner cannot tell. See ../README.md for the commands, formats and the
// TERRACE_STANDIN_* knobs tests use.
import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { BackendError, StateStore, backendFingerprint, effectiveBackend, rememberBackend, rememberedBackend } from './backend.mjs';
import { ConfigError, UNKNOWN, evaluate, loadModule, resolveVariables } from './config.mjs';
import { buildState, instancesOf, makePlan, planJson, providerAddress, readCloud, writeCloud } from './plan.mjs';
import { renderOutputs, renderPlan } from './render.mjs';
import { Ui } from './ui.mjs';

const defaults = { terraform: '1.9.5', tofu: '1.8.3', terragrunt: '0.67.16' };
const planMagic = 'TERRACE-STANDIN-PLANFILE v1\n';

/** @param {'terraform' | 'tofu' | 'terragrunt'} name */
function versionOf(name) {
  if (process.env['TERRACE_STANDIN_VERSION']) return process.env['TERRACE_STANDIN_VERSION'];
  // Installed as <dir>/<version>/<name> (a versioned layout of binaries): the directory names it.
  const parent = basename(dirname(process.argv[1] ?? ''));
  if (/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/.test(parent)) return parent;
  return defaults[name];
}

function platform() {
  const arch = process.arch === 'x64' ? 'amd64' : process.arch;
  return `${process.platform}_${arch}`;
}

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

class Exit extends Error {
  /** @param {number} code */
  constructor(code) {
    super(`exit ${code}`);
    this.code = code;
  }
}

/**
 * Terraform's flag syntax (Go's flag package): -name=value, -name value, -bool, --name too.
 * @param {string[]} args
 * @param {Set<string>} valued flags that take a value
 */
function parseFlags(args, valued) {
  /** @type {Map<string, string[]>} */
  const flags = new Map();
  /** @type {string[]} */
  const rest = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (!arg.startsWith('-') || arg === '-' || rest.length > 0) {
      rest.push(arg);
      continue;
    }
    const body = arg.replace(/^--?/, '');
    const eq = body.indexOf('=');
    const name = eq < 0 ? body : body.slice(0, eq);
    let value = eq < 0 ? 'true' : body.slice(eq + 1);
    if (eq < 0 && valued.has(name)) {
      value = args[i + 1] ?? '';
      i++;
    }
    flags.set(name, [...(flags.get(name) ?? []), value]);
  }
  const one = (/** @type {string} */ name) => flags.get(name)?.at(-1);
  const bool = (/** @type {string} */ name, /** @type {boolean} */ fallback) => {
    const v = one(name);
    return v === undefined ? fallback : v !== 'false' && v !== '0';
  };
  return { flags, rest, one, bool, all: (/** @type {string} */ name) => flags.get(name) ?? [] };
}

/**
 * Knobs from a `standin.env` file (TERRACE_STANDIN_*=value lines) in the directory the stand-in was
 * run from or one of its three parents: a runner scrubs its jobs' environment, so tests that drive
 * a real runner set knobs there (next to TERRACE_IAC_BIN_DIR's binaries). The environment wins.
 */
function loadKnobFile() {
  let dir = dirname(process.argv[1] ?? '');
  for (let i = 0; i < 4; i++) {
    const file = join(dir, 'standin.env');
    if (existsSync(file)) {
      for (const line of readFileSync(file, 'utf8').split('\n')) {
        const m = /^(TERRACE_STANDIN_[A-Z_]+)=(.*)$/.exec(line.trim());
        if (m?.[1] && process.env[m[1]] === undefined) process.env[m[1]] = m[2] ?? '';
      }
      return;
    }
    dir = dirname(dir);
  }
}

/**
 * TERRACE_STANDIN_HOLD_DIR (+ TERRACE_STANDIN_HOLD_AT, default plan,apply,output): at its hold point
 * the command writes `<dir>/<command>.held` (its pid) and waits until `<dir>/<command>.release`
 * exists, so a test can kill the runner or the server at that moment (plan: state read and locked;
 * apply: the first resource started; output: after the apply, as the job finishes).
 */
async function maybeHold(/** @type {string} */ command) {
  const dir = process.env['TERRACE_STANDIN_HOLD_DIR'];
  const at = (process.env['TERRACE_STANDIN_HOLD_AT'] ?? 'plan,apply,output').split(',');
  if (!dir || !at.includes(command)) return;
  const release = join(dir, `${command}.release`);
  if (existsSync(release)) return;
  writeFileSync(join(dir, `${command}.held`), String(process.pid));
  while (!existsSync(release)) await sleep(100);
}

export async function main(/** @type {'terraform' | 'tofu' | 'terragrunt'} */ name) {
  loadKnobFile();
  const args = process.argv.slice(2);
  const version = versionOf(name);
  log(name, version, args);
  if (name === 'terragrunt') return terragrunt(args, version);
  // TERRACE_STANDIN_FAIL_IN=<dir>: the simulated failures happen only in that directory (one unit of several).
  const failIn = process.env['TERRACE_STANDIN_FAIL_IN'];
  if (failIn && !`${process.cwd()}/`.endsWith(`/${failIn.replace(/^\/+|\/+$/g, '')}/`)) delete process.env['TERRACE_STANDIN_FAIL_AT'];
  const product = name === 'tofu' ? 'OpenTofu' : 'Terraform';
  const color = !args.includes('-no-color') && !args.includes('--no-color');
  const ui = new Ui({ color });
  let interrupted = false;
  const ignoreInterrupt = process.env['TERRACE_STANDIN_IGNORE_SIGINT'] === '1';
  process.on('SIGINT', () => {
    if (ignoreInterrupt) return;
    if (interrupted) {
      ui.err('\nTwo interrupts received. Exiting immediately. Note that data loss may have occurred.\n');
      void ui.flush().then(() => process.exit(1));
      return;
    }
    interrupted = true;
    ui.out(`\nInterrupt received.\nPlease wait for ${product} to exit or data loss may occur.\nGracefully shutting down...\n\n`);
  });
  const ctx = { name, product, version, ui, isInterrupted: () => interrupted, cwd: process.cwd() };
  let code = 0;
  try {
    code = await run(ctx, args);
  } catch (error) {
    if (error instanceof Exit) code = error.code;
    else if (error instanceof ConfigError || error instanceof BackendError) {
      ui.diag('Error', error.message, error.detail);
      code = 1;
    } else {
      ui.diag('Error', 'Unexpected failure', String(error instanceof Error ? error.stack : error));
      code = 1;
    }
  }
  await ui.flush();
  process.exitCode = code;
}

/** Appends one line per invocation to TERRACE_STANDIN_LOG: what tests check about argv and env. */
function log(/** @type {string} */ name, /** @type {string} */ version, /** @type {string[]} */ args) {
  const file = process.env['TERRACE_STANDIN_LOG'];
  if (!file) return;
  const shown = ['HOME', 'TMPDIR', 'TF_IN_AUTOMATION', 'TF_INPUT', 'TF_PLUGIN_CACHE_DIR', 'PATH', 'TG_TF_PATH', 'TERRAGRUNT_TFPATH', 'TF_HTTP_USERNAME'];
  const env = Object.fromEntries(Object.keys(process.env).sort().map((k) => [k, shown.includes(k) ? process.env[k] : '<set>']));
  appendFileSync(file, `${JSON.stringify({ name, version, args, cwd: process.cwd(), pid: process.pid, env })}\n`);
}

/**
 * @typedef {{ name: 'terraform' | 'tofu', product: string, version: string, ui: Ui, isInterrupted: () => boolean, cwd: string }} Ctx
 */

/**
 * @param {Ctx} ctx
 * @param {string[]} argv
 */
async function run(ctx, argv) {
  let args = [...argv];
  const chdir = args[0]?.match(/^-chdir=(.+)$/);
  if (chdir) {
    ctx.cwd = resolve(chdir[1] ?? '.');
    process.chdir(ctx.cwd);
    args = args.slice(1);
  }
  const [command = '', ...rest] = args;
  const failAt = (process.env['TERRACE_STANDIN_FAIL_AT'] ?? '').split(',');
  if (failAt.includes(command) && command !== 'apply') {
    ctx.ui.diag('Error', `Simulated failure of "${command}"`, `TERRACE_STANDIN_FAIL_AT=${process.env['TERRACE_STANDIN_FAIL_AT']} asked this command to fail.`);
    return 1;
  }
  switch (command) {
    case 'version':
    case '-version':
    case '--version':
    case '-v':
      return versionCommand(ctx, rest);
    case 'init':
      return init(ctx, rest);
    case 'validate':
      await loadModule(ctx.cwd);
      ctx.ui.out('[green][bold]Success![reset] The configuration is valid.\n');
      return 0;
    case 'fmt':
      return 0;
    case 'plan':
      return plan(ctx, rest);
    case 'show':
      return show(ctx, rest);
    case 'apply':
      return apply(ctx, rest, false);
    case 'destroy':
      return apply(ctx, ['-destroy', ...rest], false);
    case 'refresh':
      return apply(ctx, ['-refresh-only', '-auto-approve', ...rest], false);
    case 'output':
      await maybeHold('output');
      return output(ctx, rest);
    case 'state':
      return state(ctx, rest);
    case 'taint':
    case 'untaint':
      return taint(ctx, rest, command === 'taint');
    case 'import':
      return importCommand(ctx, rest);
    case 'force-unlock':
      return forceUnlock(ctx, rest);
    default:
      ctx.ui.err(`${ctx.product} has no command named "${command}".\n\nTo see all of ${ctx.product}'s top-level commands, run:\n  ${ctx.name} -help\n\n`);
      return 1;
  }
}

/** @param {Ctx} ctx @param {string[]} args */
function versionCommand(ctx, args) {
  if (args.includes('-json')) {
    const body = { terraform_version: ctx.version, platform: platform(), provider_selections: {}, terraform_outdated: false };
    ctx.ui.raw(`${JSON.stringify(body, null, 2)}\n`);
  } else {
    ctx.ui.raw(`${ctx.product} v${ctx.version}\non ${platform()}\n`);
  }
  return 0;
}

/** The state store of the configured backend; commands other than init need init to have run. */
async function store(/** @type {Ctx} */ ctx, /** @type {{ requireInit: boolean }} */ options) {
  const module = await loadModule(ctx.cwd);
  const backend = effectiveBackend(module.backend);
  if (options.requireInit) {
    const remembered = rememberedBackend(ctx.cwd);
    const providers = new Set(module.resources.map((r) => r.provider));
    if ((backend.type !== 'local' || providers.size > 0) && !existsSync(join(ctx.cwd, '.terraform'))) {
      if (backend.type === 'local') {
        throw new ConfigError('Inconsistent dependency lock file', `The following dependency selections recorded in the lock file are inconsistent with the\ncurrent configuration:\n${[...providers].map((p) => `  - provider ${providerAddress(p)}: required by this configuration but no version is selected`).join('\n')}\n\nTo make the initial dependency selections that will initialize the dependency lock file, run:\n  ${ctx.name} init`);
      }
      throw new ConfigError(
        'Backend initialization required, please run "' + ctx.name + ' init"',
        `Reason: Initial configuration of the requested backend "${backend.type}"\n\nThe "backend" is the interface that ${ctx.product} uses to store state,\nperform operations, etc. If this message is showing up, it means that the\n${ctx.product} configuration you're using is using a custom configuration for\nthe ${ctx.product} backend.\n\nChanges to backend configurations require reinitialization. This allows\n${ctx.product} to set up the new configuration, copy existing state, etc. Please run\n"${ctx.name} init" with either the "-reconfigure" or "-migrate-state" flags to\nuse the current configuration.`,
      );
    }
    if (backend.type !== 'local' && remembered && remembered.hash !== backendFingerprint(backend).hash) {
      throw new ConfigError('Backend initialization required: please run "' + ctx.name + ' init"', 'Reason: Backend configuration block has changed');
    }
  }
  return { module, backend, store: new StateStore(backend, { cwd: ctx.cwd, version: ctx.version, product: ctx.product }) };
}

/** @param {Ctx} ctx @param {string[]} args */
async function init(ctx, args) {
  parseFlags(args, new Set(['backend-config', 'plugin-dir', 'lockfile']));
  const { module, backend, store: s } = await store(ctx, { requireInit: false });
  const { ui } = ctx;
  ui.out(`[reset][bold]Initializing the backend...[reset]\n`);
  if (backend.type === 'http') {
    await s.read();
    rememberBackend(ctx.cwd, backendFingerprint(backend));
    ui.out(`[reset][green]\nSuccessfully configured the backend "http"! ${ctx.product} will automatically\nuse this backend unless the backend configuration changes.[reset]\n`);
  } else {
    mkdirSync(join(ctx.cwd, '.terraform'), { recursive: true });
  }
  const providers = [...new Set(module.resources.map((r) => r.provider))].sort();
  ui.out(`\n[reset][bold]Initializing provider plugins...[reset]\n`);
  const lockFile = join(ctx.cwd, '.terraform.lock.hcl');
  const locked = existsSync(lockFile) ? readFileSync(lockFile, 'utf8') : '';
  const registry = ctx.name === 'tofu' ? 'registry.opentofu.org' : 'registry.terraform.io';
  let lockText = '# This file is maintained automatically by "' + ctx.name + ' init".\n# Manual edits may be lost in future updates.\n';
  for (const p of providers) {
    const previous = new RegExp(`provider "${registry.replace(/\./g, '\\.')}/hashicorp/${p}" \\{\\s*version\\s*=\\s*"([^"]+)"`).exec(locked)?.[1];
    const v = previous ?? '3.2.3';
    if (previous) ui.out(`- Reusing previous version of hashicorp/${p} from the dependency lock file\n`);
    else ui.out(`- Finding latest version of hashicorp/${p}...\n`);
    ui.out(`- Installing hashicorp/${p} v${v}...\n- Installed hashicorp/${p} v${v} (signed by HashiCorp)\n`);
    lockText += `\nprovider "${registry}/hashicorp/${p}" {\n  version = "${v}"\n  hashes = [\n    "h1:standin${p}${v.replace(/\./g, '')}=",\n  ]\n}\n`;
  }
  mkdirSync(join(ctx.cwd, '.terraform', 'providers'), { recursive: true });
  if (providers.length > 0) {
    if (!locked) {
      ui.out(`${ctx.product} has created a lock file [bold].terraform.lock.hcl[reset] to record the provider\nselections it made above. Include this file in your version control repository\nso that ${ctx.product} can guarantee to make the same selections by default when\nyou run "${ctx.name} init" in the future.\n`);
    }
    writeFileSync(lockFile, lockText);
  }
  ui.out(`\n[reset][bold][green]${ctx.product} has been successfully initialized![reset][green]\n\nYou may now begin working with ${ctx.product}. Try running "${ctx.name} plan" to see\nany changes that are required for your infrastructure. All ${ctx.product} commands\nshould now work.[reset]\n`);
  return 0;
}

/** Sleeps TERRACE_STANDIN_SLEEP_MS when the command is in TERRACE_STANDIN_SLEEP_AT (default plan,apply). */
async function maybeSleep(/** @type {string} */ command) {
  const ms = Number.parseInt(process.env['TERRACE_STANDIN_SLEEP_MS'] ?? '0', 10);
  const at = (process.env['TERRACE_STANDIN_SLEEP_AT'] ?? 'plan,apply').split(',');
  if (ms > 0 && at.includes(command)) await sleep(ms);
}

const planValued = new Set(['out', 'target', 'replace', 'var', 'var-file', 'lock-timeout', 'parallelism', 'state']);

/** @param {Ctx} ctx @param {string[]} args */
async function plan(ctx, args) {
  const f = parseFlags(args, planValued);
  const { module, store: s } = await store(ctx, { requireInit: true });
  const { values, warnings } = await resolveVariables(module, { varFiles: f.all('var-file'), vars: f.all('var'), cwd: ctx.cwd });
  for (const w of warnings) ctx.ui.diag('Warning', 'Value for undeclared variable', `The root module does not declare a variable named "${w}" but a value was found in a variables file.`);
  const lock = f.bool('lock', true);
  if (lock) await s.acquire('OperationTypePlan');
  try {
    const prior = await s.read();
    await maybeHold('plan');
    const result = await planAndReport(ctx, { module, values, prior, destroy: f.bool('destroy', false), refreshOnly: f.bool('refresh-only', false), targets: f.all('target'), replace: f.all('replace') });
    if (ctx.isInterrupted()) {
      ctx.ui.diag('Error', 'execution halted', '');
      return 1;
    }
    const out = f.one('out');
    if (out) {
      writeFileSync(resolve(ctx.cwd, out), planMagic + encode({ ...result.saved }));
      ctx.ui.out(`[reset]\n─────────────────────────────────────────────────────────────────────────────\n\nSaved the plan to: ${out}\n\nTo perform exactly these actions, run the following command to apply:\n    ${ctx.name} apply "${out}"\n`);
    } else {
      ctx.ui.out(`[reset]\n─────────────────────────────────────────────────────────────────────────────\n\nNote: You didn't use the -out option to save this plan, so ${ctx.product} can't\nguarantee to take exactly these actions if you run "${ctx.name} apply" now.\n`);
    }
    if (f.bool('detailed-exitcode', false) && result.saved.hasChanges) return 2;
    return 0;
  } finally {
    await s.release();
  }
}

/**
 * @param {Ctx} ctx
 * @param {{ module: import('./config.mjs').ModuleConfig, values: Map<string, unknown>, prior: import('./backend.mjs').State | null, destroy: boolean, refreshOnly: boolean, targets: string[], replace: string[] }} input
 */
async function planAndReport(ctx, input) {
  let refreshedAny = false;
  const result = await makePlan({
    ...input,
    vars: input.values,
    onRefresh: async (instance) => {
      refreshedAny = true;
      if (ctx.isInterrupted()) return;
      await maybeSleep('plan');
      ctx.ui.out(`[reset][bold]${instance.address}: Refreshing state... [id=${String(instance.attributes['id'] ?? '')}][reset]\n`);
    },
  });
  if (!refreshedAny) await maybeSleep('plan');
  if (process.env['TERRACE_STANDIN_FAIL_AT']?.split(',').includes('plan-after-refresh')) {
    throw new ConfigError('Simulated failure during plan', 'TERRACE_STANDIN_FAIL_AT asked the plan to fail after refreshing.');
  }
  ctx.ui.out(renderPlan({ ...result, refreshOnly: input.refreshOnly, product: ctx.product }));
  const saved = {
    version: ctx.version,
    engine: ctx.name,
    timestamp: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    variables: Object.fromEntries(input.values),
    prior: input.prior,
    changes: result.changes,
    drift: result.drift,
    outputChanges: result.outputChanges,
    refreshed: [...result.refreshed.values()],
    refreshOnly: input.refreshOnly,
    destroy: input.destroy,
    hasChanges: result.hasChanges,
    resourceConfigs: input.module.resources,
    outputConfigs: input.module.outputs,
    variableConfigs: [...input.module.variables.values()],
  };
  return { saved };
}

/** JSON with unknown values kept ({"__unknown__": true}). */
function encode(/** @type {unknown} */ value) {
  return JSON.stringify(value, (_, v) => (v === UNKNOWN ? { __unknown__: true } : v));
}

function decode(/** @type {string} */ text) {
  return JSON.parse(text, (_, v) => (v && typeof v === 'object' && !Array.isArray(v) && v.__unknown__ === true && Object.keys(v).length === 1 ? UNKNOWN : v));
}

/** @param {Ctx} ctx @param {string} file */
function readPlanFile(ctx, file) {
  const path = resolve(ctx.cwd, file);
  if (!existsSync(path)) throw new ConfigError('Failed to load plan file', `Couldn't load the plan file at ${file}: open ${file}: no such file or directory`);
  const text = readFileSync(path, 'utf8');
  if (!text.startsWith(planMagic)) throw new ConfigError('Failed to load plan file', `The file ${file} is not a valid plan file.`);
  return decode(text.slice(planMagic.length));
}

/** @param {Ctx} ctx @param {string[]} args */
async function show(ctx, args) {
  const f = parseFlags(args, new Set());
  if (process.env['TERRACE_STANDIN_FAIL_AT']?.split(',').includes('show')) return 1;
  const file = f.rest[0];
  if (file) {
    const saved = readPlanFile(ctx, file);
    if (!f.bool('json', false)) {
      ctx.ui.out(renderPlan({ ...saved, product: ctx.product }));
      return 0;
    }
    ctx.ui.raw(`${JSON.stringify(planJson(saved))}\n`);
    return 0;
  }
  const { store: s } = await store(ctx, { requireInit: true });
  const state = await s.read();
  const body = state
    ? {
        format_version: '1.0',
        terraform_version: state.terraform_version,
        values: {
          outputs: Object.fromEntries(Object.entries(state.outputs).map(([k, o]) => [k, { sensitive: o.sensitive === true, value: o.value, type: o.type }])),
          root_module: { resources: [...instancesOf(state).values()].map((i) => ({ address: i.address, mode: 'managed', type: i.type, name: i.name, provider_name: providerAddress(i.provider), schema_version: 0, values: i.attributes, sensitive_values: {} })) },
        },
      }
    : { format_version: '1.0' };
  ctx.ui.raw(`${JSON.stringify(body)}\n`);
  return 0;
}

/** @param {Ctx} ctx @param {string[]} args @param {boolean} _unused */
async function apply(ctx, args, _unused) {
  const f = parseFlags(args, planValued);
  const planFile = f.rest[0];
  const { module, backend, store: s } = await store(ctx, { requireInit: true });
  let saved;
  if (planFile) {
    if (f.all('var').length > 0 || f.all('var-file').length > 0) {
      throw new ConfigError("Can't set variables when applying a saved plan", 'The -var and -var-file options cannot be used when applying a saved plan file, because a saved plan includes the variable values that were set when it was created.');
    }
    saved = readPlanFile(ctx, planFile);
  } else if (!f.bool('auto-approve', false)) {
    throw new ConfigError('No value for required variable "approve"', `${ctx.product} cannot ask for approval because input is disabled; use -auto-approve or apply a saved plan.`);
  }
  const lock = f.bool('lock', true);
  if (lock) await s.acquire('OperationTypeApply');
  try {
    const prior = await s.read();
    if (saved) {
      const stale = (saved.prior?.lineage ?? null) !== (prior?.lineage ?? null) || (saved.prior?.serial ?? 0) !== (prior?.serial ?? 0);
      if (stale && saved.prior) {
        throw new ConfigError('Saved plan is stale', `The given plan file can no longer be applied because the state was changed by another\noperation after the plan was created.`);
      }
    } else {
      const { values } = await resolveVariables(module, { varFiles: f.all('var-file'), vars: f.all('var'), cwd: ctx.cwd });
      ({ saved } = await planAndReport(ctx, { module, values, prior, destroy: f.bool('destroy', false), refreshOnly: f.bool('refresh-only', false), targets: f.all('target'), replace: f.all('replace') }));
    }
    return await applyPlan(ctx, saved, prior, s, backend.type);
  } finally {
    await s.release();
  }
}

/**
 * @param {Ctx} ctx
 * @param {any} saved
 * @param {import('./backend.mjs').State | null} prior
 * @param {StateStore} s
 * @param {string} _backendType
 */
async function applyPlan(ctx, saved, prior, s, _backendType) {
  const { ui } = ctx;
  const vars = new Map(Object.entries(saved.variables));
  const sensitiveVars = new Set(saved.variableConfigs.filter((/** @type {any} */ v) => v.sensitive).map((/** @type {any} */ v) => v.name));
  /** @type {Map<string, import('./plan.mjs').Instance>} */
  const live = new Map(saved.refreshed.map((/** @type {any} */ i) => [i.address, i]));
  const cloud = readCloud();
  const counts = { added: 0, changed: 0, destroyed: 0 };
  let failure = null;
  const failAt = (process.env['TERRACE_STANDIN_FAIL_AT'] ?? '').split(',').includes('apply');
  const started = Date.now();
  const elapsed = () => `${Math.round((Date.now() - started) / 1000)}s`;
  for (const change of saved.changes) {
    const kind = change.actions.length === 2 ? 'replace' : change.actions[0];
    if (kind === 'no-op') continue;
    if (ctx.isInterrupted()) break;
    if (failAt) {
      failure = `${kind === 'delete' ? 'deleting' : 'creating'} ${change.address}: simulated failure (TERRACE_STANDIN_FAIL_AT=apply)`;
      break;
    }
    if (kind === 'delete' || kind === 'replace') {
      ui.out(`[reset][bold]${change.address}: Destroying... [id=${String(change.before?.id ?? '')}][reset]\n`);
      await maybeSleep('apply');
      live.delete(change.address);
      if (cloud) delete cloud[change.address];
      ui.out(`[reset][bold]${change.address}: Destruction complete after ${elapsed()}[reset]\n`);
      counts.destroyed++;
    }
    if (kind === 'create' || kind === 'replace' || kind === 'update') {
      const known = new Map([...live.values()].map((i) => [i.address, i.attributes]));
      /** @type {Record<string, unknown>} */
      const attributes = /** @type {Record<string, unknown>} */ (evaluate(change.body, { vars, sensitiveVars, resources: known }));
      for (const [k, v] of Object.entries(attributes)) if (v === UNKNOWN) attributes[k] = null;
      const id = kind === 'update' ? String(change.before?.id ?? '') : String(randomInt(1, 2 ** 47));
      ui.out(`[reset][bold]${change.address}: ${kind === 'update' ? `Modifying... [id=${id}]` : 'Creating...'}[reset]\n`);
      await ui.flush();
      await maybeHold('apply');
      await maybeSleep('apply');
      const record = { address: change.address, type: change.type, name: change.name, index: change.index, provider: change.provider, attributes: { id, ...attributes }, tainted: false };
      live.set(change.address, record);
      if (cloud) cloud[change.address] = record.attributes;
      ui.out(`[reset][bold]${change.address}: ${kind === 'update' ? 'Modifications complete' : 'Creation complete'} after ${elapsed()} [id=${id}][reset]\n`);
      if (kind === 'update') counts.changed++;
      else counts.added++;
    }
  }
  if (cloud) writeCloud(cloud);
  /** @type {Record<string, { value: unknown, sensitive: boolean }>} */
  const outputs = {};
  if (!saved.destroy) {
    const known = new Map([...live.values()].map((i) => [i.address, i.attributes]));
    for (const o of saved.outputConfigs) {
      const value = evaluate(o.expression, { vars, sensitiveVars, resources: known });
      outputs[o.name] = { value: value === UNKNOWN ? null : value, sensitive: o.sensitive };
    }
  }
  const next = buildState(live, prior, saved.refreshOnly ? Object.fromEntries(Object.entries(prior?.outputs ?? {}).map(([k, o]) => [k, { value: o.value, sensitive: o.sensitive === true }])) : outputs, ctx.version);
  await s.write(next);
  if (failure) {
    ui.diag('Error', failure.split(': ').slice(1).join(': ') || failure, `  with ${failure.split(':')[0]?.split(' ')[1] ?? ''},\n  on main.tf line 1`);
    return 1;
  }
  if (ctx.isInterrupted()) {
    ui.diag('Error', 'execution halted', '');
    return 1;
  }
  const noun = saved.destroy ? 'Destroy complete! Resources' : 'Apply complete! Resources';
  const summary = saved.destroy ? `${counts.destroyed} destroyed` : `${counts.added} added, ${counts.changed} changed, ${counts.destroyed} destroyed`;
  ui.out(`[reset][bold][green]\n${noun}: ${summary}.[reset]\n`);
  ui.out(renderOutputs(outputs));
  return 0;
}

/** @param {Ctx} ctx @param {string[]} args */
async function output(ctx, args) {
  const f = parseFlags(args, new Set(['state']));
  const { store: s } = await store(ctx, { requireInit: true });
  const state = await s.read();
  const outputs = state?.outputs ?? {};
  const name = f.rest[0];
  if (name) {
    const o = outputs[name];
    if (!o) throw new ConfigError(`Output "${name}" not found`, 'The output variable requested could not be found in the state file.');
    ctx.ui.raw(f.bool('raw', false) && typeof o.value === 'string' ? o.value : `${JSON.stringify(o.value, null, f.bool('json', false) ? 2 : 0)}\n`);
    return 0;
  }
  if (f.bool('json', false)) {
    const body = Object.fromEntries(Object.entries(outputs).map(([k, o]) => [k, { sensitive: o.sensitive === true, type: o.type, value: o.value }]));
    ctx.ui.raw(`${JSON.stringify(body, null, 2)}\n`);
    return 0;
  }
  if (Object.keys(outputs).length === 0) {
    ctx.ui.diag('Warning', 'No outputs found', `The state file either has no outputs defined, or all the defined outputs are empty. Please define an output in your configuration with the \`output\` keyword and run \`${ctx.name} refresh\` for it to become available. If you are using interpolation, please verify the interpolated value is not empty. You can use the \`${ctx.name} console\` command to assist.`);
    return 0;
  }
  ctx.ui.out(renderOutputs(Object.fromEntries(Object.entries(outputs).map(([k, o]) => [k, { value: o.value, sensitive: o.sensitive === true }]))).replace(/^[\s\S]*?Outputs:\n\n/, ''));
  return 0;
}

/** Commands that change state outside plan/apply: lock, read, change, write, unlock. */
async function mutateState(/** @type {Ctx} */ ctx, /** @type {boolean} */ lock, /** @type {(instances: Map<string, import('./plan.mjs').Instance>, state: import('./backend.mjs').State | null) => Promise<boolean> | boolean} */ change) {
  const { store: s } = await store(ctx, { requireInit: true });
  if (lock) await s.acquire('OperationTypeInvalid');
  try {
    const prior = await s.read();
    const instances = instancesOf(prior);
    if (!(await change(instances, prior))) return 1;
    const outputs = Object.fromEntries(Object.entries(prior?.outputs ?? {}).map(([k, o]) => [k, { value: o.value, sensitive: o.sensitive === true }]));
    await s.write(buildState(instances, prior, outputs, ctx.version));
    return 0;
  } finally {
    await s.release();
  }
}

/** @param {Ctx} ctx @param {string[]} args */
async function state(ctx, args) {
  const [sub = '', ...rest] = args;
  const f = parseFlags(rest, new Set(['state', 'lock-timeout']));
  if (sub === 'list') {
    const { store: s } = await store(ctx, { requireInit: true });
    for (const address of instancesOf(await s.read()).keys()) ctx.ui.raw(`${address}\n`);
    return 0;
  }
  if (sub === 'pull') {
    const { store: s } = await store(ctx, { requireInit: true });
    const current = await s.read();
    ctx.ui.raw(current ? `${JSON.stringify(current, null, 2)}\n` : '');
    return 0;
  }
  if (sub === 'rm') {
    return mutateState(ctx, f.bool('lock', true), (instances) => {
      let removed = 0;
      for (const target of f.rest) {
        const matches = [...instances.keys()].filter((a) => a === target || a.startsWith(`${target}[`));
        if (matches.length === 0) {
          ctx.ui.diag('Error', 'Invalid target address', `No matching objects found. To view the available instances, use "${ctx.name} state list". Please modify the address to reference a specific instance.`);
          return false;
        }
        for (const a of matches) {
          instances.delete(a);
          ctx.ui.out(`Removed ${a}\n`);
          removed++;
        }
      }
      ctx.ui.out(`[reset][bold][green]Successfully removed ${removed} resource instance(s).[reset]\n`);
      return true;
    });
  }
  ctx.ui.err(`Usage: ${ctx.name} [global options] state <subcommand> [options] [args]\n`);
  return 1;
}

/** @param {Ctx} ctx @param {string[]} args @param {boolean} on */
async function taint(ctx, args, on) {
  const f = parseFlags(args, new Set(['lock-timeout', 'state']));
  const address = f.rest[0] ?? '';
  return mutateState(ctx, f.bool('lock', true), (instances) => {
    const instance = instances.get(address);
    if (!instance) {
      ctx.ui.diag('Error', 'No such resource instance', `There is no resource instance in the state with the address ${address}. If the resource configuration has just been added, you must run "${ctx.name} apply" once to create the corresponding instance(s) before they can be tainted.`);
      return false;
    }
    if (!on && !instance.tainted) {
      ctx.ui.diag('Error', 'Resource instance is not tainted', `Resource instance ${address} is not currently tainted, and so it cannot be untainted.`);
      return false;
    }
    instance.tainted = on;
    ctx.ui.out(on ? `Resource instance ${address} has been marked as tainted.\n` : `Resource instance ${address} has been successfully untainted.\n`);
    return true;
  });
}

/** @param {Ctx} ctx @param {string[]} args */
async function importCommand(ctx, args) {
  const f = parseFlags(args, planValued);
  const [address = '', id = ''] = f.rest;
  const { module } = await store(ctx, { requireInit: true });
  const { values } = await resolveVariables(module, { varFiles: f.all('var-file'), vars: f.all('var'), cwd: ctx.cwd });
  const config = module.resources.find((r) => r.address === address);
  if (!config) {
    throw new ConfigError('Configuration for import target does not exist', `The configuration for the given import ${address} does not exist. All target instances must have an associated configuration to be imported.`);
  }
  return mutateState(ctx, f.bool('lock', true), (instances) => {
    if (instances.has(address)) {
      ctx.ui.diag('Error', 'Resource already managed by ' + ctx.product, `${ctx.product} is already managing a remote object for ${address}. To import to this address you must first remove the existing object from the state.`);
      return false;
    }
    const sensitiveVars = new Set([...module.variables.values()].filter((v) => v.sensitive).map((v) => v.name));
    const attributes = /** @type {Record<string, unknown>} */ (evaluate(config.body, { vars: values, sensitiveVars }));
    for (const [k, v] of Object.entries(attributes)) if (v === UNKNOWN) attributes[k] = null;
    instances.set(address, { address, type: config.type, name: config.name, index: config.index, provider: config.provider, attributes: { id, ...attributes }, tainted: false });
    const cloud = readCloud();
    if (cloud) {
      cloud[address] = { id, ...attributes };
      writeCloud(cloud);
    }
    ctx.ui.out(`[reset][bold]${address}: Importing from ID "${id}"...[reset]\n[reset][bold][green]${address}: Import prepared![reset]\n[green]  Prepared ${config.type} for import[reset]\n[reset][bold]${address}: Refreshing state... [id=${id}][reset]\n\n[reset][bold][green]Import successful![reset]\n\n[green]The resources that were imported are shown above. These resources are now in\nyour ${ctx.product} state and will henceforth be managed by ${ctx.product}.[reset]\n`);
    return true;
  });
}

/** @param {Ctx} ctx @param {string[]} args */
async function forceUnlock(ctx, args) {
  const f = parseFlags(args, new Set());
  const id = f.rest[0];
  if (!id) {
    ctx.ui.err('Expected a single argument: LOCK_ID\n');
    return 1;
  }
  if (!f.bool('force', false)) {
    throw new ConfigError('Failed to read input', 'Do you really want to force-unlock? Input is disabled; use -force.');
  }
  const { store: s } = await store(ctx, { requireInit: true });
  const [major = 0, minor = 0] = ctx.version.split('.').map((p) => Number.parseInt(p, 10));
  const style = ctx.name === 'terraform' ? 'terraform-empty' : major > 1 || (major === 1 && minor >= 10) ? 'tofu-id' : 'tofu-none';
  await s.forceUnlock(id, style);
  ctx.ui.out(`[reset][bold][green]${ctx.product} state has been successfully unlocked![reset][green]\n\nThe state has been unlocked, and ${ctx.product} commands should now be able to\nobtain a new lock on the remote state.[reset]\n`);
  return 0;
}

// ─── terragrunt ────────────────────────────────────────────────────────────────────────────────

const terragruntShortcuts = new Set(['init', 'validate', 'plan', 'apply', 'destroy', 'force-unlock', 'import', 'output', 'refresh', 'show', 'state', 'test', 'version', 'fmt', 'get', 'graph', 'login', 'logout', 'metadata', 'providers', 'untaint', 'taint', 'workspace', 'console']);

/**
 * Terragrunt: `run [flags] -- <command> [args]` (0.73+) or the classic forwarding
 * (`terragrunt plan …`); needs terragrunt.hcl; passes `inputs` as TF_VAR_*; runs the wrapped
 * binary (TG_TF_PATH / TERRAGRUNT_TFPATH, else tofu or terraform on PATH).
 * @param {string[]} args
 * @param {string} version
 */
async function terragrunt(args, version) {
  if (args[0] === '--version' || args[0] === '-version' || args[0] === '-v') {
    process.stdout.write(`terragrunt version v${version}\n`);
    return;
  }
  const [major = 0, minor = 0] = version.split('.').map((p) => Number.parseInt(p, 10));
  const modern = major > 0 || minor >= 73;
  let forwarded;
  const tgFlags = new Set(['--non-interactive', '--terragrunt-non-interactive', '--no-color', '--log-disable']);
  const strip = (/** @type {string[]} */ list) => list.filter((a) => !tgFlags.has(a));
  if (args[0] === 'run') {
    if (!modern) {
      process.stderr.write(`ERRO[0000] Terraform has no command named "run".\n`);
      process.exitCode = 1;
      return;
    }
    const dash = args.indexOf('--');
    forwarded = dash < 0 ? strip(args.slice(1)) : args.slice(dash + 1);
  } else {
    forwarded = strip(args);
    if (modern && major === 0 && minor >= 88 && !terragruntShortcuts.has(forwarded[0] ?? '')) {
      process.stderr.write(`ERROR  unknown command: "${forwarded[0]}". Use 'terragrunt run -- ${forwarded[0]}' to run it.\n`);
      process.exitCode = 1;
      return;
    }
  }
  const cwd = process.cwd();
  const config = join(cwd, 'terragrunt.hcl');
  if (!existsSync(config)) {
    process.stderr.write(`ERROR  Error reading file at path ${config}: open ${config}: no such file or directory\n`);
    process.exitCode = 1;
    return;
  }
  const { parse } = await import('@cdktf/hcl2json');
  /** @type {Record<string, unknown>} */
  let doc = {};
  try {
    doc = /** @type {Record<string, unknown>} */ (await parse('terragrunt.hcl', readFileSync(config, 'utf8')));
  } catch (error) {
    process.stderr.write(`ERROR  ${String(error)}\n`);
    process.exitCode = 1;
    return;
  }
  const wrapped = process.env['TG_TF_PATH'] || process.env['TERRAGRUNT_TFPATH'] || (onPath('tofu') ? 'tofu' : 'terraform');
  /** @type {Record<string, unknown>} */
  let inputs;
  try {
    const dependencies = await dependencyOutputs(doc, cwd, wrapped, forwarded[0] ?? '', parse);
    inputs = /** @type {Record<string, unknown>} */ (resolveDependencies(doc['inputs'] ?? {}, dependencies));
  } catch (error) {
    process.stderr.write(`ERROR  ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
    return;
  }
  /** @type {Record<string, string>} */
  const env = {};
  for (const [k, v] of Object.entries(inputs)) env[`TF_VAR_${k}`] = typeof v === 'string' ? v : JSON.stringify(v);
  process.stderr.write(`${modern ? 'INFO   ' : 'INFO[0000] '}Running command: ${basename(wrapped)} ${forwarded.join(' ')}\n`);
  const child = spawn(wrapped, forwarded, { cwd, env: { ...process.env, ...env }, stdio: 'inherit' });
  // The runner signals the whole process group; a lone SIGINT to terragrunt is passed on.
  process.on('SIGINT', () => undefined);
  const code = await new Promise((resolve) => {
    child.on('error', (error) => {
      process.stderr.write(`ERROR  ${String(error)}\n`);
      resolve(1);
    });
    child.on('close', (c, signal) => resolve(c ?? (signal ? 1 : 0)));
  });
  process.exitCode = /** @type {number} */ (code);
}

/**
 * The outputs of the unit's `dependency` blocks, as terragrunt reads them: `output -json` of the
 * dependency's unit (initialised first when it was not), else its `mock_outputs` when the command
 * is one of `mock_outputs_allowed_terraform_commands` (all when absent), else the error terragrunt
 * gives for a dependency that has not been applied.
 * @param {Record<string, unknown>} doc
 * @param {string} cwd
 * @param {string} wrapped
 * @param {string} command
 * @param {(file: string, content: string) => Promise<unknown>} parse
 */
async function dependencyOutputs(doc, cwd, wrapped, command, parse) {
  /** @type {Record<string, Record<string, unknown>>} */
  const result = {};
  const blocks = /** @type {Record<string, Record<string, unknown>[]>} */ (doc['dependency'] ?? {});
  for (const [name, [block = {}]] of Object.entries(blocks)) {
    const configPath = String(block['config_path'] ?? '').replace(/^\$\{get_terragrunt_dir\(\)\}/, cwd);
    const dir = resolve(cwd, configPath);
    const config = join(dir, 'terragrunt.hcl');
    if (!existsSync(config)) throw new Error(`Error reading file at path ${config}: open ${config}: no such file or directory`);
    await parse('terragrunt.hcl', readFileSync(config, 'utf8'));
    const run = (/** @type {string[]} */ argv) =>
      new Promise((done) => {
        const child = spawn(wrapped, argv, { cwd: dir, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
        /** @type {Buffer[]} */
        const out = [];
        child.stdout.on('data', (d) => out.push(d));
        child.stderr.on('data', (d) => process.stderr.write(d));
        child.on('error', () => done({ code: 1, stdout: '' }));
        child.on('close', (code) => done({ code: code ?? 1, stdout: Buffer.concat(out).toString('utf8') }));
      });
    /** @type {Record<string, unknown>} */
    let outputs = {};
    if (!existsSync(join(dir, '.terraform'))) await run(['init', '-input=false', '-no-color']);
    const read = /** @type {{ code: number, stdout: string }} */ (await run(['output', '-json', '-no-color']));
    if (read.code === 0 && read.stdout.trim()) {
      const parsed = /** @type {Record<string, { value: unknown }>} */ (JSON.parse(read.stdout));
      outputs = Object.fromEntries(Object.entries(parsed).map(([k, o]) => [k, o.value]));
    }
    if (Object.keys(outputs).length === 0) {
      const mocks = /** @type {Record<string, unknown> | undefined} */ (block['mock_outputs']);
      const allowed = /** @type {string[] | undefined} */ (block['mock_outputs_allowed_terraform_commands']);
      if (!mocks || (allowed && !allowed.includes(command))) {
        throw new Error(
          `${config} is a dependency of ${join(cwd, 'terragrunt.hcl')} but detected no outputs. Either the target module has not been applied yet, or the module has no outputs. If this is expected, set the skip_outputs flag to true on the dependency block.`,
        );
      }
      process.stderr.write(`WARN   Using mock outputs of dependency ${name} (${configPath}): it has no outputs yet\n`);
      outputs = mocks;
    }
    result[name] = outputs;
  }
  return result;
}

/**
 * `${dependency.<name>.outputs.<output>}` in inputs: a whole-value reference takes the output's
 * value (any type), a reference inside a string its text.
 * @param {unknown} value
 * @param {Record<string, Record<string, unknown>>} dependencies
 * @returns {unknown}
 */
function resolveDependencies(value, dependencies) {
  const pattern = /\$\{dependency\.([\w-]+)\.outputs\.([\w-]+)\}/g;
  const lookup = (/** @type {string} */ dep, /** @type {string} */ out) => {
    const outputs = dependencies[dep];
    if (!outputs) throw new Error(`Unknown variable; There is no variable named "dependency.${dep}".`);
    if (!(out in outputs)) throw new Error(`Unsupported attribute; This object does not have an attribute named "${out}".`);
    return outputs[out];
  };
  if (typeof value === 'string') {
    const whole = /^\$\{dependency\.([\w-]+)\.outputs\.([\w-]+)\}$/.exec(value);
    if (whole) return lookup(whole[1] ?? '', whole[2] ?? '');
    return value.replace(pattern, (_, dep, out) => {
      const v = lookup(dep, out);
      return typeof v === 'string' ? v : JSON.stringify(v);
    });
  }
  if (Array.isArray(value)) return value.map((v) => resolveDependencies(v, dependencies));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveDependencies(v, dependencies)]));
  return value;
}

/** @param {string} binary */
function onPath(binary) {
  return (process.env['PATH'] ?? '').split(':').some((dir) => dir && existsSync(join(dir, binary)));
}
