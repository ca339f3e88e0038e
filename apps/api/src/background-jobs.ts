import type { ComposedOperations } from './compose-operations';
import type { BackgroundJob } from './jobs/background-job';
import { DRIFT_TICK_JOB, runDriftSchedule } from './modules/drift/drift-schedule.service';

/**
 * Every module's background and scheduled work, run by the job queue (jobs/job-queue.ts) in each
 * server replica. Add one entry per job; the work itself lives in its module as a service function.
 */
export function backgroundJobs(composed: ComposedOperations): BackgroundJob[] {
  return [
    { name: DRIFT_TICK_JOB, cron: '* * * * *', handler: async (_data, { now }) => void (await runDriftSchedule(composed.drift, now)) },
  ];
}
