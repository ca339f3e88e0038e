import type { FastifyBaseLogger } from 'fastify';
import type { ComposedOperations } from './compose-operations';
import type { BackgroundJob } from './jobs/background-job';
import { DRIFT_TICK_JOB, runDriftSchedule } from './modules/drift/drift-schedule.service';
import { repairRunMutexes } from './modules/runs/run-mutex-repair';

/**
 * Every module's background and scheduled work, run by the job queue (jobs/job-queue.ts) in each
 * server replica. Add one entry per job; the work itself lives in its module as a service function.
 */
export function backgroundJobs(composed: ComposedOperations, logger: Pick<FastifyBaseLogger, 'warn'>): BackgroundJob[] {
  return [
    {
      // Stacks' run mutexes (design §5.2): a repair is a bug signal, so each one is logged.
      name: 'run-mutex-repair',
      cron: '* * * * *',
      handler: async () => {
        const repairs = await repairRunMutexes(composed.runs);
        if (repairs.released || repairs.promoted) logger.warn(repairs, 'Repaired stacks’ run mutexes');
      },
    },
    { name: DRIFT_TICK_JOB, cron: '* * * * *', handler: async (_data, { now }) => void (await runDriftSchedule(composed.drift, now)) },
  ];
}
