import { index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../db/tenant-columns';

export const namespaces = pgTable(
  'namespaces',
  {
    ...tenantColumns('namespace'),
    name: text('name').notNull(),
    description: text('description'),
    // The nested settings keep their wire shape; nothing queries inside them.
    externalCredentials: jsonb('external_credentials').$type<unknown[]>().notNull().default([]),
    iacConfig: jsonb('iac_config'),
    runnerConfig: jsonb('runner_config'),
    deploymentApprovalPolicy: jsonb('deployment_approval_policy'),
    capabilities: jsonb('capabilities'),
    createdBy: text('created_by'),
  },
  (t) => [
    // Also the index of the list (filtered by organization, ordered by name).
    uniqueIndex('namespaces_org_name_key').on(t.organizationId, t.name),
    index('namespaces_org_id_idx').on(t.organizationId, t.id),
  ],
);
