/**
 * Readers of terraform's JSON plan (`terraform show -json <planfile>`, format_version 1.x): the
 * resource changes, the configuration's module calls and provider configurations, the prior state.
 * Everything is read defensively: a field terraform did not write is absent, never an exception.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface PlannedChange {
  address: string;
  moduleAddress?: string;
  mode: string;
  type: string;
  name: string;
  providerName: string;
  actions: string[];
  before: unknown;
  after: unknown;
  afterUnknown: unknown;
}

export function resourceChanges(plan: unknown): PlannedChange[] {
  if (!isObj(plan) || !Array.isArray(plan['resource_changes'])) return [];
  const out: PlannedChange[] = [];
  for (const raw of plan['resource_changes'] as unknown[]) {
    if (!isObj(raw) || typeof raw['address'] !== 'string') continue;
    const change = isObj(raw['change']) ? raw['change'] : {};
    out.push({
      address: raw['address'],
      ...(typeof raw['module_address'] === 'string' ? { moduleAddress: raw['module_address'] } : {}),
      mode: typeof raw['mode'] === 'string' ? raw['mode'] : 'managed',
      type: typeof raw['type'] === 'string' ? raw['type'] : '',
      name: typeof raw['name'] === 'string' ? raw['name'] : '',
      providerName: typeof raw['provider_name'] === 'string' ? raw['provider_name'] : '',
      actions: Array.isArray(change['actions']) ? (change['actions'] as unknown[]).filter((a): a is string => typeof a === 'string') : [],
      before: change['before'] ?? null,
      after: change['after'] ?? null,
      afterUnknown: change['after_unknown'] ?? null,
    });
  }
  return out;
}

export const isDeletion = (c: PlannedChange) => c.actions.includes('delete');
/** A managed resource that exists after the apply with new or changed values. */
export const isCreateOrUpdate = (c: PlannedChange) => c.mode === 'managed' && (c.actions.includes('create') || c.actions.includes('update'));

/** A value at a dotted path (`a.0.b`); `unknown` when the plan marks it known only after apply. */
export function valueAt(values: unknown, unknownMarks: unknown, path: string): { known: true; value: unknown } | { known: false } {
  let value: unknown = values;
  let marks: unknown = unknownMarks;
  for (const part of path.split('.').filter(Boolean)) {
    if (marks === true) return { known: false };
    const key: string | number = /^\d+$/.test(part) ? Number(part) : part;
    value = Array.isArray(value) ? value[key as number] : isObj(value) ? value[String(key)] : undefined;
    marks = Array.isArray(marks) ? marks[key as number] : isObj(marks) ? marks[String(key)] : undefined;
  }
  if (marks === true) return { known: false };
  return { known: true, value };
}

export interface ModuleCall {
  /** module.a.module.b */
  address: string;
  source: string;
  version?: string;
}

/** Every module call of the configuration, nested ones too. */
export function moduleCalls(plan: unknown): ModuleCall[] {
  const out: ModuleCall[] = [];
  const walk = (module: unknown, prefix: string) => {
    if (!isObj(module) || !isObj(module['module_calls'])) return;
    for (const [name, call] of Object.entries(module['module_calls'])) {
      if (!isObj(call)) continue;
      const address = `${prefix}module.${name}`;
      out.push({
        address,
        source: typeof call['source'] === 'string' ? call['source'] : '',
        ...(typeof call['version_constraint'] === 'string' ? { version: call['version_constraint'] } : {}),
      });
      walk(call['module'], `${address}.`);
    }
  };
  if (isObj(plan) && isObj(plan['configuration'])) walk(plan['configuration']['root_module'], '');
  return out;
}

/** The region an aws provider configuration sets as a constant (`provider_config[key].expressions.region`). */
export function providerRegions(plan: unknown): Map<string, string> {
  const regions = new Map<string, string>();
  if (!isObj(plan) || !isObj(plan['configuration']) || !isObj(plan['configuration']['provider_config'])) return regions;
  for (const [key, config] of Object.entries(plan['configuration']['provider_config'])) {
    if (!isObj(config) || !isObj(config['expressions'])) continue;
    const region = config['expressions']['region'];
    if (isObj(region) && typeof region['constant_value'] === 'string') regions.set(key, region['constant_value']);
  }
  return regions;
}

/** The provider configuration key of a resource in the configuration (`aws`, `aws.west`, `module.m:aws`). */
export function resourceProviderKeys(plan: unknown): Map<string, string> {
  const keys = new Map<string, string>();
  const walk = (module: unknown, prefix: string) => {
    if (!isObj(module)) return;
    for (const resource of Array.isArray(module['resources']) ? module['resources'] : []) {
      if (isObj(resource) && typeof resource['address'] === 'string' && typeof resource['provider_config_key'] === 'string') {
        keys.set(`${prefix}${resource['address']}`, resource['provider_config_key']);
      }
    }
    if (isObj(module['module_calls'])) {
      for (const [name, call] of Object.entries(module['module_calls'])) if (isObj(call)) walk(call['module'], `${prefix}module.${name}.`);
    }
  };
  if (isObj(plan) && isObj(plan['configuration'])) walk(plan['configuration']['root_module'], '');
  return keys;
}

/** A resource address without its instance keys (`aws_s3_bucket.b["x"]` → `aws_s3_bucket.b`). */
export const configAddress = (address: string) => address.replace(/\[[^\]]*\]/g, '');

export { isObj };
