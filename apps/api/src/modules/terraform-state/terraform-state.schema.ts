import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, customType, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../db/columns';
import { organizationId, tenantColumns } from '../../db/tenant-columns';

/** Raw bytes (`bytea`): the pg driver reads and writes them as Buffers. */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

export type StateActorKind = 'user' | 'programmaticUser' | 'job';
export type StateVersionStatus = 'current' | 'superseded' | 'quarantined';

/**
 * One row per stack that has ever had state: the current version and its serial and lineage.
 * Every backend call on a stack locks this row first (`FOR UPDATE`), so writes, locks and
 * rollbacks of one stack happen one after another, and the first write of a stack too.
 */
/**
 * A stack's state is its root's (unit '') or, for a terragrunt stack of several units, one per
 * unit: the unit's directory relative to the stack's (design §5.4, Terragrunt). Each has its own
 * versions, lock, serial and lineage.
 */
const unit = () => text('unit').notNull().default('');

export const stackStates = pgTable(
  'stack_states',
  {
    organizationId: organizationId(),
    stackId: text('stack_id').notNull(),
    unit: unit(),
    currentVersionId: text('current_version_id'),
    serial: bigint('serial', { mode: 'number' }),
    lineage: text('lineage'),
    sha256: text('sha256'),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.stackId, t.unit] })],
);

/**
 * Every state write is a new immutable version. Refused writes (another lineage, a lower serial,
 * the lock not held) are kept as quarantined versions, never dropped. The state file itself is in
 * state_version_contents, so lists of versions never read it.
 */
export const stateVersions = pgTable(
  'state_versions',
  {
    ...tenantColumns('stateVersion'),
    stackId: text('stack_id').notNull(),
    unit: unit(),
    serial: bigint('serial', { mode: 'number' }).notNull(),
    lineage: text('lineage').notNull(),
    md5: text('md5').notNull(),
    sha256: text('sha256').notNull(),
    size: integer('size').notNull(),
    terraformVersion: text('terraform_version'),
    resourceCount: integer('resource_count').notNull().default(0),
    status: text('status').$type<StateVersionStatus>().notNull(),
    /** Why a write was quarantined. */
    reason: text('reason'),
    /** The version a rollback copied. */
    rolledBackFrom: text('rolled_back_from'),
    createdByKind: text('created_by_kind').$type<StateActorKind>().notNull(),
    createdById: text('created_by_id').notNull(),
    createdByName: text('created_by_name').notNull(),
    runId: text('run_id'),
    // The order versions were written in (created_at is the transaction's start, and a write may
    // wait for the stack's lock behind a later one).
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (t) => [
    // The list of a stack's versions, newest first.
    index('state_versions_org_stack_seq_idx').on(t.organizationId, t.stackId, t.seq),
    // At most one current version per stack (and unit), whatever happens concurrently.
    uniqueIndex('state_versions_one_current_key').on(t.organizationId, t.stackId, t.unit).where(sql`${t.status} = 'current'`),
  ],
);

/** The state file of a version: gzip, then the SecretEnvelope (a data key per version, bound to it). */
export const stateVersionContents = pgTable('state_version_contents', {
  stateVersionId: text('state_version_id')
    .primaryKey()
    .references(() => stateVersions.id, { onDelete: 'cascade' }),
  organizationId: organizationId(),
  sealed: bytea('sealed').notNull(),
});

/** The outputs of a version, read from its state: sensitive values sealed, the others as JSON. */
export const stateOutputs = pgTable(
  'state_outputs',
  {
    organizationId: organizationId(),
    stateVersionId: text('state_version_id')
      .notNull()
      .references(() => stateVersions.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sensitive: boolean('sensitive').notNull(),
    /** Terraform's type as JSON text, as the state writes it (`"string"`, `["list","string"]`, …). */
    type: text('type'),
    /**
     * The value as JSON text (text, not jsonb: a state may hold strings jsonb refuses, such as
     * "\u0000"); null for a sensitive output, whose value is sealed instead.
     */
    value: text('value'),
    sealedValue: text('sealed_value'),
  },
  (t) => [primaryKey({ columns: [t.stateVersionId, t.name] })],
);

/**
 * The resource instances of a version, read from its state when it becomes current (the stack's
 * resources list pages over them). Attributes stay in the sealed state: they may hold secrets.
 */
export const stateResources = pgTable(
  'state_resources',
  {
    organizationId: organizationId(),
    stateVersionId: text('state_version_id')
      .notNull()
      .references(() => stateVersions.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    /** The instance's place in the state file, which Terraform writes sorted (module, resource, key). */
    ordinal: integer('ordinal').notNull(),
    mode: text('mode').$type<'managed' | 'data'>().notNull(),
    type: text('type').notNull(),
    name: text('name').notNull(),
    module: text('module').notNull(),
    provider: text('provider').notNull(),
    logicalResourceId: text('logical_resource_id'),
    region: text('region'),
  },
  (t) => [primaryKey({ columns: [t.stateVersionId, t.address] }), index('state_resources_type').on(t.stateVersionId, t.type)],
);

/**
 * The state lock of a stack (Terraform's LOCK): at most one per stack, by its primary key, so of
 * two LOCKs at the same moment exactly one inserts. `info` is the LockInfo Terraform sent.
 */
export const stateLocks = pgTable(
  'state_locks',
  {
    organizationId: organizationId(),
    stackId: text('stack_id').notNull(),
    unit: unit(),
    lockId: text('lock_id').notNull(),
    /** The LockInfo as JSON text (see state_outputs.value on text). */
    info: text('info').notNull(),
    holderKind: text('holder_kind').$type<StateActorKind>().notNull(),
    holderId: text('holder_id').notNull(),
    holderName: text('holder_name').notNull(),
    acquiredAt: timestamptz('acquired_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.stackId, t.unit] }), index('state_locks_org_holder_idx').on(t.organizationId, t.holderKind, t.holderId)],
);
