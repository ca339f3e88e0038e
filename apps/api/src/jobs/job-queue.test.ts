import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { findWorkspaceRoot } from '../config/workspace-root';
import { startJobQueue, type JobQueue } from './job-queue';

const databaseUrl = inject('databaseUrl');
const quiet = { error: () => undefined, warn: () => undefined, info: () => undefined };
const schemaName = () => `pgboss_test_${randomBytes(4).toString('hex')}`;
const started: JobQueue[] = [];

afterEach(async () => {
  await Promise.all(started.splice(0).map((queue) => queue.stop({ timeoutMs: 2000 })));
});

function until<T>(check: () => T | undefined, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const poll = () => {
      const value = check();
      if (value !== undefined) resolve(value);
      else if (Date.now() > deadline) reject(new Error('timed out'));
      else setTimeout(poll, 100);
    };
    poll();
  });
}

describe('job queue', () => {
  it('runs a sent job once, with its data, on one of two replicas', async () => {
    const schema = schemaName();
    const seen: string[] = [];
    const job = {
      name: 'count-me',
      handler: async (data: object) => {
        seen.push((data as { marker: string }).marker);
      },
    };
    for (let i = 0; i < 2; i++) {
      started.push(await startJobQueue({ connectionString: databaseUrl, schema, jobs: [job], logger: quiet, pollingIntervalSeconds: 0.5 }));
    }
    const [first] = started;
    if (!first) throw new Error('no replica');
    const ids = await Promise.all(['a', 'b', 'c'].map((marker) => first.send('count-me', { marker })));
    expect(ids.every((id) => typeof id === 'string')).toBe(true);
    await until(() => (seen.length >= 3 ? true : undefined));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect([...seen].sort()).toEqual(['a', 'b', 'c']);
  });

  it('refuses two jobs with one name and a send to an unknown job', async () => {
    const handler = async () => undefined;
    await expect(
      startJobQueue({ connectionString: databaseUrl, schema: schemaName(), logger: quiet, jobs: [{ name: 'x', handler }, { name: 'x', handler }] }),
    ).rejects.toThrow(/Two background jobs/);
    const queue = await startJobQueue({ connectionString: databaseUrl, schema: schemaName(), logger: quiet, jobs: [{ name: 'y', handler }] });
    started.push(queue);
    await expect(queue.send('nope', {})).rejects.toThrow(/No background job/);
  });

  it('keeps a cron job scheduled in the database, once, whatever the number of replicas', async () => {
    const schema = schemaName();
    const job = { name: 'every-minute', cron: '* * * * *', handler: async () => undefined };
    for (let i = 0; i < 2; i++) {
      started.push(await startJobQueue({ connectionString: databaseUrl, schema, jobs: [job], logger: quiet }));
    }
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query(`SELECT name, cron, timezone FROM "${schema}".schedule`);
      expect(rows).toEqual([{ name: 'every-minute', cron: '* * * * *', timezone: 'UTC' }]);
    } finally {
      await client.end();
    }
  });

  it('finishes a job on another replica when the replica running it is killed mid-job', async () => {
    const schema = schemaName();
    const replica = spawn(
      process.execPath,
      ['--import', 'tsx', join(import.meta.dirname, 'testing/queue-replica.ts'), databaseUrl, schema],
      { cwd: findWorkspaceRoot(), stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    replica.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise((resolve) => replica.once('exit', resolve));
    try {
      // The replica compiles itself (tsx) and starts its queue: slow on a loaded 2-core machine.
      await until(() => (output.includes('ready') ? true : undefined), 60_000);
      // The survivor shares the schema (the same product database) but has not started working yet.
      const survivorRuns: string[] = [];
      const sender = await startJobQueue({
        connectionString: databaseUrl,
        schema,
        logger: quiet,
        jobs: [{ name: 'survives-a-replica', expireInSeconds: 2, handler: async () => undefined }],
        pollingIntervalSeconds: 3600,
      });
      await sender.send('survives-a-replica', { marker: 'm1' });
      await until(() => (output.includes('started m1') ? true : undefined), 45_000);
      replica.kill('SIGKILL');
      await exited;
      await sender.stop({ timeoutMs: 1000 });
      started.push(
        await startJobQueue({
          connectionString: databaseUrl,
          schema,
          logger: quiet,
          pollingIntervalSeconds: 0.5,
          maintenanceIntervalSeconds: 1,
          jobs: [
            {
              name: 'survives-a-replica',
              expireInSeconds: 2,
              handler: async (data) => {
                survivorRuns.push((data as { marker: string }).marker);
              },
            },
          ],
        }),
      );
      await until(() => (survivorRuns.length > 0 ? true : undefined), 45_000);
      await new Promise((resolve) => setTimeout(resolve, 2000));
      expect(survivorRuns).toEqual(['m1']);
    } finally {
      if (replica.exitCode === null) replica.kill('SIGKILL');
    }
  }, 180_000);
});
