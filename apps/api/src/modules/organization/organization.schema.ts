import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from '../accounts/accounts.schema';

/** One configuration per organization; the document keeps the wire shape (absent = not set). */
export const organizationConfigurations = pgTable('organization_configurations', {
  organizationId: text('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  configuration: jsonb('configuration').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
