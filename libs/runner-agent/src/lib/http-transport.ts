import type { StepStatus } from '@terrace/domain';
import type { JobOutcome, JobSpec, StepResult } from '@terrace/runner-engine';
import { JobFencedError, LogOffsetError, type ClaimedJob, type JobCredentials, type JobRef, type RunnerHealth, type RunnerTransport } from './transport';

/** An answer of the server that is not a success. */
export class RunnerProtocolError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'RunnerProtocolError';
  }
}

interface Envelope<T> {
  response?: { items?: T[]; errors?: { code: string; message: string }[] };
}

export interface HttpTransportOptions {
  /** The API's base URL (`https://terrace.example.com/api`). */
  baseUrl: string;
  /** The runner token (`trn_…`) from registration. */
  runnerToken: string;
  fetch?: typeof fetch;
  /** Waits between retries of a call that failed on the network or with a 5xx (default 0.5, 1, 2, 4, 8 s). */
  retryDelaysMs?: readonly number[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const offsetIn = (message: string) => Number(/offset (\d+)/.exec(message)?.[1] ?? NaN);

/**
 * The runner protocol over HTTP(S), outbound only: JSON in the product's envelope, the runner
 * token for runner calls and the job's token for job calls. Network errors and 5xx are retried
 * (every call is idempotent on the server); a 409 of fencing becomes JobFencedError.
 */
export class HttpRunnerTransport implements RunnerTransport {
  readonly #fetch: typeof fetch;
  readonly #base: string;
  readonly #delays: readonly number[];

  constructor(private readonly options: HttpTransportOptions) {
    this.#fetch = options.fetch ?? fetch;
    this.#base = options.baseUrl.replace(/\/+$/, '');
    this.#delays = options.retryDelaysMs ?? [500, 1_000, 2_000, 4_000, 8_000];
  }

  async #call<T>(method: 'GET' | 'POST', path: string, token: string, entity?: unknown, signal?: AbortSignal): Promise<T[]> {
    for (let attempt = 0; ; attempt += 1) {
      let response: Response;
      try {
        response = await this.#fetch(`${this.#base}${path}`, {
          method,
          headers: { authorization: `Bearer ${token}`, ...(entity !== undefined ? { 'content-type': 'application/json' } : {}) },
          ...(entity !== undefined ? { body: JSON.stringify({ entity }) } : {}),
          ...(signal ? { signal } : {}),
        });
      } catch (error) {
        if (signal?.aborted) throw error;
        const delay = this.#delays[attempt];
        if (delay === undefined) throw error;
        await sleep(delay);
        continue;
      }
      const body = (await response.json().catch(() => ({}))) as Envelope<T>;
      if (response.ok) return body.response?.items ?? [];
      const message = body.response?.errors?.[0]?.message ?? `HTTP ${response.status}`;
      if (response.status >= 500 && response.status !== 501) {
        const delay = this.#delays[attempt];
        if (delay !== undefined) {
          await sleep(delay);
          continue;
        }
      }
      if (response.status === 409) {
        if (/log continues at offset|stored up to offset/.test(message)) throw new LogOffsetError(message, offsetIn(message));
        throw new JobFencedError(message);
      }
      throw new RunnerProtocolError(response.status, message);
    }
  }

  async heartbeat(report: { health: RunnerHealth; jobs: JobRef[] }) {
    const [answer] = await this.#call<{ signals: { jobId: string; signal: 'none' | 'cancel' | 'force' }[]; superseded: string[] }>(
      'POST',
      '/runner/heartbeat',
      this.options.runnerToken,
      report,
    );
    return answer ?? { signals: [], superseded: [] };
  }

  async claim(waitSeconds: number, signal: AbortSignal): Promise<ClaimedJob | null> {
    const [job] = await this.#call<ClaimedJob>('POST', '/runner/job/claim', this.options.runnerToken, { waitSeconds }, signal);
    return job ?? null;
  }

  async spec(job: ClaimedJob): Promise<JobSpec> {
    const [spec] = await this.#call<JobSpec>('GET', `/runner/job/${encodeURIComponent(job.jobId)}/spec`, job.token);
    if (!spec) throw new RunnerProtocolError(500, 'The server answered no job spec');
    return spec;
  }

  async appendLog(job: ClaimedJob, offset: number, data: Uint8Array): Promise<number> {
    const [answer] = await this.#call<{ end: number }>('POST', `/runner/job/${encodeURIComponent(job.jobId)}/log`, job.token, {
      offset,
      data: Buffer.from(data).toString('base64'),
    });
    return answer?.end ?? offset + data.length;
  }

  async step(job: ClaimedJob, step: string, status: StepStatus, result?: StepResult) {
    const [answer] = await this.#call<{ signal: 'none' | 'cancel' | 'force' }>('POST', `/runner/job/${encodeURIComponent(job.jobId)}/stepResult`, job.token, {
      step,
      status,
      ...(result ? { result } : {}),
    });
    return answer ?? { signal: 'none' as const };
  }

  async credentials(job: ClaimedJob): Promise<JobCredentials[]> {
    try {
      return await this.#call<JobCredentials>('GET', `/runner/job/${encodeURIComponent(job.jobId)}/credentials`, job.token);
    } catch (error) {
      // A server from before job credentials answers 501 (or 404): the job has none.
      if (error instanceof RunnerProtocolError && (error.status === 501 || error.status === 404)) return [];
      throw error;
    }
  }

  async finish(job: ClaimedJob, finalLogOffset: number, outcome: JobOutcome): Promise<void> {
    await this.#call('POST', `/runner/job/${encodeURIComponent(job.jobId)}/finish`, job.token, { status: outcome.status, finalLogOffset, outcome });
  }
}

/** Registers a runner with a runner-group token; answers its id and runner token. */
export async function registerRunner(
  baseUrl: string,
  input: { runnerGroupToken: string; name: string; version?: string },
  fetchImpl: typeof fetch = fetch,
): Promise<{ runnerId: string; runnerGroupId: string; token: string; heartbeatIntervalSeconds: number; leaseSeconds: number }> {
  const response = await fetchImpl(`${baseUrl.replace(/\/+$/, '')}/runner/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ entity: input }),
  });
  const body = (await response.json().catch(() => ({}))) as Envelope<{ runnerId: string; runnerGroupId: string; token: string; heartbeatIntervalSeconds: number; leaseSeconds: number }>;
  const registered = body.response?.items?.[0];
  if (!response.ok || !registered) throw new RunnerProtocolError(response.status, body.response?.errors?.[0]?.message ?? `HTTP ${response.status}`);
  return registered;
}
