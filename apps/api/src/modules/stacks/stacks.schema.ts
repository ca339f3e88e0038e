import { index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../db/tenant-columns';

export const stacks = pgTable(
  'stacks',
  {
    ...tenantColumns('stack'),
    // The namespace module's table is not referenced here (modules own their tables); the
    // namespace is checked through its service and a namespace is not deleted under its stacks.
    namespaceId: text('namespace_id').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    iacType: text('iac_type', { enum: ['terraform', 'terragrunt', 'opentofu'] }).notNull(),
    stackType: text('stack_type', { enum: ['ephemeral', 'ephemeralManaged', 'persistent'] }).notNull(),
    templateId: text('template_id'),
    blueprintId: text('blueprint_id'),
    // The nested settings keep their wire shape (`data` of the Stack); nothing queries inside them.
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    driftState: text('drift_state').notNull().default('notChecked'),
    // Written by the drift domain (through stack-drift.service): the last finished drift check and
    // the next scheduled one (NULL: not scheduled yet, the drift tick gives it its slot).
    driftCheckedAt: timestamp('drift_checked_at', { withTimezone: true }),
    nextDriftAt: timestamp('next_drift_at', { withTimezone: true }),
    errorState: text('error_state').notNull().default('ok'),
    initStatus: text('init_status').notNull().default('succeeded'),
    // The latest run, carried on the row: the runs domain updates these in its transition
    // transaction, so the list filters and sorts on them without reading run history.
    latestRunStatus: text('latest_run_status'),
    latestRunId: text('latest_run_id'),
    latestRunAt: timestamp('latest_run_at', { withTimezone: true }),
    // The stack's run mutex (design §5.2): the active deployment, destroy or task, NULL when free.
    // Written only by the runs domain's transition function, through stack-runs.service.
    activeRunId: text('active_run_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdBy: text('created_by'),
  },
  (t) => [
    // Name unique within a namespace, also under concurrent creates.
    uniqueIndex('stacks_org_ns_name_key').on(t.organizationId, t.namespaceId, t.name),
    // The list's orders (each ends with the unique id) and its filters.
    index('stacks_org_name_idx').on(t.organizationId, t.name, t.id),
    index('stacks_org_created_idx').on(t.organizationId, t.createdAt, t.id),
    index('stacks_org_updated_idx').on(t.organizationId, t.updatedAt, t.id),
    index('stacks_org_latest_run_idx').on(t.organizationId, t.latestRunAt, t.id),
    index('stacks_org_status_idx').on(t.organizationId, t.latestRunStatus, t.name),
    index('stacks_org_drift_idx').on(t.organizationId, t.driftState, t.name),
    index('stacks_org_error_idx').on(t.organizationId, t.errorState, t.name),
    index('stacks_org_iac_idx').on(t.organizationId, t.iacType, t.name),
    index('stacks_org_id_idx').on(t.organizationId, t.id),
    // The drift tick: every organization's due stacks, oldest slot first.
    index('stacks_next_drift_idx').on(t.nextDriftAt),
    // The time-to-live job's scan across organizations (ephemeral stacks only have an expiry).
    index('stacks_expires_idx').on(t.expiresAt),
  ],
);
