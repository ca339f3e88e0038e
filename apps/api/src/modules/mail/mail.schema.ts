import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Mail written instead of sent when no SMTP server is configured (development): the messages
 * stay readable here and the log shows their links. Not a tenant table: password recovery mail
 * belongs to no organization.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: text('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_to_idx').on(t.to, t.createdAt)],
);
