import type { FastifyBaseLogger } from 'fastify';
import type { ComposedOperations } from './compose-operations';
import { defineBackgroundJob, type BackgroundJob } from './jobs/background-job';
import type { JobQueue } from './jobs/job-queue';
import { sweepRunners } from './modules/runners/runner-protocol.service';
import { repairRunMutexes } from './modules/runs/run-mutex-repair';
import { DRIFT_TICK_JOB, runDriftSchedule } from './modules/drift/drift-schedule.service';
import { runStackLifecycle, TTL_JOB_NAME } from './modules/templates/stack-lifecycle.service';
import { DISCOVERY_SCAN_JOB, DISCOVERY_SWEEP_JOB, runDiscoveryScan, sweepDiscoveryScans, type ScanRequest } from './modules/stack-discovery/stack-discovery.service';

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
    // Lost jobs (lease expired) fail their runs with the reason; runner health; idle run logs compacted.
    defineBackgroundJob({ name: 'runner-sweep', cron: '* * * * *', expireInSeconds: 300, handler: async (_data, { now }) => void (await sweepRunners(composed.runnerProtocol, now)) }),
    { name: DRIFT_TICK_JOB, cron: '* * * * *', handler: async (_data, { now }) => void (await runDriftSchedule(composed.drift, now)) },
    // Ephemeral stacks past their time to live are destroyed, then deleted (templates module).
    { name: TTL_JOB_NAME, cron: '* * * * *', handler: async (_data, { now }) => void (await runStackLifecycle(composed.templates, now)) },
    // Stack discovery: each scan a request recorded (sent by DiscoveryScans), and the sweep of lost ones.
    defineBackgroundJob<ScanRequest>({ name: DISCOVERY_SCAN_JOB, expireInSeconds: 30 * 60, retryLimit: 0, handler: (request) => runDiscoveryScan(composed.discovery, request) }),
    { name: DISCOVERY_SWEEP_JOB, cron: '* * * * *', handler: async (_data, { now }) => void (await sweepDiscoveryScans(composed.discovery, now)) },
  ];
}

/** Once the queue runs: the modules that record work in a request send it to the queue (before, they run it themselves). */
export function sendWorkToQueue(composed: ComposedOperations, queue: Pick<JobQueue, 'send'>): void {
  composed.discoveryScans.useQueue((request) => queue.send(DISCOVERY_SCAN_JOB, request));
}
