import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organizationId } from '../../db/tenant-columns';

/** The last heartbeat of each runner; the runner protocol (a later module) writes it. */
export const runnerHeartbeats = pgTable(
  'runner_heartbeats',
  {
    runnerId: text('runner_id').primaryKey(),
    organizationId: organizationId(),
    runnerGroupId: text('runner_group_id').notNull(),
    name: text('name').notNull(),
    health: text('health', { enum: ['ok', 'warning', 'error', 'shuttingDown'] }).notNull(),
    version: text('version'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('runner_heartbeats_org_updated_idx').on(t.organizationId, t.updatedAt)],
);
