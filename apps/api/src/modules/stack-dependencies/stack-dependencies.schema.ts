import { index, jsonb, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../db/tenant-columns';

// Stack dependencies (design automation-core §4, §5.11): stack_id depends on depends_on_stack_id
// (the upstream). The graph is kept acyclic by the service, under an advisory lock per organization.

export interface DependencyReferenceColumn {
  outputOfStackToDependOn: string;
  inputForStack: string;
  includeSensitiveOutput?: boolean;
}

export const stackDependencies = pgTable(
  'stack_dependencies',
  {
    ...tenantColumns('stackDependency'),
    /** The downstream stack (the one that depends). Stacks are the stacks module's: not referenced. */
    stackId: text('stack_id').notNull(),
    /** The upstream stack, whose outputs feed this one. */
    dependsOnStackId: text('depends_on_stack_id').notNull(),
    references: jsonb('references').$type<DependencyReferenceColumn[]>().notNull().default([]),
    triggerOption: text('trigger_option', { enum: ['always', 'onReferenceValueChange'] }).notNull().default('always'),
    createdBy: text('created_by'),
  },
  (t) => [
    unique('stack_dependencies_edge_key').on(t.organizationId, t.stackId, t.dependsOnStackId),
    index('stack_dependencies_upstream_idx').on(t.organizationId, t.dependsOnStackId),
  ],
);
