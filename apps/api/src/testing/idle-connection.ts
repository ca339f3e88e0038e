import pg from 'pg';

/**
 * Ends, from another session, the one idle connection of a single-connection pool (as
 * PostgreSQL does when it shuts down), then lets its error reach the pool's client: a listener
 * that gave the connection back must leave that error alone.
 */
export async function terminateIdleConnection(pool: pg.Pool, databaseUrl: string): Promise<void> {
  const { rows } = await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query('SELECT pg_terminate_backend($1)', [rows[0]?.pid]);
  } finally {
    await admin.end();
  }
  await new Promise((resolve) => setTimeout(resolve, 300));
}
