import type { JobOutcome, JobSignal, JobSpec, StepResult } from '@terrace/runner-engine';
import type { StepStatus } from '@terrace/domain';

/** One claimed attempt of a job, with its token (valid for this attempt only). */
export interface ClaimedJob {
  jobId: string;
  attempt: number;
  runId: string;
  runKind: JobSpec['runKind'];
  phase: JobSpec['phase'];
  stackId: string;
  token: string;
}

export interface JobRef {
  jobId: string;
  attempt: number;
}

export type RunnerHealth = 'ok' | 'shuttingDown';

/**
 * How a runner speaks to the server: over HTTP (self-hosted runners, `HttpRunnerTransport`) or
 * in the server's own process (the managed runner): the same calls, the same job tokens.
 */
export interface RunnerTransport {
  heartbeat(report: { health: RunnerHealth; jobs: JobRef[] }): Promise<{ signals: { jobId: string; signal: JobSignal }[]; superseded: string[] }>;
  /** Waits up to `waitSeconds` for a job of the runner's group; null when none came. */
  claim(waitSeconds: number, signal: AbortSignal): Promise<ClaimedJob | null>;
  spec(job: ClaimedJob): Promise<JobSpec>;
  /** Stores `data` at `offset` of the job's log (idempotent); answers the stored end. */
  appendLog(job: ClaimedJob, offset: number, data: Uint8Array): Promise<number>;
  step(job: ClaimedJob, step: string, status: StepStatus, result?: StepResult): Promise<{ signal: JobSignal }>;
  finish(job: ClaimedJob, finalLogOffset: number, outcome: JobOutcome): Promise<void>;
  /** The job's cloud credentials (environment variables for the IaC tool); none when the server has none. */
  credentials?(job: ClaimedJob): Promise<JobCredentials[]>;
}

/** One provider's short-lived credentials for a job (the contract's RunnerJobCredentials). */
export interface JobCredentials {
  provider: string;
  env: Record<string, string>;
  expiresAt?: string;
}

/** The server refused a call because the attempt is no longer the job's live one (lost, claimed again, ended). */
export class JobFencedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JobFencedError';
  }
}

/** The server's log of the job ends elsewhere than the runner thinks (a gap, or the finish barrier). */
export class LogOffsetError extends Error {
  constructor(
    message: string,
    readonly storedEnd: number,
  ) {
    super(message);
    this.name = 'LogOffsetError';
  }
}
