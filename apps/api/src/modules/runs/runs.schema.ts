import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt } from '../../db/columns';
import { organizationId } from '../../db/tenant-columns';

// The runs of stacks (design automation-core §4): one table for every kind, its steps, its status
// history, approvals, comments, the runner jobs of its phases and its artifacts. `transitionRun`
// (runs-state.service.ts) is the only writer of `runs.status`.

/**
 * The active statuses of run-status.ts (`isRunActive`), spelled out because drizzle-kit reads this
 * file without the workspace's path aliases; runs.test.ts checks the column against the function.
 */
export const activeRunStatusesSql = [
  'notStarted',
  'queued',
  'inProgress',
  'waitingForApproval',
  'approved',
  'cancelling',
  'waitingForFailedControlPoliciesApproval',
  'waitingForErrorControlPoliciesApproval',
  'approvedFailedControlPolicies',
] as const;
const activeList = activeRunStatusesSql.map((s) => `'${s}'`).join(', ');

export const runs = pgTable(
  'runs',
  {
    /** dep- (deployments and destroys), plan-, task-, drift-. */
    id: text('id').primaryKey(),
    organizationId: organizationId(),
    // The stacks module's table is not referenced (modules own their tables): the stack and its
    // namespace are read through the stacks service; a stack with an active run is not deleted.
    namespaceId: text('namespace_id').notNull(),
    stackId: text('stack_id').notNull(),
    /** The stack's creator, for the own-stack restrictions of custom roles on run lists. */
    stackCreatedBy: text('stack_created_by'),
    kind: text('kind', { enum: ['plan', 'deployment', 'destroy', 'task', 'drift', 'external_run'] }).notNull(),
    status: text('status').notNull(),
    /** The phase the run is in or last ran: plan, apply, task, none (not started). */
    phase: text('phase', { enum: ['none', 'plan', 'apply', 'task'] }).notNull().default('none'),
    // One classification (run-status.ts) written into SQL once, so lists filter on an index.
    isActive: boolean('is_active')
      .notNull()
      .generatedAlwaysAs(sql.raw(`status in (${activeList})`)),
    /** Holds the stack's run mutex while active (deployment, destroy, task). */
    mutating: boolean('mutating').notNull(),
    /** Queue order within the stack (forceStart sets 0) and of its jobs. */
    priority: smallint('priority').notNull(),
    trigger: text('trigger').notNull().default('manual'),
    initiator: jsonb('initiator').$type<Record<string, unknown>>().notNull(),
    gitInfo: jsonb('git_info').$type<Record<string, unknown>>().notNull().default({}),
    triggerInfo: jsonb('trigger_info').$type<Record<string, unknown>>(),
    iacType: text('iac_type').notNull(),
    iacVersion: text('iac_version'),
    /** taskToExecute, isDestroy, targets, replace, refreshOnly. */
    config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
    /** Why a notStarted or queued run waits: {kind:'stackMutex', runId} and the other kinds of §5.2. */
    blockedBy: jsonb('blocked_by').$type<Record<string, unknown>>(),
    upstreamRunId: text('upstream_run_id'),
    supersededByRunId: text('superseded_by_run_id'),
    planSummary: jsonb('plan_summary').$type<Record<string, unknown>>(),
    policySummary: jsonb('policy_summary').$type<Record<string, unknown>>(),
    /** The approval rules the run was evaluated against and when the wait ends. */
    approval: jsonb('approval').$type<Record<string, unknown>>(),
    approvalDeadlineAt: timestamptz('approval_deadline_at'),
    errorSummary: text('error_summary'),
    cancelRequestedAt: timestamptz('cancel_requested_at'),
    cancelRequestedBy: text('cancel_requested_by'),
    /** The number of the last run_transitions row. */
    transitionCount: integer('transition_count').notNull().default(0),
    createdBy: text('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    queuedAt: timestamptz('queued_at'),
    startedAt: timestamptz('started_at'),
    finishedAt: timestamptz('finished_at'),
  },
  (t) => [
    // A stack's runs of a kind, newest first (keyset: created_at, id).
    index('runs_org_stack_kind_created_idx').on(t.organizationId, t.stackId, t.kind, t.createdAt.desc(), t.id.desc()),
    index('runs_org_stack_created_idx').on(t.organizationId, t.stackId, t.createdAt.desc(), t.id.desc()),
    // Every run of the organization, newest first, and the active ones (Active Runs).
    index('runs_org_created_idx').on(t.organizationId, t.createdAt.desc(), t.id.desc()),
    index('runs_org_active_idx').on(t.organizationId, t.createdAt.desc(), t.id.desc()).where(sql`is_active`),
    index('runs_org_finished_idx').on(t.organizationId, t.finishedAt.desc()).where(sql`not is_active`),
    // The stack's FIFO of waiting mutating runs (promotion).
    index('runs_stack_waiting_idx').on(t.stackId, t.priority, t.createdAt).where(sql`status = 'notStarted' and mutating`),
    // The approval sweeper.
    index('runs_approval_deadline_idx')
      .on(t.approvalDeadlineAt)
      .where(sql`status in ('waitingForApproval', 'waitingForFailedControlPoliciesApproval', 'waitingForErrorControlPoliciesApproval')`),
  ],
);

export const runSteps = pgTable(
  'run_steps',
  {
    runId: text('run_id')
      .notNull()
      .references(() => runs.id, { onDelete: 'cascade' }),
    organizationId: organizationId(),
    /** A RunStepName of the contract (customFlowBeforeInit, terraformPlan, …). */
    key: text('key').notNull(),
    /** Display order. */
    position: smallint('position').notNull(),
    status: text('status').notNull().default('notStarted'),
    startedAt: timestamptz('started_at'),
    finishedAt: timestamptz('finished_at'),
    /** The step's result under the spec's result keys (terraformPlanResult, …). */
    result: jsonb('result').$type<Record<string, unknown>>(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.key] })],
);

export const runTransitions = pgTable(
  'run_transitions',
  {
    runId: text('run_id')
      .notNull()
      .references(() => runs.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    organizationId: organizationId(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    event: text('event').notNull(),
    actorKind: text('actor_kind', { enum: ['user', 'runner', 'system', 'sweeper'] }).notNull(),
    actorId: text('actor_id'),
    reason: text('reason'),
    at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.seq] })],
);

export const runApprovals = pgTable(
  'run_approvals',
  {
    runId: text('run_id')
      .notNull()
      .references(() => runs.id, { onDelete: 'cascade' }),
    organizationId: organizationId(),
    userId: text('user_id').notNull(),
    userName: text('user_name').notNull(),
    decision: text('decision', { enum: ['approve', 'reject', 'approveFailedPolicies'] }).notNull(),
    /** The teams the approver belonged to when approving (requireTeamsApproval). */
    teams: text('teams').array().notNull().default(sql`'{}'::text[]`),
    comment: text('comment'),
    at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.userId, t.decision] })],
);

export const runComments = pgTable(
  'run_comments',
  {
    id: text('id').primaryKey(),
    organizationId: organizationId(),
    runId: text('run_id')
      .notNull()
      .references(() => runs.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    author: text('author').notNull(),
    authorUserId: text('author_user_id'),
    createdAt: createdAt(),
  },
  (t) => [index('run_comments_run_idx').on(t.runId, t.createdAt, t.id)],
);

/** One claimable unit of runner work per phase attempt (RUNS-INTERFACE.md). */
export const runJobs = pgTable(
  'run_jobs',
  {
    /** job- */
    id: text('id').primaryKey(),
    runId: text('run_id')
      .notNull()
      .references(() => runs.id, { onDelete: 'cascade' }),
    organizationId: organizationId(),
    stackId: text('stack_id').notNull(),
    runnerGroupId: text('runner_group_id').notNull().default('CM_DEFAULT_RUNNER_GROUP'),
    phase: text('phase', { enum: ['plan', 'apply', 'task'] }).notNull(),
    status: text('status', { enum: ['queued', 'claimed', 'running', 'succeeded', 'failed', 'canceled', 'lost'] }).notNull(),
    /** apply 0 < deployment plan / task 1 < manual plan 2 < drift 3. */
    priority: smallint('priority').notNull(),
    /** Incremented by each claim; reports of an older attempt are refused (fencing). */
    attempt: integer('attempt').notNull().default(0),
    runnerId: text('runner_id'),
    queuedAt: timestamptz('queued_at').notNull().defaultNow(),
    claimedAt: timestamptz('claimed_at'),
    startedAt: timestamptz('started_at'),
    leaseExpiresAt: timestamptz('lease_expires_at'),
    finishedAt: timestamptz('finished_at'),
    signal: text('signal', { enum: ['none', 'cancel', 'force'] }).notNull().default('none'),
    exitCode: integer('exit_code'),
    error: text('error'),
  },
  (t) => [
    // One live job per run.
    uniqueIndex('run_jobs_live_key').on(t.runId).where(sql`status in ('queued', 'claimed', 'running')`),
    // The claim: the group's queued jobs by priority, then age.
    index('run_jobs_claim_idx').on(t.runnerGroupId, t.priority, t.queuedAt).where(sql`status = 'queued'`),
    // The lease sweeper.
    index('run_jobs_lease_idx').on(t.leaseExpiresAt).where(sql`status in ('claimed', 'running')`),
    index('run_jobs_run_idx').on(t.runId),
  ],
);

/** Files a run produces (the saved plan, its JSON), sealed with the secret envelope. */
export const runArtifacts = pgTable(
  'run_artifacts',
  {
    id: text('id').primaryKey(),
    organizationId: organizationId(),
    runId: text('run_id')
      .notNull()
      .references(() => runs.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['planfile', 'planjson', 'lockfile', 'costjson', 'policyinput', 'errored_state'] }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    /** SecretEnvelope of the base64 content, bound to organization | kind | run. */
    sealed: text('sealed').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('run_artifacts_run_kind_key').on(t.runId, t.kind)],
);
