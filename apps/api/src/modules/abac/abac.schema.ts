import { jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations } from '../accounts/accounts.schema';

export interface AbacRole {
  orgId: string;
  orgRole: string;
  teamIds: string[];
}

export const customAbacConfigurations = pgTable(
  'custom_abac_configurations',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** The identity-provider group the configuration matches. */
    customAbacId: text('custom_abac_id').notNull(),
    name: text('name').notNull(),
    // Kept in its wire shape: the references it holds point into other organizations too, and
    // are checked when written.
    roles: jsonb('roles').$type<AbacRole[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('custom_abac_configurations_org_group_key').on(t.organizationId, t.customAbacId)],
);
