// @ts-check
// Planning as terraform does it, on the stand-in's tiny resource model: refresh the prior state
// against the "real infrastructure" (TERRACE_STANDIN_CLOUD, a JSON file tests edit to simulate
// drift; without it the state is taken as real), compare with the configuration, and describe the
// result in terraform's formats: the human plan, `show -json` (format_version 1.2) and the
// -detailed-exitcode convention.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { evaluate, splitUnknown, ctyType, UNKNOWN } from './config.mjs';

/**
 * @typedef {import('./config.mjs').ModuleConfig} ModuleConfig
 * @typedef {import('./config.mjs').ResourceConfig} ResourceConfig
 * @typedef {import('./backend.mjs').State} State
 * @typedef {{ address: string, type: string, name: string, index: number | undefined, provider: string, attributes: Record<string, unknown>, tainted: boolean }} Instance
 * @typedef {{ address: string, type: string, name: string, index: number | undefined, provider: string, actions: string[], before: Record<string, unknown> | null, after: unknown, actionReason?: string, sensitiveKeys: string[], body?: Record<string, unknown> }} Change
 * @typedef {{ name: string, actions: string[], before: unknown, after: unknown, sensitive: boolean }} OutputChange
 */

/** Attributes whose change needs a new object (as null_resource.triggers and random_*.keepers do). */
const forcesReplacement = new Set(['triggers', 'keepers']);

/** @param {string} provider */
export function providerAddress(provider) {
  return `registry.terraform.io/hashicorp/${provider}`;
}

/** @param {State | null} state */
export function instancesOf(state) {
  /** @type {Map<string, Instance>} */
  const map = new Map();
  for (const resource of state?.resources ?? []) {
    if (resource.mode !== 'managed') continue;
    const provider = /"registry\.terraform\.io\/[^/]+\/([^"]+)"/.exec(resource.provider)?.[1] ?? resource.type.split('_')[0] ?? '';
    for (const instance of resource.instances) {
      const index = typeof instance.index_key === 'number' ? instance.index_key : undefined;
      const address = `${resource.type}.${resource.name}${index === undefined ? '' : `[${index}]`}`;
      map.set(address, { address, type: resource.type, name: resource.name, index, provider, attributes: instance.attributes, tainted: instance.status === 'tainted' });
    }
  }
  return map;
}

/**
 * @param {Map<string, Instance>} instances
 * @param {State | null} prior
 * @param {Record<string, { value: unknown, sensitive: boolean }>} outputs
 * @param {string} version
 * @returns {State}
 */
export function buildState(instances, prior, outputs, version) {
  /** @type {Map<string, import('./backend.mjs').StateResource>} */
  const resources = new Map();
  for (const instance of instances.values()) {
    const key = `${instance.type}.${instance.name}`;
    let resource = resources.get(key);
    if (!resource) {
      resource = { mode: 'managed', type: instance.type, name: instance.name, provider: `provider["${providerAddress(instance.provider)}"]`, instances: [] };
      resources.set(key, resource);
    }
    resource.instances.push({
      ...(instance.index === undefined ? {} : { index_key: instance.index }),
      ...(instance.tainted ? { status: 'tainted' } : {}),
      schema_version: 0,
      attributes: instance.attributes,
      sensitive_attributes: [],
    });
  }
  return {
    version: 4,
    terraform_version: version,
    serial: (prior?.serial ?? 0) + 1,
    lineage: prior?.lineage ?? crypto.randomUUID(),
    outputs: Object.fromEntries(
      Object.entries(outputs).map(([name, o]) => [name, { value: o.value, type: ctyType(o.value), ...(o.sensitive ? { sensitive: true } : {}) }]),
    ),
    resources: [...resources.values()],
    check_results: null,
  };
}

/** The "real infrastructure" file, when tests gave one. */
export function readCloud() {
  const file = process.env['TERRACE_STANDIN_CLOUD'];
  if (!file) return null;
  if (!existsSync(file)) return /** @type {Record<string, Record<string, unknown>>} */ ({});
  return /** @type {Record<string, Record<string, unknown>>} */ (JSON.parse(readFileSync(file, 'utf8')));
}

/** @param {Record<string, Record<string, unknown>>} cloud */
export function writeCloud(cloud) {
  const file = process.env['TERRACE_STANDIN_CLOUD'];
  if (file) writeFileSync(file, `${JSON.stringify(cloud, null, 2)}\n`);
}

/**
 * @param {Record<string, unknown>} a
 * @param {Record<string, unknown>} b
 */
function sameAttributes(a, b) {
  return JSON.stringify(sortKeys(a)) === JSON.stringify(sortKeys(b));
}

/** @param {unknown} v @returns {unknown} */
function sortKeys(v) {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (typeof v === 'object' && v !== null) {
    return Object.fromEntries(Object.keys(v).sort().map((k) => [k, sortKeys(/** @type {Record<string, unknown>} */ (v)[k])]));
  }
  return v;
}

/**
 * @param {string} address
 * @param {string[]} targets
 */
function targeted(address, targets) {
  if (targets.length === 0) return true;
  return targets.some((t) => address === t || address.startsWith(`${t}[`));
}

/**
 * @param {{ module: ModuleConfig, vars: Map<string, unknown>, prior: State | null, destroy: boolean, refreshOnly: boolean, targets: string[], replace: string[], onRefresh?: (instance: Instance) => Promise<void> }} input
 */
export async function makePlan(input) {
  const { module, vars, prior } = input;
  const sensitiveVars = new Set([...module.variables.values()].filter((v) => v.sensitive).map((v) => v.name));
  const priorInstances = instancesOf(prior);
  const cloud = readCloud();
  /** @type {Map<string, Instance>} */
  const refreshed = new Map();
  /** @type {Change[]} */
  const drift = [];
  for (const instance of priorInstances.values()) {
    if (input.onRefresh) await input.onRefresh(instance);
    const real = cloud === null ? instance.attributes : cloud[instance.address];
    if (real === undefined) {
      drift.push({ ...instance, actions: ['delete'], before: instance.attributes, after: null, sensitiveKeys: [] });
      continue;
    }
    if (!sameAttributes(real, instance.attributes)) {
      drift.push({ ...instance, actions: ['update'], before: instance.attributes, after: real, sensitiveKeys: [] });
    }
    refreshed.set(instance.address, { ...instance, attributes: real });
  }
  /** @type {Map<string, Record<string, unknown>>} */
  const known = new Map([...refreshed.values()].map((i) => [i.address, i.attributes]));
  /** @type {Change[]} */
  const changes = [];
  if (!input.refreshOnly) {
    if (input.destroy) {
      for (const instance of refreshed.values()) {
        if (!targeted(instance.address, input.targets)) continue;
        changes.push({ ...instance, actions: ['delete'], before: instance.attributes, after: null, sensitiveKeys: [] });
      }
    } else {
      const desired = new Set();
      for (const resource of module.resources) {
        desired.add(resource.address);
        const marks = { sensitive: false };
        /** @type {string[]} */
        const sensitiveKeys = [];
        /** @type {Record<string, unknown>} */
        const after = {};
        for (const [key, value] of Object.entries(resource.body)) {
          marks.sensitive = false;
          after[key] = evaluate(value, { vars, sensitiveVars, resources: known, marks });
          if (marks.sensitive) sensitiveKeys.push(key);
        }
        const current = refreshed.get(resource.address);
        const base = { address: resource.address, type: resource.type, name: resource.name, index: resource.index, provider: resource.provider, sensitiveKeys, body: resource.body };
        if (!targeted(resource.address, input.targets)) {
          if (current) changes.push({ ...base, actions: ['no-op'], before: current.attributes, after: current.attributes });
          continue;
        }
        if (!current) {
          changes.push({ ...base, actions: ['create'], before: null, after: { ...after, id: UNKNOWN } });
          continue;
        }
        const { id, ...currentRest } = current.attributes;
        const byRequest = input.replace.includes(resource.address);
        const differs = !sameAttributes(currentRest, /** @type {Record<string, unknown>} */ (after)) || Object.values(after).some((v) => v === UNKNOWN);
        const forced = Object.keys({ ...after, ...currentRest }).some((k) => forcesReplacement.has(k) && JSON.stringify(sortKeys(after[k])) !== JSON.stringify(sortKeys(currentRest[k])));
        if (current.tainted || byRequest || (differs && forced)) {
          changes.push({
            ...base,
            actions: ['delete', 'create'],
            before: current.attributes,
            after: { ...after, id: UNKNOWN },
            actionReason: current.tainted ? 'replace_because_tainted' : byRequest ? 'replace_by_request' : 'replace_because_cannot_update',
          });
        } else if (differs) {
          changes.push({ ...base, actions: ['update'], before: current.attributes, after: { ...after, id } });
        } else {
          changes.push({ ...base, actions: ['no-op'], before: current.attributes, after: current.attributes });
        }
      }
      for (const instance of refreshed.values()) {
        if (desired.has(instance.address) || !targeted(instance.address, input.targets)) continue;
        changes.push({ ...instance, actions: ['delete'], before: instance.attributes, after: null, actionReason: 'delete_because_no_resource_config', sensitiveKeys: [] });
      }
    }
  }
  // Planned values of resources, for outputs that refer to them.
  /** @type {Map<string, Record<string, unknown>>} */
  const planned = new Map(known);
  for (const change of changes) {
    if (change.actions.includes('create') || change.actions.includes('update')) planned.set(change.address, /** @type {Record<string, unknown>} */ (change.after));
    else if (change.actions[0] === 'delete') planned.delete(change.address);
  }
  /** @type {OutputChange[]} */
  const outputChanges = [];
  const priorOutputs = prior?.outputs ?? {};
  if (!input.refreshOnly) {
    for (const output of input.destroy ? [] : module.outputs) {
      const after = evaluate(output.expression, { vars, sensitiveVars, resources: planned });
      const before = priorOutputs[output.name]?.value;
      const exists = output.name in priorOutputs;
      const same = exists && after !== UNKNOWN && JSON.stringify(sortKeys(before)) === JSON.stringify(sortKeys(after));
      outputChanges.push({ name: output.name, actions: !exists ? ['create'] : same ? ['no-op'] : ['update'], before: exists ? before : null, after, sensitive: output.sensitive });
    }
    for (const [name, o] of Object.entries(priorOutputs)) {
      if (input.destroy || !module.outputs.some((out) => out.name === name)) {
        outputChanges.push({ name, actions: ['delete'], before: o.value, after: null, sensitive: o.sensitive === true });
      }
    }
  }
  const resourceChanged = changes.some((c) => c.actions[0] !== 'no-op');
  const outputsChanged = outputChanges.some((o) => o.actions[0] !== 'no-op');
  const hasChanges = input.refreshOnly ? drift.length > 0 : resourceChanged || outputsChanged;
  return { changes, drift, outputChanges, refreshed, hasChanges };
}

/**
 * `show -json <planfile>`: terraform's JSON plan representation (internal/command/jsonplan).
 * @param {any} plan the saved plan file's content
 */
export function planJson(plan) {
  const resourceJson = (/** @type {Change} */ c, /** @type {unknown} */ values) => ({
    address: c.address,
    mode: 'managed',
    type: c.type,
    name: c.name,
    ...(c.index === undefined ? {} : { index: c.index }),
    provider_name: providerAddress(c.provider),
    schema_version: 0,
    values,
    sensitive_values: {},
  });
  const changeJson = (/** @type {Change} */ c) => {
    const after = splitUnknown(c.after);
    const sensitive = Object.fromEntries(c.sensitiveKeys.map((k) => [k, true]));
    return {
      address: c.address,
      mode: 'managed',
      type: c.type,
      name: c.name,
      ...(c.index === undefined ? {} : { index: c.index }),
      provider_name: providerAddress(c.provider),
      change: {
        actions: c.actions,
        before: c.before,
        after: after.known,
        after_unknown: after.unknown === false ? {} : after.unknown,
        before_sensitive: c.before === null ? false : {},
        after_sensitive: c.after === null ? false : sensitive,
      },
      ...(c.actionReason ? { action_reason: c.actionReason } : {}),
    };
  };
  /** @type {Change[]} */
  const changes = plan.changes;
  /** @type {OutputChange[]} */
  const outputChanges = plan.outputChanges;
  /** @type {State | null} */
  const prior = plan.prior;
  const plannedResources = changes
    .filter((c) => c.actions[0] !== 'delete' || c.actions.length > 1)
    .map((c) => resourceJson(c, splitUnknown(c.after).known));
  return {
    format_version: '1.2',
    terraform_version: plan.version,
    variables: Object.fromEntries(Object.entries(plan.variables).map(([k, v]) => [k, { value: v }])),
    planned_values: {
      outputs: Object.fromEntries(
        outputChanges
          .filter((o) => o.actions[0] !== 'delete')
          .map((o) => [o.name, { sensitive: o.sensitive, ...(o.after === UNKNOWN || o.after === '__unknown__' ? {} : { value: o.after }) }]),
      ),
      root_module: { resources: plannedResources },
    },
    resource_drift: plan.drift.map(changeJson),
    resource_changes: changes.map(changeJson),
    output_changes: Object.fromEntries(
      outputChanges.map((o) => {
        const after = splitUnknown(o.after);
        return [o.name, { actions: o.actions, before: o.before, after: after.known, after_unknown: after.unknown, before_sensitive: o.sensitive, after_sensitive: o.sensitive }];
      }),
    ),
    prior_state: prior
      ? {
          format_version: '1.0',
          terraform_version: prior.terraform_version,
          values: {
            outputs: Object.fromEntries(Object.entries(prior.outputs).map(([k, o]) => [k, { sensitive: o.sensitive === true, value: o.value, type: o.type }])),
            root_module: {
              resources: [...instancesOf(prior).values()].map((i) =>
                resourceJson({ ...i, actions: [], before: null, after: null, sensitiveKeys: [] }, i.attributes),
              ),
            },
          },
        }
      : undefined,
    configuration: {
      provider_config: Object.fromEntries(
        [...new Set(changes.map((c) => c.provider))].map((p) => [p, { name: p, full_name: providerAddress(p) }]),
      ),
      root_module: {
        resources: plan.resourceConfigs.map((/** @type {ResourceConfig} */ r) => ({
          address: `${r.type}.${r.name}`,
          mode: 'managed',
          type: r.type,
          name: r.name,
          provider_config_key: r.provider,
          expressions: {},
          schema_version: 0,
        })),
        outputs: Object.fromEntries(plan.outputConfigs.map((/** @type {{name: string, sensitive: boolean}} */ o) => [o.name, { sensitive: o.sensitive, expression: {} }])),
        variables: Object.fromEntries(plan.variableConfigs.map((/** @type {{name: string, sensitive: boolean}} */ v) => [v.name, v.sensitive ? { sensitive: true } : {}])),
      },
    },
    relevant_attributes: [],
    timestamp: plan.timestamp,
    applyable: plan.hasChanges,
    complete: true,
    errored: false,
  };
}
