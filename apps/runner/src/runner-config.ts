import { hostname } from 'node:os';

/** The runner's settings, from its environment (docs/runners.md). */
export interface RunnerConfig {
  /** The API's base URL, e.g. https://terrace.example.com/api. */
  apiUrl: string;
  /** A runner-group registration token (trg_…) from the group's settings. */
  groupToken: string;
  name: string;
  concurrency: number;
  /** Where job directories are made (removed after each job). */
  workDir: string | undefined;
  /** How long running jobs may take to finish after SIGTERM before they are cancelled. */
  drainMs: number;
  /** Exit after one job (ephemeral runners). */
  once: boolean;
  heartbeatIntervalMs: number;
}

export class RunnerConfigError extends Error {}

const integer = (env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number => {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) throw new RunnerConfigError(`${name} must be an integer from ${min} to ${max}`);
  return value;
};

export function loadRunnerConfig(env: NodeJS.ProcessEnv = process.env): RunnerConfig {
  const url = env['TERRACE_URL'];
  if (!url || !/^https?:\/\//.test(url)) throw new RunnerConfigError('TERRACE_URL must be the API URL of Terrace, e.g. https://terrace.example.com/api');
  const groupToken = env['RUNNER_TOKEN'];
  if (!groupToken?.startsWith('trg_')) throw new RunnerConfigError("RUNNER_TOKEN must be a runner group's registration token (trg_…), created in the group's settings");
  return {
    apiUrl: url.replace(/\/+$/, ''),
    groupToken,
    name: env['RUNNER_NAME'] || hostname(),
    concurrency: integer(env, 'RUNNER_CONCURRENCY', 1, 1, 64),
    workDir: env['RUNNER_WORK_DIR'] || undefined,
    drainMs: integer(env, 'RUNNER_DRAIN_SECONDS', 30 * 60, 0, 7 * 24 * 3600) * 1000,
    once: env['RUNNER_ONCE'] === 'true' || env['RUNNER_ONCE'] === '1',
    heartbeatIntervalMs: integer(env, 'RUNNER_HEARTBEAT_SECONDS', 10, 1, 60) * 1000,
  };
}
