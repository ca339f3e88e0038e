import type { ComposedOperations } from './compose-operations';
import type { BackgroundJob } from './jobs/background-job';

/**
 * Every module's background and scheduled work, run by the job queue (jobs/job-queue.ts) in each
 * server replica. Add one entry per job; the work itself lives in its module as a service function.
 */
export function backgroundJobs(composed: ComposedOperations): BackgroundJob[] {
  void composed;
  return [];
}
