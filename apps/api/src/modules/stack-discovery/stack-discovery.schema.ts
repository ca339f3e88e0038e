import { index, integer, jsonb, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../db/columns';
import { tenantColumns } from '../../db/tenant-columns';

// Stack auto-discovery (spec §3, §4, §5, §7): configurations that scan repositories for
// directories holding IaC code and create stacks for them, and the record of each scan.

export type StackDiscoveryStatus = 'init' | 'inProgress' | 'error' | 'finished';
/** create: a scan creates the stacks it finds; propose: it lists them for a user to accept or dismiss. */
export type StackDiscoveryMode = 'create' | 'propose';
export type StackDiscoveryProposalStatus = 'proposed' | 'accepted' | 'dismissed';

export interface VcsPatternColumn {
  providerId: string;
  repoName: string;
  pathPatterns: string[];
  excludePathPatterns?: string[];
  branch?: string;
}

export interface ScanAuthorColumn {
  initiator: { name: string; type: 'directUser' | 'ssoUser' | 'programmaticUser' | 'system' | 'external'; userId: string | null; externalSource?: string };
  userId: string | null;
}

export interface DiscoveredStackColumn {
  stackId: string;
  repoName: string;
  path: string;
}

export const stackDiscoveryConfigurations = pgTable(
  'stack_discovery_configurations',
  {
    ...tenantColumns('stackDiscoveryConfiguration'),
    name: text('name').notNull(),
    /** Where discovered stacks are created (the namespaces module's; not referenced). */
    namespaceId: text('namespace_id').notNull(),
    description: text('description'),
    vcsPatterns: jsonb('vcs_patterns').$type<VcsPatternColumn[]>().notNull(),
    /** The contract's DiscoveredStackConfig, applied to every stack a scan creates. */
    stackConfig: jsonb('stack_config').$type<Record<string, unknown>>().notNull(),
    mode: text('mode').$type<StackDiscoveryMode>().notNull().default('create'),
    /** The status of the latest scan (init until one has run). */
    status: text('status').$type<StackDiscoveryStatus>().notNull().default('init'),
    lastRunAt: timestamptz('last_run_at'),
    createdBy: text('created_by'),
  },
  (t) => [unique('stack_discovery_configurations_name_key').on(t.organizationId, t.name), index('stack_discovery_configurations_ns_idx').on(t.organizationId, t.namespaceId)],
);

/** One scan of a configuration: its status, the stacks it created, what went wrong. */
export const stackDiscoveryEvents = pgTable(
  'stack_discovery_events',
  {
    ...tenantColumns('stackDiscoveryEvent'),
    configurationId: text('configuration_id')
      .notNull()
      .references(() => stackDiscoveryConfigurations.id, { onDelete: 'cascade' }),
    status: text('status').$type<StackDiscoveryStatus>().notNull().default('init'),
    /** manual (run now), create (the configuration was created) or push (a webhook). */
    trigger: text('trigger').notNull(),
    /** Who the stacks the scan creates are created as (the job queue runs it after the request ends). */
    requestedBy: jsonb('requested_by').$type<ScanAuthorColumn>(),
    createdStacks: jsonb('created_stacks').$type<DiscoveredStackColumn[]>().notNull().default([]),
    /** Directories this scan proposed as stacks (propose mode). */
    proposedCount: integer('proposed_count').notNull().default(0),
    message: text('message'),
    startedAt: timestamptz('started_at'),
    finishedAt: timestamptz('finished_at'),
  },
  (t) => [index('stack_discovery_events_config_idx').on(t.organizationId, t.configurationId, t.createdAt)],
);

/**
 * A directory a scan in propose mode found and no stack manages: a user accepts it (the stack is
 * created with the configuration's settings) or dismisses it (later scans do not propose it again).
 */
export const stackDiscoveryProposals = pgTable(
  'stack_discovery_proposals',
  {
    ...tenantColumns('stackDiscoveryProposal'),
    configurationId: text('configuration_id')
      .notNull()
      .references(() => stackDiscoveryConfigurations.id, { onDelete: 'cascade' }),
    /** The scan that first proposed it (kept when the scan's record is gone). */
    eventId: text('event_id'),
    providerId: text('provider_id').notNull(),
    repoName: text('repo_name').notNull(),
    branch: text('branch'),
    path: text('path').notNull(),
    iacType: text('iac_type').$type<'terraform' | 'terragrunt' | 'opentofu'>().notNull(),
    status: text('status').$type<StackDiscoveryProposalStatus>().notNull().default('proposed'),
    stackId: text('stack_id'),
    decidedAt: timestamptz('decided_at'),
  },
  (t) => [
    unique('stack_discovery_proposals_dir_key').on(t.organizationId, t.configurationId, t.providerId, t.repoName, t.path),
    index('stack_discovery_proposals_config_idx').on(t.organizationId, t.configurationId, t.status),
  ],
);
