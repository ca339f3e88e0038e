import { z } from 'zod';
import type { PlanSummary, ResourceAction, ResourceChange, SpecPlanSummary } from './job-spec';

/**
 * The part of terraform's JSON plan (`show -json`, internal/command/jsonplan, format_version 1.x;
 * the de-facto schema is hashicorp/terraform-json's Go structs) the runner reads.
 */
const changeSchema = z.object({
  actions: z.array(z.string()),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
  after_unknown: z.unknown().optional(),
  before_sensitive: z.unknown().optional(),
  after_sensitive: z.unknown().optional(),
  replace_paths: z.unknown().optional(),
  importing: z.object({ id: z.string().optional() }).passthrough().nullable().optional(),
});

const resourceChangeSchema = z.object({
  address: z.string(),
  module_address: z.string().optional(),
  mode: z.enum(['managed', 'data']),
  type: z.string(),
  name: z.string(),
  index: z.unknown().optional(),
  provider_name: z.string().optional(),
  deposed: z.string().optional(),
  action_reason: z.string().optional(),
  previous_address: z.string().optional(),
  change: changeSchema,
});

export const planJsonSchema = z.object({
  format_version: z.string().regex(/^1\./),
  terraform_version: z.string().optional(),
  variables: z.record(z.string(), z.object({ value: z.unknown() })).optional(),
  planned_values: z.unknown().optional(),
  resource_drift: z.array(resourceChangeSchema).optional(),
  resource_changes: z.array(resourceChangeSchema).optional(),
  output_changes: z.record(z.string(), changeSchema).optional(),
  prior_state: z.unknown().optional(),
  configuration: z.unknown().optional(),
  relevant_attributes: z.array(z.unknown()).optional(),
  timestamp: z.string().optional(),
  applyable: z.boolean().optional(),
  complete: z.boolean().optional(),
  errored: z.boolean().optional(),
});
export type PlanJson = z.infer<typeof planJsonSchema>;

function actionOf(actions: string[]): ResourceAction {
  if (actions.length === 2 && actions.includes('delete') && actions.includes('create')) return 'replace';
  const [first] = actions;
  if (first === 'create' || first === 'update' || first === 'delete' || first === 'read' || first === 'forget') return first;
  return 'no-op';
}

function idOf(before: unknown): string | undefined {
  if (typeof before === 'object' && before !== null && 'id' in before) {
    const id = (before as Record<string, unknown>)['id'];
    if (typeof id === 'string' || typeof id === 'number') return String(id);
  }
  return undefined;
}

function toChange(rc: z.infer<typeof resourceChangeSchema>): ResourceChange {
  return {
    address: rc.address,
    ...(rc.module_address ? { moduleAddress: rc.module_address } : {}),
    type: rc.type,
    name: rc.name,
    ...(rc.provider_name ? { providerName: rc.provider_name } : {}),
    action: actionOf(rc.change.actions),
    actions: rc.change.actions,
    ...(rc.action_reason ? { actionReason: rc.action_reason } : {}),
    ...(idOf(rc.change.before) ? { id: idOf(rc.change.before) } : {}),
    ...(rc.change.importing ? { importing: true } : {}),
  };
}

export interface ReadPlan {
  summary: PlanSummary;
  resourceChanges: ResourceChange[];
  resourceDrift: ResourceChange[];
  outputChanges: string[];
  /** The spec's terraformPlanResult.summary. */
  specSummary: SpecPlanSummary;
}

/**
 * Reads a JSON plan. Counts follow terraform's "Plan: N to add, N to change, N to destroy." (a
 * replacement adds one and destroys one); `hasChanges` comes from -detailed-exitcode.
 */
export function readPlanJson(text: string, hasChanges: boolean): ReadPlan {
  const plan = planJsonSchema.parse(JSON.parse(text));
  const managed = (plan.resource_changes ?? []).filter((rc) => rc.mode === 'managed');
  const changes = managed.map(toChange).filter((c) => c.action !== 'no-op' || c.importing);
  const outputChanges = Object.entries(plan.output_changes ?? {})
    .filter(([, change]) => !(change.actions.length === 1 && change.actions[0] === 'no-op'))
    .map(([name]) => name)
    .sort();
  const drift = (plan.resource_drift ?? []).filter((rc) => rc.mode === 'managed').map(toChange);
  return summarisePlan(changes, drift, outputChanges, hasChanges);
}

/** The counts and the spec's summary of a plan's changes (one plan's, or several units' together). */
export function summarisePlan(changes: ResourceChange[], resourceDrift: ResourceChange[], outputChanges: string[], hasChanges: boolean): ReadPlan {
  const count = (action: ResourceAction) => changes.filter((c) => c.action === action).length;
  const replace = count('replace');
  const entry = (c: ResourceChange) => ({ tfResourceName: c.address, ...(c.id ? { logicalResourceId: c.id } : {}) });
  return {
    summary: {
      add: count('create') + replace,
      change: count('update'),
      destroy: count('delete') + replace,
      replace,
      import: changes.filter((c) => c.importing).length,
      hasChanges,
    },
    resourceChanges: changes,
    resourceDrift,
    outputChanges,
    specSummary: {
      create: changes.filter((c) => c.action === 'create').map(entry),
      replace: changes.filter((c) => c.action === 'replace').map(entry),
      update: changes.filter((c) => c.action === 'update').map(entry),
      delete: changes.filter((c) => c.action === 'delete').map(entry),
      hasOutputChanges: outputChanges.length > 0,
    },
  };
}

/** `output -json`: {"name": {"sensitive", "type", "value"}}. */
export function readOutputsJson(text: string): { name: string; sensitive: boolean; type: unknown; value: unknown }[] {
  const parsed = z.record(z.string(), z.object({ sensitive: z.boolean(), type: z.unknown(), value: z.unknown() })).parse(JSON.parse(text.trim() === '' ? '{}' : text));
  return Object.entries(parsed)
    .map(([name, o]) => ({ name, sensitive: o.sensitive, type: o.type, value: o.value }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
