/**
 * A server replica reduced to its job queue, for the queue's tests: started as a child process so
 * a test can kill it with SIGKILL mid-job. Argument: the database URL and the queue's schema.
 * Prints `started <data.marker>` when its handler begins, then never finishes the job.
 */
import { startJobQueue } from '../job-queue';

const [connectionString, schema] = process.argv.slice(2);
if (!connectionString || !schema) throw new Error('usage: queue-replica <databaseUrl> <schema>');
await startJobQueue({
  connectionString,
  schema,
  pollingIntervalSeconds: 0.5,
  maintenanceIntervalSeconds: 1,
  logger: console,
  jobs: [
    {
      name: 'survives-a-replica',
      expireInSeconds: 2,
      handler: async (data) => {
        process.stdout.write(`started ${(data as { marker?: string }).marker}\n`);
        await new Promise(() => undefined);
      },
    },
  ],
});
process.stdout.write('ready\n');
