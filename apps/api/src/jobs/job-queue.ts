import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { BackgroundJob } from './background-job';

export interface JobQueue {
  /** Queues one run of a registered job; null when a singleton key already holds one. */
  send<T extends object>(name: string, data: T, options?: { startAfter?: Date; singletonKey?: string }): Promise<string | null>;
  /** Stops taking work and waits (up to `timeoutMs`) for running handlers; their signals are aborted. */
  stop(options?: { timeoutMs?: number }): Promise<void>;
}

export interface JobQueueOptions {
  connectionString: string;
  jobs: BackgroundJob[];
  logger: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>;
  /** PostgreSQL schema of the queue's own tables. Default `pgboss`. Tests use their own. */
  schema?: string;
  /** How often idle workers look for work. Default 2 s. */
  pollingIntervalSeconds?: number;
  /** How often expired (lost) jobs are detected. Default 60 s. */
  maintenanceIntervalSeconds?: number;
}

/**
 * pg-boss (PostgreSQL only, `FOR UPDATE SKIP LOCKED`): a job is fetched by one replica; when that
 * replica dies mid-job the job expires and another replica retries it. Cron schedules are kept in
 * the database, so each tick is sent once whatever the number of replicas.
 */
export async function startJobQueue(options: JobQueueOptions): Promise<JobQueue> {
  const names = new Set<string>();
  for (const job of options.jobs) {
    if (names.has(job.name)) throw new Error(`Two background jobs are named ${job.name}`);
    names.add(job.name);
  }
  const boss = new PgBoss({
    connectionString: options.connectionString,
    schema: options.schema ?? 'pgboss',
    max: 4,
    application_name: 'terrace-jobs',
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 60,
    monitorStateIntervalSeconds: 60,
  });
  boss.on('error', (error) => options.logger.error({ err: error }, 'Job queue error'));
  await boss.start();

  const abort = new AbortController();
  const running = new Set<Promise<unknown>>();
  for (const job of options.jobs) {
    const singleton = job.singleton ?? job.cron !== undefined;
    await boss.createQueue(job.name, {
      name: job.name,
      policy: singleton ? 'stately' : 'standard',
      expireInSeconds: job.expireInSeconds ?? 15 * 60,
      retryLimit: job.retryLimit ?? 2,
      retryDelay: 5,
      retryBackoff: true,
    });
    await boss.work<object>(
      job.name,
      { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, batchSize: 1 },
      async ([queued]) => {
        if (!queued || abort.signal.aborted) throw new Error('The job queue is stopping');
        const work = job.handler(queued.data ?? {}, { now: new Date(), signal: abort.signal, jobId: queued.id });
        running.add(work);
        try {
          await work;
        } catch (error) {
          options.logger.warn({ err: error, job: job.name, jobId: queued.id }, 'Background job failed');
          throw error;
        } finally {
          running.delete(work);
        }
      },
    );
    if (job.cron) await boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
    else await boss.unschedule(job.name).catch(() => undefined);
  }

  return {
    async send(name, data, sendOptions = {}) {
      if (!names.has(name)) throw new Error(`No background job is named ${name}`);
      return boss.send(name, data, {
        ...(sendOptions.startAfter ? { startAfter: sendOptions.startAfter } : {}),
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
      });
    },
    async stop(stopOptions = {}) {
      abort.abort();
      const timeout = stopOptions.timeoutMs ?? 10_000;
      await boss.stop({ graceful: true, wait: true, timeout });
    },
  };
}
