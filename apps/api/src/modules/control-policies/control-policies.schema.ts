import { boolean, index, integer, jsonb, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../db/tenant-columns';

// Control policies (spec §3, §9; design automation-core §3.4): the organization's own policies and
// groups, where each applies, and the result of every check in every run. The managed policies and
// the compliance groups are data of @terrace/policy-engine, not rows (the same everywhere, read-only).

export const controlPolicies = pgTable(
  'control_policies',
  {
    ...tenantColumns('controlPolicy'),
    name: text('name').notNull(),
    description: text('description'),
    /** One of the ControlPolicyType of the contract. */
    type: text('type').notNull(),
    /** The type's parameters (ControlPolicyParameters). */
    parameters: jsonb('parameters').$type<Record<string, unknown>>().notNull().default({}),
    createdBy: text('created_by'),
  },
  (t) => [unique('control_policies_org_name').on(t.organizationId, t.name)],
);

export const controlPolicyGroups = pgTable(
  'control_policy_groups',
  {
    ...tenantColumns('controlPolicyGroup'),
    name: text('name').notNull(),
    description: text('description'),
    /** [{controlPolicyId, severity low|medium|high|critical}] */
    policies: jsonb('policies').$type<{ controlPolicyId: string; severity: string }[]>().notNull().default([]),
  },
  (t) => [unique('control_policy_groups_org_name').on(t.organizationId, t.name)],
);

/** A policy (own or managed) applied to the organization, a namespace, template, blueprint or stack. */
export const controlPolicyMappings = pgTable(
  'control_policy_mappings',
  {
    ...tenantColumns('controlPolicyMapping'),
    controlPolicyId: text('control_policy_id').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    enforcementLevel: text('enforcement_level').notNull(),
  },
  (t) => [
    unique('control_policy_mappings_key').on(t.organizationId, t.controlPolicyId, t.targetType, t.targetId),
    index('control_policy_mappings_target_idx').on(t.organizationId, t.targetType, t.targetId),
  ],
);

/** A group (own or managed) applied to a target, with one level, levels by severity, and per-policy overrides. */
export const controlPolicyGroupMappings = pgTable(
  'control_policy_group_mappings',
  {
    ...tenantColumns('controlPolicyGroupMapping'),
    controlPolicyGroupId: text('control_policy_group_id').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    enforcementLevel: text('enforcement_level'),
    bySeverity: jsonb('by_severity').$type<Record<string, string>>(),
    overrideEnforcements: jsonb('override_enforcements').$type<{ controlPolicyId: string; enforcementLevel: string; stackIds?: string[] }[]>().notNull().default([]),
  },
  (t) => [
    unique('control_policy_group_mappings_key').on(t.organizationId, t.controlPolicyGroupId, t.targetType, t.targetId),
    index('control_policy_group_mappings_target_idx').on(t.organizationId, t.targetType, t.targetId),
  ],
);

/** One policy's check in one run (design §4 policy_results); `isLatest` marks the stack's newest check of the policy. */
export const policyResults = pgTable(
  'policy_results',
  {
    ...tenantColumns('policyResult'),
    runId: text('run_id').notNull(),
    runKind: text('run_kind').notNull(),
    stackId: text('stack_id').notNull(),
    stackName: text('stack_name'),
    namespaceId: text('namespace_id').notNull(),
    controlPolicyId: text('control_policy_id').notNull(),
    policyName: text('policy_name').notNull(),
    policyType: text('policy_type').notNull(),
    enforcementLevel: text('enforcement_level').notNull(),
    status: text('status').notNull(),
    severityScore: integer('severity_score').notNull(),
    failedResources: jsonb('failed_resources').$type<{ address: string; message?: string }[]>().notNull().default([]),
    errorMessage: text('error_message'),
    /** The raw OPA result of a Rego policy. */
    result: jsonb('result'),
    isLatest: boolean('is_latest').notNull().default(true),
  },
  (t) => [
    index('policy_results_run_idx').on(t.organizationId, t.runId),
    index('policy_results_latest_idx').on(t.organizationId, t.isLatest, t.stackId, t.controlPolicyId),
  ],
);
