import type { StepStatus } from '@terrace/domain';
import { runJob, type JobOutcome, type JobSink, type JobSpec, type RunJobOptions, type StepKey, type StepResult } from '@terrace/runner-engine';
import { JobFencedError, LogOffsetError, type ClaimedJob, type JobCredentials, type RunnerTransport } from './transport';

export interface RunnerAgentLogger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export interface RunnerAgentOptions {
  transport: RunnerTransport;
  /** Jobs run at once (default 1). */
  concurrency?: number;
  heartbeatIntervalMs?: number;
  /** How long one claim waits on the server (default 25 s). */
  claimWaitSeconds?: number;
  /** The engine's options (binaries, work root, PATH). */
  engine?: RunJobOptions;
  /** The API's base URL: relative state backend addresses of job specs are resolved against it. */
  apiBaseUrl?: string;
  /** Runs `spec` (default: the runner engine's runJob); tests and the benchmark put their own. */
  execute?: (spec: JobSpec, sink: JobSink, signal: AbortSignal, options: RunJobOptions) => Promise<JobOutcome>;
  /** Exit after one job (ephemeral runners). */
  once?: boolean;
  logger?: RunnerAgentLogger;
  /** Log upload: send when this many bytes wait (default 64 KiB) or after `logFlushMs` (default 500 ms). */
  logBatchBytes?: number;
  logFlushMs?: number;
}

const silent: RunnerAgentLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** Step keys as the engine names them (customFlow.beforeInit) are the contract's RunStepName (customFlowBeforeInit). */
export const contractStepName = (key: StepKey | string): string => key.replace(/\.(\w)/, (_, c: string) => c.toUpperCase());

const MAX_PIECE = 1024 * 1024;
/**
 * Pieces on their way at once: the next one travels while the server stores the one before (it
 * waits there for it). The server's stored end is the only truth: offsets stay contiguous and a
 * resent piece is idempotent.
 */
const IN_FLIGHT = 2;

/**
 * A job's log on its way to the server: bytes are batched (64 KiB or 500 ms), cut at a line end so
 * no character is split, sent in order at their offset (two pieces in flight), and resent until
 * acknowledged. `close` sends the rest and answers the final offset (the finish barrier's). A
 * refused piece stops the upload: the next write, or `close`, throws its error.
 */
export class LogUploader {
  #pending: Buffer[] = [];
  #pendingBytes = 0;
  /** Where the acknowledged log ends (every piece before it acknowledged). */
  #acked = 0;
  /** Where the log handed to the sends ends. */
  #queued = 0;
  /** The sends in flight, oldest first. */
  #flights: Promise<void>[] = [];
  /** Batches start their sends in order. */
  #starting: Promise<void> = Promise.resolve();
  #timer: NodeJS.Timeout | null = null;
  #failed: unknown = null;

  constructor(
    private readonly send: (offset: number, data: Buffer) => Promise<number>,
    private readonly batchBytes = 64 * 1024,
    private readonly flushMs = 500,
  ) {}

  get acknowledged(): number {
    return this.#acked;
  }

  /** Queues bytes; the promise settles once a full batch is on its way and a send slot is free (backpressure). */
  write(bytes: Uint8Array): Promise<void> | void {
    if (this.#failed) throw this.#failed;
    this.#pending.push(Buffer.from(bytes));
    this.#pendingBytes += bytes.length;
    if (this.#pendingBytes >= this.batchBytes) return this.#flush(false);
    this.#timer ??= setTimeout(() => {
      this.#timer = null;
      void this.#flush(false).catch(() => undefined);
    }, this.flushMs);
    return undefined;
  }

  #flush(all: boolean): Promise<void> {
    if (this.#timer) {
      clearTimeout(this.#timer);
      this.#timer = null;
    }
    const buffered = Buffer.concat(this.#pending);
    // Cut after the last line end (a whole batch of one line is sent as it is, at 1 MiB at most).
    let cut = buffered.length;
    if (!all) {
      const newline = buffered.lastIndexOf(0x0a);
      cut = newline >= 0 ? newline + 1 : buffered.length >= MAX_PIECE ? buffered.length : 0;
    }
    const out = buffered.subarray(0, cut);
    const rest = buffered.subarray(cut);
    this.#pending = rest.length ? [Buffer.from(rest)] : [];
    this.#pendingBytes = rest.length;
    if (!out.length) return this.#starting;
    this.#starting = this.#starting.then(async () => {
      for (let at = 0; at < out.length; at += MAX_PIECE) {
        while (this.#flights.length >= IN_FLIGHT) await this.#flights[0]?.catch(() => undefined);
        if (this.#failed) throw this.#failed;
        this.#start(out.subarray(at, at + MAX_PIECE));
      }
    });
    return this.#starting;
  }

  #start(piece: Buffer): void {
    const offset = this.#queued;
    this.#queued += piece.length;
    const before = this.#flights.at(-1);
    const flight = (async () => {
      for (let tries = 0; ; tries += 1) {
        try {
          await this.send(offset, piece);
          break;
        } catch (error) {
          // Refused while the piece before it was still on its way (a gap the server gave up
          // waiting on, say): once that one is acknowledged, this one is sent again.
          const beforeStored = before ? await before.then(() => true, () => false) : false;
          if (!beforeStored || tries >= 2 || this.#failed) {
            this.#failed ??= error;
            throw error;
          }
        }
      }
      await before;
      this.#acked = Math.max(this.#acked, offset + piece.length);
    })();
    this.#flights.push(flight);
    const landed = () => {
      this.#flights.splice(this.#flights.indexOf(flight), 1);
    };
    flight.then(landed, landed);
  }

  /** Sends everything still waiting; answers the log's final offset. */
  async close(): Promise<number> {
    await this.#flush(true);
    await Promise.allSettled(this.#flights);
    if (this.#failed) throw this.#failed;
    return this.#acked;
  }
}

/**
 * The job's cloud credentials become sensitive environment variables of its steps: the IaC tool
 * reads them (AWS_ACCESS_KEY_ID…), and the log masker hides their values. They win over a stack
 * variable of the same name.
 */
export function withCredentials(spec: JobSpec, credentials: JobCredentials[]): JobSpec {
  if (!credentials.length) return spec;
  const entries = credentials.flatMap((c) => Object.entries(c.env));
  const names = new Set(entries.map(([name]) => name));
  return {
    ...spec,
    variables: [
      ...spec.variables.filter((v) => v.kind !== 'environment' || !names.has(v.name)),
      ...entries.map(([name, value]) => ({ name, value, kind: 'environment' as const, sensitive: true })),
    ],
  };
}

interface RunningJob {
  job: ClaimedJob;
  cancel: AbortController;
  force: AbortController;
  fenced: boolean;
  done: Promise<void>;
}

/**
 * The runner: claims jobs of its group (long poll), runs each with the runner engine, streams its
 * log by offset, reports its steps, finishes it; heartbeats extend the leases of its jobs and
 * bring back cancel signals and superseded jobs (a superseded job is killed and reports nothing
 * more: the server fences it anyway). `stop` is graceful: no more claims, health shuttingDown,
 * running jobs finish (up to the drain time, then they are cancelled).
 */
export class RunnerAgent {
  readonly #running = new Map<string, RunningJob>();
  readonly #stop = new AbortController();
  #loops: Promise<void>[] = [];
  #heartbeat: NodeJS.Timeout | null = null;
  #stopping = false;
  #claimed = 0;
  readonly #log: RunnerAgentLogger;

  constructor(private readonly options: RunnerAgentOptions) {
    this.#log = options.logger ?? silent;
  }

  get runningJobs(): string[] {
    return [...this.#running.keys()];
  }

  start(): void {
    const concurrency = Math.max(1, this.options.concurrency ?? 1);
    for (let i = 0; i < concurrency; i += 1) this.#loops.push(this.#loop());
    this.#heartbeat = setInterval(() => void this.heartbeat().catch((error: unknown) => this.#log.warn('Heartbeat failed', { err: String(error) })), this.options.heartbeatIntervalMs ?? 10_000);
    this.#heartbeat.unref();
  }

  /** Resolves once every loop ended (after `stop`, or after one job with `once`). */
  async finished(): Promise<void> {
    await Promise.all(this.#loops);
  }

  async heartbeat(): Promise<void> {
    const jobs = [...this.#running.values()].filter((r) => !r.fenced).map((r) => ({ jobId: r.job.jobId, attempt: r.job.attempt }));
    const answer = await this.options.transport.heartbeat({ health: this.#stopping ? 'shuttingDown' : 'ok', jobs });
    for (const jobId of answer.superseded) {
      const running = this.#running.get(jobId);
      if (!running) continue;
      this.#log.warn('The server gave this job to another attempt: stopping it', { jobId });
      running.fenced = true;
      running.force.abort('force');
      running.cancel.abort('force');
    }
    for (const { jobId, signal } of answer.signals) this.#signal(jobId, signal);
  }

  #signal(jobId: string, signal: 'none' | 'cancel' | 'force') {
    const running = this.#running.get(jobId);
    if (!running || signal === 'none') return;
    if (signal === 'force') running.force.abort('force');
    running.cancel.abort(signal);
  }

  async #loop(): Promise<void> {
    while (!this.#stop.signal.aborted) {
      if (this.options.once && this.#claimed > 0) return;
      let job: ClaimedJob | null = null;
      try {
        job = await this.options.transport.claim(this.options.claimWaitSeconds ?? 25, this.#stop.signal);
      } catch (error) {
        if (this.#stop.signal.aborted) return;
        this.#log.warn('Claiming a job failed; retrying', { err: String(error) });
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        continue;
      }
      if (!job) continue;
      if (this.options.once && this.#claimed > 0) {
        // Another loop took the one job meanwhile: this claim cannot be handed back, so it runs too.
      }
      this.#claimed += 1;
      await this.#run(job);
    }
  }

  async #run(job: ClaimedJob): Promise<void> {
    const cancel = new AbortController();
    const force = new AbortController();
    const running: RunningJob = { job, cancel, force, fenced: false, done: Promise.resolve() };
    this.#running.set(job.jobId, running);
    const transport = this.options.transport;
    this.#log.info('Job claimed', { jobId: job.jobId, runId: job.runId, phase: job.phase, attempt: job.attempt });
    const uploader = new LogUploader((offset, data) => transport.appendLog(job, offset, data), this.options.logBatchBytes, this.options.logFlushMs);
    let done!: () => void;
    running.done = new Promise((resolve) => (done = resolve));
    try {
      // The heartbeat is written at once: a long init must not look like a silent runner.
      await this.heartbeat().catch(() => undefined);
      let spec: JobSpec;
      try {
        spec = this.#resolveBackend(await transport.spec(job));
        spec = withCredentials(spec, (await transport.credentials?.(job)) ?? []);
      } catch (error) {
        if (error instanceof JobFencedError) return; // the server ended the job (its spec could not be built)
        throw error;
      }
      const sink: JobSink = {
        log: (bytes) => {
          if (running.fenced) return undefined;
          return uploader.write(bytes);
        },
        step: async (key: StepKey, status: StepStatus, result?: StepResult) => {
          if (running.fenced) return { signal: 'force' };
          try {
            const answer = await transport.step(job, contractStepName(key), status, result);
            if (answer.signal !== 'none') this.#signal(job.jobId, answer.signal);
            return answer;
          } catch (error) {
            if (error instanceof JobFencedError) {
              running.fenced = true;
              return { signal: 'force' };
            }
            throw error;
          }
        },
      };
      const execute = this.options.execute ?? runJob;
      const outcome = await execute(spec, sink, cancel.signal, { ...this.options.engine, force: force.signal });
      if (running.fenced) return;
      let finalOffset: number;
      try {
        finalOffset = await uploader.close();
      } catch (error) {
        if (error instanceof JobFencedError) return;
        throw error;
      }
      for (let tries = 0; ; tries += 1) {
        try {
          await transport.finish(job, finalOffset, outcome);
          break;
        } catch (error) {
          if (error instanceof JobFencedError) return;
          if (error instanceof LogOffsetError && tries < 3) continue;
          throw error;
        }
      }
      this.#log.info('Job finished', { jobId: job.jobId, status: outcome.status });
    } catch (error) {
      this.#log.error('The job could not be reported; the server will fail it when its lease expires', { jobId: job.jobId, err: String(error) });
    } finally {
      this.#running.delete(job.jobId);
      done();
    }
  }

  /** A relative state backend address (the server's) is resolved against the URL this runner reaches the server at. */
  #resolveBackend(spec: JobSpec): JobSpec {
    const backend = spec.backend;
    if (backend.kind !== 'http' || !this.options.apiBaseUrl) return spec;
    const base = `${this.options.apiBaseUrl.replace(/\/+$/, '')}/`;
    const at = (address: string) => new URL(address, base).toString();
    return { ...spec, backend: { ...backend, address: at(backend.address), lockAddress: at(backend.lockAddress), unlockAddress: at(backend.unlockAddress) } };
  }

  /**
   * Graceful stop: no more claims, health shuttingDown, running jobs finish within `drainMs`
   * (default 30 minutes), then they are cancelled (SIGINT: terraform writes its state) and, 30 s
   * later, killed.
   */
  async stop(options: { drainMs?: number } = {}): Promise<void> {
    if (this.#stopping) return this.finished();
    this.#stopping = true;
    this.#stop.abort();
    await this.heartbeat().catch(() => undefined);
    const jobs = [...this.#running.values()];
    const drained = Promise.all(jobs.map((j) => j.done));
    const drainTimer = setTimeout(() => {
      for (const j of this.#running.values()) j.cancel.abort('cancel');
      setTimeout(() => {
        for (const j of this.#running.values()) j.force.abort('force');
      }, 30_000).unref();
    }, options.drainMs ?? 30 * 60_000);
    await drained;
    clearTimeout(drainTimer);
    await Promise.all(this.#loops);
    if (this.#heartbeat) clearInterval(this.#heartbeat);
    await this.options.transport.heartbeat({ health: 'shuttingDown', jobs: [] }).catch(() => undefined);
  }
}
