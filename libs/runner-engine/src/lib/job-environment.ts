import type { JobSpec } from './job-spec';

/** Variables of the runner's own process that children may see (proxies, CA bundles, locale). */
const passedThrough = [
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
  'http_proxy',
  'https_proxy',
  'no_proxy',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
  'LANG',
  'LC_ALL',
  'TZ',
];

/** Names a stack's environment variables may not set: the runner's own wiring. */
export function isReservedEnvironmentName(name: string): boolean {
  return (
    /^TF_HTTP_/.test(name) ||
    /^TERRACE_/.test(name) ||
    /^TF_LOG/.test(name) ||
    /^TF_CLI_ARGS/.test(name) ||
    /^(TG|TERRAGRUNT)_TF_?PATH$/.test(name) ||
    ['HOME', 'TMPDIR', 'TF_IN_AUTOMATION', 'TF_INPUT', 'TF_DATA_DIR', 'TF_PLUGIN_CACHE_DIR', 'TF_CLI_CONFIG_FILE'].includes(name)
  );
}

const validName = /^[A-Za-z_][A-Za-z0-9_]*$/;

export interface EnvironmentInput {
  spec: JobSpec;
  home: string;
  tmp: string;
  path: string;
  pluginCacheDir?: string | undefined;
  /** Environment the runner's operator adds to every job (RunJobOptions.extraEnv), before the stack's. */
  runnerEnv?: Record<string, string> | undefined;
  /** Extra wiring (terragrunt's wrapped binary, hook context). */
  extra?: Record<string, string> | undefined;
}

/**
 * The complete environment of the job's commands: an explicit allowlist, never the runner's own
 * environment (no DATABASE_URL, no master keys, no runner token). The state backend's password
 * travels as TF_HTTP_PASSWORD only, never in a file or on a command line.
 */
export function jobEnvironment(input: EnvironmentInput): { env: Record<string, string>; skipped: string[] } {
  const env: Record<string, string> = {};
  for (const name of passedThrough) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  Object.assign(env, input.runnerEnv ?? {});
  const skipped: string[] = [];
  for (const variable of input.spec.variables) {
    if (!validName.test(variable.name)) {
      skipped.push(variable.name);
      continue;
    }
    if (variable.kind === 'terraform') {
      env[`TF_VAR_${variable.name}`] = variable.value;
    } else if (isReservedEnvironmentName(variable.name) || variable.name === 'PATH') {
      skipped.push(variable.name);
    } else {
      env[variable.name] = variable.value;
    }
  }
  Object.assign(env, {
    PATH: input.path,
    HOME: input.home,
    TMPDIR: input.tmp,
    TF_IN_AUTOMATION: '1',
    TF_INPUT: '0',
    CHECKPOINT_DISABLE: '1',
  });
  if (input.pluginCacheDir) env['TF_PLUGIN_CACHE_DIR'] = input.pluginCacheDir;
  if (input.spec.backend.kind === 'http') env['TF_HTTP_PASSWORD'] = input.spec.backend.password;
  Object.assign(env, input.extra ?? {});
  return { env, skipped };
}

/** Every secret of a spec, for the log masker. */
export function specSecrets(spec: JobSpec): string[] {
  const secrets: string[] = [];
  for (const v of spec.variables) if (v.sensitive && v.value) secrets.push(v.value);
  const credentials = spec.repository.credentials;
  if (credentials && 'password' in credentials && credentials.password) secrets.push(credentials.password);
  if (credentials && 'sshPrivateKey' in credentials) secrets.push(credentials.sshPrivateKey);
  if (spec.backend.kind === 'http' && spec.backend.password) secrets.push(spec.backend.password);
  return secrets;
}

/** An HCL string literal (JSON escapes, plus `${` / `%{` escaped so nothing is interpolated). */
export function hclString(value: string): string {
  return JSON.stringify(value).replace(/\$\{/g, '$${').replace(/%\{/g, '%%{');
}

/** The override file that points terraform at the product's HTTP state backend (no secrets in it). */
export function backendOverride(backend: Extract<JobSpec['backend'], { kind: 'http' }>): string {
  return [
    '# Written by the Terrace runner: the stack state lives in Terrace (password: TF_HTTP_PASSWORD).',
    'terraform {',
    '  backend "http" {',
    `    address        = ${hclString(backend.address)}`,
    `    lock_address   = ${hclString(backend.lockAddress)}`,
    `    unlock_address = ${hclString(backend.unlockAddress)}`,
    '    lock_method    = "LOCK"',
    '    unlock_method  = "UNLOCK"',
    `    username       = ${hclString(backend.username || 'terraform')}`,
    '  }',
    '}',
    '',
  ].join('\n');
}
