import { jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { organizationId } from '../../db/tenant-columns';

/** One configuration per organization; the document keeps the wire shape (absent = not set). */
export const organizationConfigurations = pgTable('organization_configurations', {
  organizationId: organizationId().primaryKey(),
  configuration: jsonb('configuration').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
