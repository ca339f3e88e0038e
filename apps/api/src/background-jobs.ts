import type { ComposedOperations } from './compose-operations';
import type { BackgroundJob } from './jobs/background-job';
import { runStackLifecycle, TTL_JOB_NAME } from './modules/templates/stack-lifecycle.service';

/**
 * Every module's background and scheduled work, run by the job queue (jobs/job-queue.ts) in each
 * server replica. Add one entry per job; the work itself lives in its module as a service function.
 */
export function backgroundJobs(composed: ComposedOperations): BackgroundJob[] {
  return [
    // Ephemeral stacks past their time to live are destroyed, then deleted (templates module).
    { name: TTL_JOB_NAME, cron: '* * * * *', handler: async (_data, { now }) => void (await runStackLifecycle(composed.templates, now)) },
  ];
}
