import { hostname } from 'node:os';
import { CM_DEFAULT_RUNNER_GROUP } from '@terrace/domain';
import { JobFencedError, LogOffsetError, RunnerAgent, type ClaimedJob, type RunnerAgentLogger, type RunnerTransport } from '@terrace/runner-agent';
import type { JobOutcome as EngineOutcome, JobSpec as EngineSpec, RunJobOptions } from '@terrace/runner-engine';
import { StaleAttemptError, type JobOutcome } from '../runs/run-jobs.service';
import { LogGapError } from './run-logs.service';
import {
  appendLogWithToken,
  authenticateJob,
  credentialsOfJob,
  FinishBarrierError,
  finishJobOfRunner,
  reportStep,
  runnerHeartbeat,
  specOfJob,
  takeNextJob,
  type RunnerPrincipal,
  type RunnerProtocolDeps,
} from './runner-protocol.service';

/** Errors of the service as the agent reads them over HTTP (fencing, offsets). */
async function asProtocol<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof StaleAttemptError) throw new JobFencedError(error.message);
    if (error instanceof LogGapError) throw new LogOffsetError(error.message, error.expected);
    if (error instanceof FinishBarrierError) throw new LogOffsetError(error.message, error.storedEnd);
    throw error;
  }
}

/**
 * The managed runner's transport: the runner protocol's own service functions, called in the
 * server's process with the same job tokens and fencing as over HTTP. It serves the default group
 * (CM_DEFAULT_RUNNER_GROUP) of every organization, within each organization's concurrency limit.
 */
export class InProcessRunnerTransport implements RunnerTransport {
  readonly runner: RunnerPrincipal;

  constructor(private readonly deps: RunnerProtocolDeps, name = `managed@${hostname()}`) {
    this.runner = { runnerId: `rnr-managed-${hostname().replace(/[^a-z0-9]/gi, '').toLowerCase()}-${process.pid}`, name, groupId: CM_DEFAULT_RUNNER_GROUP, organizationId: null };
  }

  heartbeat(report: { health: 'ok' | 'shuttingDown'; jobs: { jobId: string; attempt: number }[] }) {
    return runnerHeartbeat(this.deps, this.runner, report);
  }

  claim(waitSeconds: number, signal: AbortSignal): Promise<ClaimedJob | null> {
    return takeNextJob(this.deps, this.runner, waitSeconds, signal);
  }

  async spec(job: ClaimedJob): Promise<EngineSpec> {
    return asProtocol(async () => (await specOfJob(this.deps, await authenticateJob(this.deps, job.token, job.jobId), job.token)) as EngineSpec);
  }

  appendLog(job: ClaimedJob, offset: number, data: Uint8Array): Promise<number> {
    return asProtocol(async () => appendLogWithToken(this.deps, job.token, job.jobId, offset, Buffer.from(data).toString('base64')));
  }

  step(job: ClaimedJob, step: string, status: Parameters<RunnerTransport['step']>[2], result?: Parameters<RunnerTransport['step']>[3]) {
    return asProtocol(async () =>
      reportStep(this.deps, await authenticateJob(this.deps, job.token, job.jobId), { step, status, ...(result ? { result: result as Record<string, unknown> } : {}) }),
    );
  }

  credentials(job: ClaimedJob) {
    return asProtocol(async () => credentialsOfJob(this.deps, await authenticateJob(this.deps, job.token, job.jobId)));
  }

  finish(job: ClaimedJob, finalLogOffset: number, outcome: EngineOutcome): Promise<void> {
    return asProtocol(async () => finishJobOfRunner(this.deps, await authenticateJob(this.deps, job.token, job.jobId), finalLogOffset, outcome as unknown as JobOutcome));
  }
}

export interface ManagedRunnerOptions {
  /** Jobs at once in this server process (default 2). */
  concurrency?: number;
  /** The API's own loopback URL: terraform reaches the state backend there. */
  apiBaseUrl: string;
  engine?: RunJobOptions;
  logger?: RunnerAgentLogger;
}

/** Starts the managed runner inside the server (MANAGED_RUNNER, default on); `stop()` drains it. */
export function startManagedRunner(deps: RunnerProtocolDeps, options: ManagedRunnerOptions): RunnerAgent {
  const agent = new RunnerAgent({
    transport: new InProcessRunnerTransport(deps),
    concurrency: options.concurrency ?? 2,
    apiBaseUrl: options.apiBaseUrl,
    ...(options.engine ? { engine: options.engine } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
  });
  agent.start();
  return agent;
}
