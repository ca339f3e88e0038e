import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database';
import { authThrottles } from './throttle.schema';

type Executor = Database | Transaction;

/** How many attempts a key's fixed window has taken, and when that window ends. */
export interface TakenAttempt {
  keyHash: string;
  attempts: number;
  /** Whole seconds until the window ends (at least 1). */
  retryAfterSeconds: number;
}

/**
 * Takes one attempt on each key, atomically (INSERT … ON CONFLICT DO UPDATE): a window that has
 * ended starts again at 1. Because the attempt is counted before the secret is checked, parallel
 * guesses cannot slip past the limit between a read and a write.
 */
export async function takeAttempts(db: Executor, keys: { keyHash: string; windowMs: number }[]): Promise<TakenAttempt[]> {
  await pruneEnded(db);
  const taken: TakenAttempt[] = [];
  for (const { keyHash, windowMs } of keys) {
    const ends = sql`now() + ${`${windowMs} milliseconds`}::interval`;
    const ended = sql`${authThrottles.windowEndsAt} <= now()`;
    const [row] = await db
      .insert(authThrottles)
      .values({ keyHash, attempts: 1, windowEndsAt: ends })
      .onConflictDoUpdate({
        target: authThrottles.keyHash,
        set: {
          attempts: sql`CASE WHEN ${ended} THEN 1 ELSE ${authThrottles.attempts} + 1 END`,
          windowEndsAt: sql`CASE WHEN ${ended} THEN excluded.window_ends_at ELSE ${authThrottles.windowEndsAt} END`,
        },
      })
      .returning({
        attempts: authThrottles.attempts,
        retryAfterSeconds: sql<number>`greatest(1, ceil(extract(epoch from ${authThrottles.windowEndsAt} - now())))::int`,
      });
    if (row) taken.push({ keyHash, attempts: row.attempts, retryAfterSeconds: row.retryAfterSeconds });
  }
  return taken;
}

/** Gives back one attempt of a live window (a success is not a failure; the window keeps the others). */
export async function giveBackAttempt(db: Executor, keyHash: string): Promise<void> {
  await db
    .update(authThrottles)
    .set({ attempts: sql`${authThrottles.attempts} - 1` })
    .where(and(eq(authThrottles.keyHash, keyHash), gt(authThrottles.attempts, 0), gt(authThrottles.windowEndsAt, sql`now()`)));
}

/** Forgets a key's counter altogether. */
export async function clearAttempts(db: Executor, keyHash: string): Promise<void> {
  await db.delete(authThrottles).where(eq(authThrottles.keyHash, keyHash));
}

/**
 * Deletes counters whose window has ended, a bounded batch at a time, as attempts arrive: the
 * table holds only live windows without a scheduled job.
 */
async function pruneEnded(db: Executor): Promise<void> {
  const ended = db
    .select({ keyHash: authThrottles.keyHash })
    .from(authThrottles)
    .where(lte(authThrottles.windowEndsAt, sql`now()`))
    .limit(100)
    // Two prunes at once take different rows instead of waiting on (or deadlocking with) each other.
    .for('update', { skipLocked: true });
  await db.delete(authThrottles).where(inArray(authThrottles.keyHash, ended));
}
