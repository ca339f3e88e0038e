import { jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations } from '../accounts/accounts.schema';

export const customRoles = pgTable(
  'custom_roles',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    type: text('type', { enum: ['namespaceRole', 'organizationRole'] }).notNull(),
    /** Stack-level permission names (validated against the description's StackPermissionName). */
    permissions: jsonb('permissions').$type<string[]>().notNull().default([]),
    stackRestriction: text('stack_restriction', { enum: ['none', 'restrictReadToOwnStacks', 'restrictWriteToOwnStacks'] })
      .notNull()
      .default('none'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('custom_roles_org_name_key').on(t.organizationId, t.name)],
);
