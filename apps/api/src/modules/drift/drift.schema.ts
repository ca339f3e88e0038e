import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from '../../db/columns';
import { organizationId } from '../../db/tenant-columns';

// Drift (design automation-core §4 drift_checks, §5.10): each check of a stack (a drift run), the
// drifted resources it found, the stack's drift state per day (the Drift Center's chart) and the
// remediations. The stack's current drift state is on the stacks row (stack-drift.service).

/** One drift check: a drift run of the stack and what it found. */
export const driftChecks = pgTable(
  'drift_checks',
  {
    /** drd- */
    id: text('id').primaryKey(),
    organizationId: organizationId(),
    stackId: text('stack_id').notNull(),
    namespaceId: text('namespace_id').notNull(),
    /** The drift run (runs module); its status drives the check's. */
    runId: text('run_id').notNull(),
    trigger: text('trigger', { enum: ['schedule', 'manual', 'postApply'] }).notNull(),
    /** JobStatus: queued until the run ends (inProgress is read from the run while it is on a runner). */
    status: text('status', { enum: ['queued', 'inProgress', 'succeeded', 'failed', 'canceled'] }).notNull(),
    driftState: text('drift_state'),
    driftedResourceCount: integer('drifted_resource_count').notNull().default(0),
    errorMessage: text('error_message'),
    /** The deployment this check follows (postApply), and whether auto sync may deploy again after it. */
    afterRunId: text('after_run_id'),
    autoSyncAllowed: boolean('auto_sync_allowed').notNull().default(true),
    /** The deployment auto sync started when this check found drift. */
    autoSyncRunId: text('auto_sync_run_id'),
    createdBy: text('created_by'),
    createdAt: createdAt(),
    finishedAt: timestamptz('finished_at'),
  },
  (t) => [
    index('drift_checks_org_stack_created_idx').on(t.organizationId, t.stackId, t.createdAt.desc(), t.id.desc()),
    uniqueIndex('drift_checks_run_key').on(t.runId),
    // One check in flight per stack; the per-organization budget counts these.
    uniqueIndex('drift_checks_stack_active_key').on(t.stackId).where(sql`status in ('queued', 'inProgress')`),
    index('drift_checks_org_active_idx').on(t.organizationId).where(sql`status in ('queued', 'inProgress')`),
  ],
);

/** The resources a check found drifted or waiting for a deployment. */
export const driftResources = pgTable(
  'drift_resources',
  {
    checkId: text('check_id')
      .notNull()
      .references(() => driftChecks.id, { onDelete: 'cascade' }),
    organizationId: organizationId(),
    stackId: text('stack_id').notNull(),
    address: text('address').notNull(),
    resourceType: text('resource_type'),
    /** DriftKind: deleted, modified, modifiedForcesReplacement, deployRequired. */
    driftKind: text('drift_kind').notNull(),
    /** DeployRequiredKind of a deployRequired resource. */
    deployRequiredKind: text('deploy_required_kind'),
    /** [{path, expected, actual}]: state (expected) against the cloud (actual). */
    attributes: jsonb('attributes').$type<{ path: string; expected?: unknown; actual?: unknown }[]>().notNull().default([]),
  },
  (t) => [primaryKey({ columns: [t.checkId, t.address] })],
);

/** The drift state each stack had at the end of each day (UTC) on which it changed or was checked. */
export const driftHistory = pgTable(
  'drift_history',
  {
    organizationId: organizationId(),
    stackId: text('stack_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    driftState: text('drift_state').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.stackId, t.day] }), index('drift_history_org_day_idx').on(t.organizationId, t.day)],
);

/** A remediation: the deployment (or refresh-only deployment) started to end a stack's drift. */
export const driftRemediations = pgTable(
  'drift_remediations',
  {
    /** drr- */
    id: text('id').primaryKey(),
    organizationId: organizationId(),
    stackId: text('stack_id').notNull(),
    mode: text('mode', { enum: ['deploy', 'acceptCloudValues'] }).notNull(),
    runId: text('run_id').notNull(),
    resourceAddresses: text('resource_addresses').array().notNull().default(sql`'{}'::text[]`),
    createdBy: text('created_by'),
    createdAt: createdAt(),
  },
  (t) => [index('drift_remediations_org_stack_idx').on(t.organizationId, t.stackId, t.createdAt.desc())],
);
