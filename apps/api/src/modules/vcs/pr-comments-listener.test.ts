import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { terminateIdleConnection } from '../../testing/idle-connection';
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
      // One connection in the pool: the one the commenter listened on, now idle. Releasing it
      // again when its error arrives would throw out of the event.
      await terminateIdleConnection(pool, inject('databaseUrl'));
      expect(errors).toEqual([]);
    } finally {
      await pool.end();
    }
  });
});
