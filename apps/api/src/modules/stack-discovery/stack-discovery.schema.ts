import { index, jsonb, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../db/columns';
import { tenantColumns } from '../../db/tenant-columns';

// Stack auto-discovery (spec §3, §4, §5, §7): configurations that scan repositories for
// directories holding IaC code and create stacks for them, and the record of each scan.

export type StackDiscoveryStatus = 'init' | 'inProgress' | 'error' | 'finished';

export interface VcsPatternColumn {
  providerId: string;
  repoName: string;
  pathPatterns: string[];
  excludePathPatterns?: string[];
  branch?: string;
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
    createdStacks: jsonb('created_stacks').$type<DiscoveredStackColumn[]>().notNull().default([]),
    message: text('message'),
    startedAt: timestamptz('started_at'),
    finishedAt: timestamptz('finished_at'),
  },
  (t) => [index('stack_discovery_events_config_idx').on(t.organizationId, t.configurationId, t.createdAt)],
);
