import { bigint, customType, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt } from '../../db/columns';
import { organizationId } from '../../db/tenant-columns';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** The last heartbeat of each runner (the runner protocol writes it; the organization lists it). */
export const runnerHeartbeats = pgTable(
  'runner_heartbeats',
  {
    runnerId: text('runner_id').primaryKey(),
    organizationId: organizationId(),
    runnerGroupId: text('runner_group_id').notNull(),
    name: text('name').notNull(),
    health: text('health', { enum: ['ok', 'warning', 'error', 'shuttingDown'] }).notNull(),
    version: text('version'),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('runner_heartbeats_org_updated_idx').on(t.organizationId, t.updatedAt)],
);

/**
 * Runner groups of an organization (design §4). The managed runner's group keeps the spec's id
 * CM_DEFAULT_RUNNER_GROUP in every organization, so the key is (organization, id).
 */
export const runnerGroups = pgTable(
  'runner_groups',
  {
    id: text('id').notNull(),
    organizationId: organizationId(),
    name: text('name').notNull(),
    mode: text('mode', { enum: ['managed', 'selfHosted'] }).notNull(),
    /** Jobs of the group claimed or running at once. */
    maxConcurrency: integer('max_concurrency').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.id] }), uniqueIndex('runner_groups_org_name_key').on(t.organizationId, t.name)],
);

/** Registration tokens of a self-hosted group: shown once, kept as SHA-256. */
export const runnerGroupTokens = pgTable(
  'runner_group_tokens',
  {
    id: text('id').primaryKey(),
    organizationId: organizationId(),
    groupId: text('group_id').notNull(),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamptz('last_used_at'),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [uniqueIndex('runner_group_tokens_hash_key').on(t.tokenHash), index('runner_group_tokens_group_idx').on(t.organizationId, t.groupId)],
);

/** Registered self-hosted runners; the runner token is kept as SHA-256. */
export const runners = pgTable(
  'runners',
  {
    id: text('id').primaryKey(),
    organizationId: organizationId(),
    groupId: text('group_id').notNull(),
    name: text('name').notNull(),
    version: text('version'),
    tokenHash: text('token_hash').notNull(),
    health: text('health', { enum: ['ok', 'warning', 'error', 'shuttingDown'] }).notNull().default('ok'),
    registeredAt: createdAt(),
    lastHeartbeatAt: timestamptz('last_heartbeat_at').notNull().defaultNow(),
    /** The registration token it registered with: revoking that token stops the runner. */
    groupTokenId: text('group_token_id'),
  },
  (t) => [uniqueIndex('runners_token_hash_key').on(t.tokenHash), index('runners_group_idx').on(t.organizationId, t.groupId, t.lastHeartbeatAt)],
);

/**
 * A job's token (one per claim): bound to the job and its attempt, accepted by the job calls of
 * the runner protocol and by the state backend while the attempt is live; revoked at the end.
 */
export const runnerJobTokens = pgTable(
  'runner_job_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    organizationId: organizationId(),
    jobId: text('job_id').notNull(),
    attempt: integer('attempt').notNull(),
    runId: text('run_id').notNull(),
    stackId: text('stack_id').notNull(),
    phase: text('phase', { enum: ['plan', 'apply', 'task'] }).notNull(),
    runnerId: text('runner_id').notNull(),
    /** Where this attempt's log starts in the run's log (bytes). */
    logBase: bigint('log_base', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [index('runner_job_tokens_job_idx').on(t.jobId, t.attempt)],
);

/** A run's log while it is written: byte chunks keyed by their offset in the run's log. */
export const runLogChunks = pgTable(
  'run_log_chunks',
  {
    runId: text('run_id').notNull(),
    offset: bigint('offset', { mode: 'number' }).notNull(),
    organizationId: organizationId(),
    jobId: text('job_id').notNull(),
    data: bytea('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.offset] })],
);

/** A run's log once compacted: gzip, then the secret envelope (bound to organization | run). */
export const runLogs = pgTable('run_logs', {
  runId: text('run_id').primaryKey(),
  organizationId: organizationId(),
  size: bigint('size', { mode: 'number' }).notNull(),
  sha256: text('sha256').notNull(),
  sealed: bytea('sealed').notNull(),
  compactedAt: createdAt(),
});

