import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { startPlanCommenter } from './pr-comments.service';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api.close();
});

describe('the plan commenter’s listening connection', () => {
  it('leaves a connection it gave back alone when PostgreSQL later ends it (the server shutting down)', async () => {
    const pool = new pg.Pool({ connectionString: inject('databaseUrl'), max: 1 });
    const errors: unknown[] = [];
    pool.on('error', () => undefined);
    try {
      const commenter = await startPlanCommenter(api.planComments, pool, { sweepMs: 60_000, onError: (e) => errors.push(e) });
      await commenter.stop();
      // One connection in the pool: the one the commenter listened on, now idle.
      const { rows } = await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      const admin = new pg.Client({ connectionString: inject('databaseUrl') });
      await admin.connect();
      try {
        await admin.query('SELECT pg_terminate_backend($1)', [rows[0]?.pid]);
      } finally {
        await admin.end();
      }
      // The error reaches the idle connection; a second release would throw out of the event.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(errors).toEqual([]);
    } finally {
      await pool.end();
    }
  });
});
