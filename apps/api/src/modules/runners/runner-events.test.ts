import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { terminateIdleConnection } from '../../testing/idle-connection';
import { RUN_JOBS_CHANNEL, RunnerEvents } from './runner-events';

describe('the runner events’ listening connection', () => {
  it('leaves a connection it gave back alone when PostgreSQL later ends it (the server shutting down)', async () => {
    const pool = new pg.Pool({ connectionString: inject('databaseUrl'), max: 1 });
    pool.on('error', () => undefined);
    try {
      const events = new RunnerEvents(pool);
      await events.start();
      // It hears a notification while it listens.
      const heard = events.waitFor(RUN_JOBS_CHANNEL, (payload) => payload === 'job-1', 10_000);
      const notifier = new pg.Client({ connectionString: inject('databaseUrl') });
      await notifier.connect();
      try {
        await notifier.query(`SELECT pg_notify('${RUN_JOBS_CHANNEL}', 'job-1')`);
      } finally {
        await notifier.end();
      }
      expect(await heard).toBe(true);
      await events.stop();
      // One connection in the pool: the one it listened on, now idle. Releasing it again when
      // its error arrives threw out of the event (the server crashed at shutdown with "Release
      // called on client which has already been released to the pool").
      await terminateIdleConnection(pool, inject('databaseUrl'));
    } finally {
      await pool.end();
    }
  });
});
