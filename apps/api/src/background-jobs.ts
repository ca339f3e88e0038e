import type { ComposedOperations } from './compose-operations';
import { defineBackgroundJob, type BackgroundJob } from './jobs/background-job';
import { sweepRunners } from './modules/runners/runner-protocol.service';

/**
 * Every module's background and scheduled work, run by the job queue (jobs/job-queue.ts) in each
 * server replica. Add one entry per job; the work itself lives in its module as a service function.
 */
export function backgroundJobs(composed: ComposedOperations): BackgroundJob[] {
  return [
    // Lost jobs (lease expired) fail their runs with the reason; runner health; idle run logs compacted.
    defineBackgroundJob({ name: 'runner-sweep', cron: '* * * * *', expireInSeconds: 300, handler: async (_data, { now }) => void (await sweepRunners(composed.runnerProtocol, now)) }),
  ];
}
