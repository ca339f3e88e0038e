import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organizationId } from '../../db/tenant-columns';

export const consoleEvents = pgTable(
  'console_events',
  {
    id: text('id').primaryKey(),
    organizationId: organizationId(),
    userId: text('user_id').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('console_events_org_created_idx').on(t.organizationId, t.createdAt)],
);
