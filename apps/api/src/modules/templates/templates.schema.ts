import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt } from '../../db/columns';
import { organizationId, tenantColumns } from '../../db/tenant-columns';

// Self-service templates (ephemeral stacks with a time to live), blueprints (persistent stacks
// opened by pull request), the namespaces each may be used in, the lifecycle of the stacks made
// from them and their events. The stacks themselves are the stacks module's (reached through its
// service); `template_stacks` only follows what happens to them.

export const templates = pgTable(
  'templates',
  {
    ...tenantColumns('template'),
    name: text('name').notNull(),
    description: text('description'),
    iacType: text('iac_type', { enum: ['terraform', 'terragrunt', 'opentofu'] }).notNull(),
    // The nested settings keep their wire shape; nothing queries inside them.
    vcsInfo: jsonb('vcs_info').$type<Record<string, unknown>>().notNull(),
    policy: jsonb('policy').$type<Record<string, unknown>>(),
    skipStateRefreshOnDestroy: boolean('skip_state_refresh_on_destroy').notNull().default(false),
    iacConfig: jsonb('iac_config').$type<Record<string, unknown>>(),
    runnerConfig: jsonb('runner_config').$type<Record<string, unknown>>(),
    createdBy: text('created_by'),
  },
  (t) => [uniqueIndex('templates_org_name_key').on(t.organizationId, t.name), index('templates_org_id_idx').on(t.organizationId, t.id)],
);

export const templateNamespaceMappings = pgTable(
  'template_namespace_mappings',
  {
    organizationId: organizationId(),
    templateId: text('template_id')
      .notNull()
      .references(() => templates.id, { onDelete: 'cascade' }),
    // The namespaces module's table is not referenced (modules own their tables): the namespace is
    // checked through its service when the mapping is made.
    namespaceId: text('namespace_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.templateId, t.namespaceId] }), index('template_ns_mappings_org_ns_idx').on(t.organizationId, t.namespaceId)],
);

export const blueprints = pgTable(
  'blueprints',
  {
    ...tenantColumns('blueprint'),
    name: text('name').notNull(),
    description: text('description'),
    vcsInfo: jsonb('vcs_info').$type<Record<string, unknown>>().notNull(),
    stackConfiguration: jsonb('stack_configuration').$type<Record<string, unknown>>().notNull(),
    substituteParameters: jsonb('substitute_parameters').$type<unknown[]>().notNull().default([]),
    policy: jsonb('policy').$type<Record<string, unknown>>(),
    skipPlanOnStackInitialization: boolean('skip_plan_on_stack_initialization').notNull().default(false),
    autoApproveApplyOnInitialization: boolean('auto_approve_apply_on_initialization').notNull().default(false),
    createdBy: text('created_by'),
  },
  (t) => [uniqueIndex('blueprints_org_name_key').on(t.organizationId, t.name), index('blueprints_org_id_idx').on(t.organizationId, t.id)],
);

export const blueprintNamespaceMappings = pgTable(
  'blueprint_namespace_mappings',
  {
    organizationId: organizationId(),
    blueprintId: text('blueprint_id')
      .notNull()
      .references(() => blueprints.id, { onDelete: 'cascade' }),
    namespaceId: text('namespace_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.blueprintId, t.namespaceId] }), index('blueprint_ns_mappings_org_ns_idx').on(t.organizationId, t.namespaceId)],
);

/**
 * What the templates module follows of a stack made from a template or blueprint (or of any
 * ephemeral stack the time-to-live job destroys): its first deployment, its time-to-live destroy,
 * and for blueprints the pull request its initialization waits for. The row outlives its stack,
 * so the events keep their template.
 */
export const templateStacks = pgTable(
  'template_stacks',
  {
    organizationId: organizationId(),
    stackId: text('stack_id').primaryKey(),
    stackName: text('stack_name').notNull(),
    templateId: text('template_id'),
    blueprintId: text('blueprint_id'),
    /** The first deployment (template stacks) or the initialization run (blueprint stacks). */
    deployRunId: text('deploy_run_id'),
    deployReported: boolean('deploy_reported').notNull().default(false),
    /** The time-to-live destroy, once started. */
    destroyRunId: text('destroy_run_id'),
    destroyReported: boolean('destroy_reported').notNull().default(false),
    /** Blueprint stacks: the pull request their code came in. */
    providerId: text('provider_id'),
    repoName: text('repo_name'),
    pullRequestNumber: integer('pull_request_number'),
    pullRequestUrl: text('pull_request_url'),
    pullRequestBranch: text('pull_request_branch'),
    /** Blueprint stacks: waitingForPrApproval → merged → inProgress → succeeded | failed. */
    initStatus: text('init_status'),
    errorMessage: text('error_message'),
    deletedAt: timestamptz('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('template_stacks_org_template_idx').on(t.organizationId, t.templateId),
    index('template_stacks_pr_idx').on(t.providerId, t.pullRequestNumber),
    // The job's follow-ups: runs whose outcome is not reported yet.
    index('template_stacks_pending_idx').on(t.deployReported, t.destroyReported),
  ],
);

export const ephemeralStackEvents = pgTable(
  'ephemeral_stack_events',
  {
    ...tenantColumns('ephemeralStackEvent'),
    type: text('type', {
      enum: [
        'stackCreated',
        'stackDeleted',
        'resourceCreationComplete',
        'resourceCreationFailed',
        'resourceTerminationStarted',
        'resourceTerminationComplete',
        'resourceTerminationFailed',
      ],
    }).notNull(),
    templateId: text('template_id'),
    blueprintId: text('blueprint_id'),
    stackId: text('stack_id').notNull(),
    stackName: text('stack_name').notNull(),
    message: text('message'),
    runId: text('run_id'),
  },
  (t) => [
    index('ephemeral_stack_events_org_created_idx').on(t.organizationId, t.createdAt, t.id),
    index('ephemeral_stack_events_org_template_idx').on(t.organizationId, t.templateId, t.createdAt),
  ],
);
