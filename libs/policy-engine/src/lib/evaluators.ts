import { awsServiceScope } from '@terrace/domain';
import {
  configAddress,
  isCreateOrUpdate,
  isDeletion,
  isObj,
  moduleCalls,
  providerRegions,
  resourceChanges,
  resourceProviderKeys,
  valueAt,
  type PlannedChange,
} from './plan';
import type { ControlPolicyType, FailedResource, PolicyCheck, PolicyDefinition, PolicyInput, PropertyCondition, RequiredTag } from './types';

/**
 * The typed control policies of spec §9, evaluated natively on terraform's plan JSON. Each returns
 * passed, failed (with the resources that broke it) or error ('Unable to Check', with why). OPA
 * policies are not typed: the OPA adapter evaluates them (opa.ts).
 */

const passed = (errorMessage?: string): PolicyCheck => ({ status: 'passed', failedResources: [], ...(errorMessage ? { errorMessage } : {}) });
const verdict = (failedResources: FailedResource[], unableToCheck: FailedResource[] = []): PolicyCheck => {
  if (failedResources.length) return { status: 'failed', failedResources };
  if (unableToCheck.length) {
    return { status: 'error', failedResources: unableToCheck, errorMessage: unableToCheck.map((r) => `${r.address}: ${r.message ?? ''}`).join('; ') };
  }
  return passed();
};

/** A regular expression that must match the whole text, or null when the pattern is not one. */
function wholeRegex(pattern: string): RegExp | null {
  try {
    return new RegExp(`^(?:${pattern})$`);
  } catch {
    return null;
  }
}

/** Case-sensitive: the literal text, else the pattern as a regular expression over the whole text. */
export function matchesText(text: string, pattern: string): boolean {
  if (text === pattern) return true;
  return wholeRegex(pattern)?.test(text) ?? false;
}

/** Resource types and module sources: exact, `*` as a wildcard (`aws_iam_*`), or a regular expression. */
export function matchesName(name: string, pattern: string): boolean {
  if (name === pattern) return true;
  if (/^[\w.\-/:@]*\*[\w.\-/:@*]*$/.test(pattern)) {
    return new RegExp(`^${pattern.split('*').map((p) => p.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('.*')}$`).test(name);
  }
  return wholeRegex(pattern)?.test(name) ?? false;
}

// --- deny resource deletion -------------------------------------------------------------------

function denyResourceDeletion(policy: PolicyDefinition, input: PolicyInput): PolicyCheck {
  const types = policy.parameters.resourceTypes ?? [];
  const arns = (policy.parameters.arnPrefixes ?? []).map((a) => a.trim().toLowerCase()).filter(Boolean);
  const arnOf = (c: PlannedChange) => (isObj(c.before) && typeof c.before['arn'] === 'string' ? c.before['arn'].toLowerCase() : '');
  const failed = resourceChanges(input.plan)
    .filter((c) => c.mode === 'managed' && isDeletion(c) && (types.length === 0 || types.some((t) => matchesName(c.type, t))))
    .filter((c) => arns.length === 0 || arns.some((a) => arnOf(c).startsWith(a)))
    .map((c) => ({ address: c.address, message: c.actions.includes('create') ? 'The resource would be replaced (deleted, then created)' : 'The resource would be deleted' }));
  return verdict(failed);
}

// --- resource property condition ----------------------------------------------------------------

const asNumber = (v: unknown): number | null => {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v))) return Number(v);
  return null;
};

/** Whether `actual` satisfies the condition; a string says why not, null that it does. */
export function checkCondition(condition: PropertyCondition, actual: unknown): string | null {
  const expected = condition.value ?? '';
  const shown = actual === undefined ? 'absent' : JSON.stringify(actual);
  const text = actual === undefined || actual === null ? '' : typeof actual === 'string' ? actual : JSON.stringify(actual);
  switch (condition.operator) {
    case 'ne':
      return text === expected ? `${condition.property} must not be ${expected}` : null;
    case 'lt':
    case 'lte':
    case 'gt':
    case 'gte': {
      const a = asNumber(actual);
      const b = asNumber(expected);
      if (a === null || b === null) return `${condition.property} (${shown}) is not a number`;
      const ok = condition.operator === 'lt' ? a < b : condition.operator === 'lte' ? a <= b : condition.operator === 'gt' ? a > b : a >= b;
      const words = { lt: 'less than', lte: 'less than or equal to', gt: 'greater than', gte: 'greater than or equal to' }[condition.operator];
      return ok ? null : `${condition.property} (${shown}) must be ${words} ${expected}`;
    }
    case 'startsWith':
      return text.startsWith(expected) && actual !== undefined ? null : `${condition.property} (${shown}) must start with ${expected}`;
    case 'contains':
      if (Array.isArray(actual)) return actual.some((v) => v === expected || String(v) === expected) ? null : `${condition.property} must include ${expected}`;
      return text.includes(expected) && actual !== undefined ? null : `${condition.property} (${shown}) must include ${expected}`;
    case 'in': {
      const options = expected.split(',').map((s) => s.trim()).filter(Boolean);
      return options.includes(text) && actual !== undefined ? null : `${condition.property} (${shown}) must be one of ${options.join(', ')}`;
    }
    case 'match': {
      const re = wholeRegex(expected);
      if (!re) return `The regex rule value is not a valid regex`;
      return actual !== undefined && re.test(text) ? null : `${condition.property} (${shown}) must match ${expected}`;
    }
    case 'boolean': {
      const want = expected === '' ? true : expected === 'true';
      return actual === want || text === String(want) ? null : `${condition.property} (${shown}) must be ${want}`;
    }
  }
}

function resourcePropertyCondition(policy: PolicyDefinition, input: PolicyInput): PolicyCheck {
  const conditions = policy.parameters.propertyConditions ?? [];
  if (conditions.length === 0) return { status: 'error', failedResources: [], errorMessage: 'The policy has no property condition' };
  const failed: FailedResource[] = [];
  const unable: FailedResource[] = [];
  for (const change of resourceChanges(input.plan).filter(isCreateOrUpdate)) {
    for (const condition of conditions.filter((c) => matchesName(change.type, c.resourceType))) {
      const found = valueAt(change.after, change.afterUnknown, condition.property);
      if (!found.known) {
        unable.push({ address: change.address, message: `${condition.property} is known only after apply` });
        continue;
      }
      const why = checkCondition(condition, found.value);
      if (why) failed.push({ address: change.address, message: why });
    }
  }
  return verdict(failed, unable);
}

// --- required tags -------------------------------------------------------------------------------

/** The tags a resource will carry; `undefined` when the type has no tags argument (not taggable). */
function tagsOf(change: PlannedChange, cloud: 'aws' | 'azure'): { known: true; tags: Record<string, unknown> | undefined } | { known: false } {
  const after = isObj(change.after) ? change.after : {};
  // aws: tags_all holds the provider's default_tags too; it is unknown at plan when tags are computed.
  const attribute = cloud === 'aws' && 'tags_all' in after ? 'tags_all' : 'tags';
  if (!(attribute in after) && !(isObj(change.afterUnknown) && attribute in change.afterUnknown)) return { known: true, tags: undefined };
  const found = valueAt(after, change.afterUnknown, attribute);
  if (!found.known) {
    // tags_all is computed when default_tags are involved; fall back to tags.
    if (attribute === 'tags_all') {
      const tags = valueAt(after, change.afterUnknown, 'tags');
      if (tags.known) return { known: true, tags: isObj(tags.value) ? tags.value : {} };
    }
    return { known: false };
  }
  return { known: true, tags: isObj(found.value) ? found.value : {} };
}

export function missingTag(tags: Record<string, unknown>, rule: RequiredTag): string | null {
  const keys = Object.keys(tags).filter((k) => matchesText(k, rule.key));
  if (keys.length === 0) return `Missing the required tag '${rule.key}'`;
  const allowed = (rule.allowedValues ?? []).filter((v) => v !== '');
  if (allowed.length === 0) return null;
  for (const key of keys) {
    const value = tags[key];
    if (typeof value === 'string' && allowed.some((a) => matchesText(value, a))) return null;
  }
  return `The tag '${keys[0]}' has the value '${String(tags[keys[0] as string])}', not one of ${allowed.map((a) => `'${a}'`).join(', ')}`;
}

function requiredTags(cloud: 'aws' | 'azure') {
  const prefix = cloud === 'aws' ? 'aws_' : 'azurerm_';
  return (policy: PolicyDefinition, input: PolicyInput): PolicyCheck => {
    const rules = policy.parameters.tags ?? [];
    if (rules.length === 0) return { status: 'error', failedResources: [], errorMessage: 'The policy names no tag' };
    const failed: FailedResource[] = [];
    const unable: FailedResource[] = [];
    for (const change of resourceChanges(input.plan).filter((c) => isCreateOrUpdate(c) && c.type.startsWith(prefix))) {
      const found = tagsOf(change, cloud);
      if (!found.known) {
        unable.push({ address: change.address, message: 'The tags are known only after apply' });
        continue;
      }
      if (!found.tags) continue;
      const problems = rules.map((rule) => missingTag(found.tags as Record<string, unknown>, rule)).filter((p): p is string => p !== null);
      if (problems.length) failed.push({ address: change.address, message: problems.join('; ') });
    }
    return verdict(failed, unable);
  };
}

// --- deny cost increase --------------------------------------------------------------------------

function denyCostIncrease(policy: PolicyDefinition, input: PolicyInput): PolicyCheck {
  const limit = policy.parameters.costIncrease;
  if (!limit) return { status: 'error', failedResources: [], errorMessage: 'The policy has no cost increase limit' };
  // Only when the run has a cost estimate (infracost); without one there is nothing to compare.
  if (!input.cost) return passed('No cost estimate for this run');
  const { diffMonthlyCost: increase, pastMonthlyCost: past } = input.cost;
  if (limit.type === 'percent' && past === undefined) {
    return { status: 'error', failedResources: [], errorMessage: 'The cost estimate has no past monthly cost to compare a percentage with' };
  }
  const over = limit.type === 'amount' ? increase > limit.value : past === 0 ? increase > 0 : (increase / (past as number)) * 100 > limit.value;
  if (!over) return passed();
  const shown = limit.type === 'amount' ? `${limit.value}` : `${limit.value}%`;
  return {
    status: 'failed',
    failedResources: [{ address: 'monthly cost', message: `The monthly cost rises by ${increase.toFixed(2)}, more than the allowed ${shown}` }],
  };
}

// --- regions ---------------------------------------------------------------------------------------

const arnRegion = (value: unknown): string | undefined => {
  if (typeof value !== 'string') return undefined;
  const match = /^arn:aws[\w-]*:[^:]*:([a-z0-9-]*):/.exec(value);
  return match?.[1] || undefined;
};

/** The region an aws resource lives in, or undefined for a global service or when it cannot be told. */
export function awsRegionOf(change: PlannedChange, providerRegion: string | undefined): { region?: string; global?: boolean; unknown?: boolean } {
  const service = change.type.replace(/^aws_/, '').split('_')[0] ?? '';
  const serviceNames: Record<string, string> = { iam: 'IAM', cloudfront: 'CloudFront', route53: 'Route53', networkmanager: 'NetworkManager' };
  if (serviceNames[service] && awsServiceScope(serviceNames[service] as string) === 'global') return { global: true };
  const after = isObj(change.after) ? change.after : {};
  const before = isObj(change.before) ? change.before : {};
  const explicit = after['region'];
  if (typeof explicit === 'string' && explicit) return { region: explicit };
  if (isObj(change.afterUnknown) && change.afterUnknown['region'] === true) return { unknown: true };
  const fromArn = arnRegion(after['arn']) ?? arnRegion(before['arn']);
  if (fromArn) return { region: fromArn };
  if (providerRegion) return { region: providerRegion };
  return { unknown: true };
}

function awsRegions(mode: 'allowed' | 'denied') {
  return (policy: PolicyDefinition, input: PolicyInput): PolicyCheck => {
    const regions = policy.parameters.regions ?? [];
    if (regions.length === 0) return { status: 'error', failedResources: [], errorMessage: 'The policy names no region' };
    const providerKeys = resourceProviderKeys(input.plan);
    const configured = providerRegions(input.plan);
    const failed: FailedResource[] = [];
    const unable: FailedResource[] = [];
    for (const change of resourceChanges(input.plan).filter((c) => isCreateOrUpdate(c) && c.type.startsWith('aws_'))) {
      const key = providerKeys.get(configAddress(change.address));
      const where = awsRegionOf(change, key ? configured.get(key) : (configured.get('aws') ?? undefined));
      if (where.global) continue;
      if (!where.region) {
        unable.push({ address: change.address, message: 'The region is known only after apply' });
        continue;
      }
      const listed = regions.some((r) => matchesText(where.region as string, r));
      if (mode === 'allowed' && !listed) failed.push({ address: change.address, message: `The region ${where.region} is not allowed` });
      if (mode === 'denied' && listed) failed.push({ address: change.address, message: `The region ${where.region} is denied` });
    }
    return verdict(failed, unable);
  };
}

// --- resource types --------------------------------------------------------------------------------

function resourceTypes(mode: 'allowed' | 'denied') {
  return (policy: PolicyDefinition, input: PolicyInput): PolicyCheck => {
    const types = policy.parameters.resourceTypes ?? [];
    if (types.length === 0) return { status: 'error', failedResources: [], errorMessage: 'The policy names no resource type' };
    const failed = resourceChanges(input.plan)
      .filter((c) => c.mode === 'managed' && c.actions.includes('create'))
      .filter((c) => (mode === 'allowed' ? !types.some((t) => matchesName(c.type, t)) : types.some((t) => matchesName(c.type, t))))
      .map((c) => ({ address: c.address, message: `The resource type ${c.type} is ${mode === 'allowed' ? 'not allowed' : 'denied'}` }));
    return verdict(failed);
  };
}

// --- module rules ----------------------------------------------------------------------------------

/** A Terraform registry address: [hostname/]namespace/name/provider (optionally //subdir). */
export function isRegistrySource(source: string): boolean {
  const [address] = source.split('//');
  return /^([a-z0-9.-]+\.[a-z]{2,}(:\d+)?\/)?[\w-]+\/[\w-]+\/[a-z0-9]+$/i.test(address ?? '') && !/^(git|hg|s3|gcs|https?)::/.test(source);
}

function moduleRules(policy: PolicyDefinition, input: PolicyInput): PolicyCheck {
  const rules = policy.parameters.moduleRules ?? {};
  const allowed = rules.allowedSources ?? [];
  const denied = rules.deniedModules ?? [];
  if (!allowed.length && !denied.length && !rules.requireRegistryModules) {
    return { status: 'error', failedResources: [], errorMessage: 'The policy has no module rule' };
  }
  const failed: FailedResource[] = [];
  for (const call of moduleCalls(input.plan)) {
    const local = call.source.startsWith('./') || call.source.startsWith('../');
    const matches = (pattern: string) => call.source.startsWith(pattern) || matchesName(call.source, pattern);
    if (denied.some(matches)) failed.push({ address: call.address, message: `The module source ${call.source} is denied` });
    else if (rules.requireRegistryModules && !local && !isRegistrySource(call.source)) {
      failed.push({ address: call.address, message: `The module source ${call.source} is not a registry module` });
    } else if (allowed.length && !local && !allowed.some(matches)) {
      failed.push({ address: call.address, message: `The module source ${call.source} is not among the allowed sources` });
    }
  }
  return verdict(failed);
}

type Evaluator = (policy: PolicyDefinition, input: PolicyInput) => PolicyCheck;

const evaluators: Record<Exclude<ControlPolicyType, 'opa'>, Evaluator> = {
  deny_resource_deletion: denyResourceDeletion,
  resource_property_condition: resourcePropertyCondition,
  aws_required_tags: requiredTags('aws'),
  azure_required_tags: requiredTags('azure'),
  deny_cost_increase: denyCostIncrease,
  aws_allowed_regions: awsRegions('allowed'),
  aws_denied_regions: awsRegions('denied'),
  allowed_resource_types: resourceTypes('allowed'),
  denied_resource_types: resourceTypes('denied'),
  module_rules: moduleRules,
};

/** Evaluates a typed policy; an exception inside an evaluator is an 'Unable to Check' result. */
export function evaluateTypedPolicy(policy: PolicyDefinition, input: PolicyInput): PolicyCheck {
  if (policy.type === 'opa') return { status: 'error', failedResources: [], errorMessage: 'OPA policies are evaluated by the opa binary' };
  const evaluator = evaluators[policy.type];
  if (!evaluator) return { status: 'error', failedResources: [], errorMessage: `Unknown policy type ${String(policy.type)}` };
  try {
    return evaluator(policy, input);
  } catch (error) {
    return { status: 'error', failedResources: [], errorMessage: error instanceof Error ? error.message : String(error) };
  }
}
