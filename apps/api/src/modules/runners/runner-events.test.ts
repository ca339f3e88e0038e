import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
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
      // One connection in the pool: the one it listened on, now idle.
      const { rows } = await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      const admin = new pg.Client({ connectionString: inject('databaseUrl') });
      await admin.connect();
      try {
        await admin.query('SELECT pg_terminate_backend($1)', [rows[0]?.pid]);
      } finally {
        await admin.end();
      }
      // The error reaches the idle connection; releasing it again would throw out of the event
      // (the server process crashed at shutdown with "Release called on client which has already
      // been released to the pool").
      await new Promise((resolve) => setTimeout(resolve, 300));
    } finally {
      await pool.end();
    }
  });
});
