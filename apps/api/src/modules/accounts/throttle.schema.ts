import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../db/columns';

/**
 * Counters of failed or repeated attempts against guessable secrets (passwords, MFA codes) and
 * of mail sent per address, shared by every listener and replica through PostgreSQL. One row per
 * key and fixed window; the key is a SHA-256 (an e-mail or address is never stored in clear).
 * Rows whose window has ended are pruned as new attempts arrive (throttle.repository.ts).
 */
export const authThrottles = pgTable(
  'auth_throttles',
  {
    keyHash: text('key_hash').primaryKey(),
    attempts: integer('attempts').notNull(),
    windowEndsAt: timestamptz('window_ends_at').notNull(),
  },
  (t) => [index('auth_throttles_window_idx').on(t.windowEndsAt)],
);
