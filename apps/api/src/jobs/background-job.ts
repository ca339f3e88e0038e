/**
 * Background and scheduled work (drift ticks, TTL expiry, log compaction, retention…), run by the
 * PostgreSQL job queue exactly once however many server replicas there are. Runs themselves are
 * not background jobs: they live in `runs`/`run_jobs` with their own leases (modules/runs).
 *
 * Write the work as a plain service function that takes `now` and test it directly; a
 * BackgroundJob only adapts it to the queue.
 */
export interface BackgroundJob<T extends object = object> {
  /** Queue name: kebab-case, unique in the product. */
  name: string;
  /** A schedule (UTC, five fields): one job per tick across all replicas. */
  cron?: string;
  /** At most one waiting and one running at a time. Default: true for cron jobs, false otherwise. */
  singleton?: boolean;
  /** A job still running after this long is presumed lost (its replica died) and retried. Default 15 minutes. */
  expireInSeconds?: number;
  /** Retries after a failure or an expiry. Default 2. */
  retryLimit?: number;
  handler(data: T, context: BackgroundJobContext): Promise<void>;
}

export interface BackgroundJobContext {
  now: Date;
  /** Aborted when the queue stops; long work should give up at its next safe point. */
  signal: AbortSignal;
  /** The queue's job id, for logs. */
  jobId: string;
}

/** Keeps a module's job typed where it is declared and lets lists of different jobs mix. */
export function defineBackgroundJob<T extends object>(job: BackgroundJob<T>): BackgroundJob {
  return job as unknown as BackgroundJob;
}
