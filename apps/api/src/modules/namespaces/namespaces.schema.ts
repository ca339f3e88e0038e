import { index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations } from '../accounts/accounts.schema';

export const namespaces = pgTable(
  'namespaces',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    // The nested settings keep their wire shape; nothing queries inside them.
    externalCredentials: jsonb('external_credentials').$type<unknown[]>().notNull().default([]),
    iacConfig: jsonb('iac_config'),
    runnerConfig: jsonb('runner_config'),
    deploymentApprovalPolicy: jsonb('deployment_approval_policy'),
    capabilities: jsonb('capabilities'),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Also the index of the list (filtered by organization, ordered by name).
    uniqueIndex('namespaces_org_name_key').on(t.organizationId, t.name),
    index('namespaces_org_id_idx').on(t.organizationId, t.id),
  ],
);
