import type { DriftKind, DriftState } from './stack-states';

// Drift classification (automation §4, design automation-core §5.10): what a drift check's plan
// (terraform `show -json` of a plan with refresh) says about a stack and each of its resources.
//
// | Plan content                                                         | Stack drift state       |
// |----------------------------------------------------------------------|-------------------------|
// | a resource_drift entry whose resource still needs a change to match  | drifted                 |
// |   the code (delete → deleted; update → modified; the plan replaces   |                         |
// |   it → modifiedForcesReplacement)                                    |                         |
// | no such drift, some resource_changes not no-op (code not deployed)   | inSyncDeployRequired    |
// | only drift the code already matches (no-op), or output changes only  | inSyncRefreshRequired   |
// | nothing                                                              | inSync                  |
// | never checked                                                        | notChecked              |
// | the check failed                                                     | unknown (+ stack error) |

/** The change of one resource instance in terraform's plan JSON (resource_drift[], resource_changes[]). */
export interface PlanResourceChange {
  address: string;
  mode?: string;
  type?: string;
  name?: string;
  provider_name?: string;
  action_reason?: string;
  change?: {
    actions?: readonly string[];
    before?: unknown;
    after?: unknown;
    /** terraform's sensitivity marks: true, or an object/array of marks mirroring the value. */
    before_sensitive?: unknown;
    after_sensitive?: unknown;
  };
}

/** The part of terraform's plan JSON the classification reads. */
export interface DriftPlanJson {
  resource_drift?: readonly PlanResourceChange[] | null;
  resource_changes?: readonly PlanResourceChange[] | null;
  output_changes?: Record<string, { actions?: readonly string[] }> | null;
}

export type DeployRequiredKind = 'creation' | 'deletion' | 'modification' | 'modificationForcesReplacement';

/** One attribute that differs between the state (expected) and the cloud (actual). */
export interface DriftAttribute {
  path: string;
  expected?: unknown;
  actual?: unknown;
  /** A sensitive value (terraform's before_sensitive / after_sensitive): expected and actual are left out. */
  sensitive?: true;
}

export interface ResourceDrift {
  resourceAddress: string;
  resourceType?: string;
  driftKind: DriftKind;
  deployRequiredKind?: DeployRequiredKind;
  attributes: DriftAttribute[];
}

export interface DriftClassification {
  driftState: DriftState;
  resources: ResourceDrift[];
}

type Action = 'no-op' | 'create' | 'read' | 'update' | 'delete' | 'replace' | 'forget' | 'other';

/** A change's action in one word: terraform spells a replace as ["delete","create"] or ["create","delete"]. */
export function planAction(actions: readonly string[] | undefined): Action {
  const a = actions ?? [];
  if (a.includes('create') && a.includes('delete')) return 'replace';
  if (a.length === 1) {
    const only = a[0];
    if (only === 'no-op' || only === 'create' || only === 'read' || only === 'update' || only === 'delete' || only === 'forget') return only;
  }
  if (a.length === 0) return 'no-op';
  return 'other';
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Whether a sensitivity mark (true, or marks nested in an object or array) marks anything. */
const marksSomething = (mark: unknown): boolean =>
  mark === true || (Array.isArray(mark) ? mark.some(marksSomething) : isObject(mark) ? Object.values(mark).some(marksSomething) : false);

/**
 * The top-level attributes whose values differ, sorted by path (nested values compared as JSON).
 * An attribute terraform marks sensitive on either side keeps only its path: its values never leave.
 */
export function changedAttributes(before: unknown, after: unknown, sensitive: { before?: unknown; after?: unknown } = {}): DriftAttribute[] {
  const b = isObject(before) ? before : {};
  const a = isObject(after) ? after : {};
  const bs = sensitive.before === true ? null : isObject(sensitive.before) ? sensitive.before : {};
  const as = sensitive.after === true ? null : isObject(sensitive.after) ? sensitive.after : {};
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].sort();
  const out: DriftAttribute[] = [];
  for (const key of keys) {
    if (stableJson(b[key]) === stableJson(a[key])) continue;
    if (bs === null || as === null || marksSomething(bs[key]) || marksSomething(as[key])) {
      out.push({ path: key, sensitive: true });
      continue;
    }
    out.push({ path: key, ...(key in b ? { expected: b[key] } : {}), ...(key in a ? { actual: a[key] } : {}) });
  }
  return out;
}

const marksOf = (c: PlanResourceChange) => ({ before: c.change?.before_sensitive, after: c.change?.after_sensitive });

function stableJson(value: unknown): string {
  if (value === undefined) return 'undefined';
  return JSON.stringify(value, (_k, v: unknown) =>
    isObject(v) ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, v[k]])) : v,
  );
}

const deployRequiredKinds: Partial<Record<Action, DeployRequiredKind>> = {
  create: 'creation',
  delete: 'deletion',
  update: 'modification',
  replace: 'modificationForcesReplacement',
};

const managed = (c: PlanResourceChange) => (c.mode ?? 'managed') === 'managed';

/**
 * Classifies a drift check's plan: the stack's drift state and each resource's drift kind. Data
 * sources (mode `data`) and reads are never drift.
 */
export function classifyDrift(plan: DriftPlanJson): DriftClassification {
  const changes = new Map<string, PlanResourceChange>();
  for (const c of plan.resource_changes ?? []) if (managed(c)) changes.set(c.address, c);

  const resources: ResourceDrift[] = [];
  let drifted = false;
  let refreshOnly = false;
  const drifts = new Set<string>();
  for (const d of plan.resource_drift ?? []) {
    if (!managed(d)) continue;
    const action = planAction(d.change?.actions);
    if (action !== 'update' && action !== 'delete') continue;
    drifts.add(d.address);
    const planned = changes.get(d.address);
    const plannedAction = planned ? planAction(planned.change?.actions) : undefined;
    // The cloud moved, but the code asks for exactly what is there now: the state only needs a refresh.
    if (action === 'update' && planned && plannedAction === 'no-op') {
      refreshOnly = true;
      continue;
    }
    drifted = true;
    const driftKind: DriftKind = action === 'delete' ? 'deleted' : plannedAction === 'replace' ? 'modifiedForcesReplacement' : 'modified';
    resources.push({
      resourceAddress: d.address,
      ...(d.type ? { resourceType: d.type } : {}),
      driftKind,
      attributes: changedAttributes(d.change?.before, action === 'delete' ? null : d.change?.after, marksOf(d)),
    });
  }

  let deployRequired = false;
  for (const c of changes.values()) {
    if (drifts.has(c.address)) continue;
    const kind = deployRequiredKinds[planAction(c.change?.actions)];
    if (!kind) continue;
    deployRequired = true;
    resources.push({
      resourceAddress: c.address,
      ...(c.type ? { resourceType: c.type } : {}),
      driftKind: 'deployRequired',
      deployRequiredKind: kind,
      attributes: changedAttributes(c.change?.before, c.change?.after, marksOf(c)),
    });
  }

  const outputsChanged = Object.values(plan.output_changes ?? {}).some((o) => planAction(o.actions) !== 'no-op');
  const driftState: DriftState = drifted
    ? 'drifted'
    : deployRequired
      ? 'inSyncDeployRequired'
      : refreshOnly || outputsChanged
        ? 'inSyncRefreshRequired'
        : 'inSync';
  resources.sort((a, b) => (a.resourceAddress < b.resourceAddress ? -1 : a.resourceAddress > b.resourceAddress ? 1 : 0));
  return { driftState, resources };
}

/** Whether a stack in this state has drift a remediation (or auto sync) can act on. */
export const isDrifted = (state: DriftState): boolean => state === 'drifted';

// ---------------------------------------------------------------------------------------------
// Schedule: spread across the hour

/** A stable 32-bit hash of a string (FNV-1a), so a stack's slot does not change between replicas. */
export function stableHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

export const DEFAULT_DRIFT_PERIOD_HOURS = 24;

/**
 * The stack's next scheduled drift check strictly after `after`: every `periodHours` hours (a
 * divisor of 24, or a multiple of 24), at a minute and hour derived from the stack id, so a thousand
 * stacks do not start together.
 */
export function nextDriftCheckAt(stackId: string, after: Date, periodHours: number = DEFAULT_DRIFT_PERIOD_HOURS): Date {
  const period = Math.max(1, Math.floor(periodHours));
  const hash = stableHash(stackId);
  const minute = hash % 60;
  const hourOffset = Math.floor(hash / 60) % period;
  const hourMs = 3_600_000;
  const startHour = Math.floor(after.getTime() / hourMs);
  // The first slot hour h >= startHour with h % period == hourOffset, then the one after when not strictly later.
  let h = startHour + ((((hourOffset - startHour) % period) + period) % period);
  let slot = h * hourMs + minute * 60_000;
  if (slot <= after.getTime()) {
    h += period;
    slot = h * hourMs + minute * 60_000;
  }
  return new Date(slot);
}
