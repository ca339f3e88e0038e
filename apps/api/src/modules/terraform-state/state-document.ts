import { createHash } from 'node:crypto';

/**
 * What the server reads from a Terraform state file (format version 4, `states/statefile`): the
 * version, serial and lineage it checks writes against, the Terraform version, the outputs it keeps,
 * and how many resource instances it manages. The file itself is kept byte for byte.
 */
export interface StateDocument {
  serial: number;
  lineage: string;
  terraformVersion: string | null;
  resourceCount: number;
  outputs: StateOutput[];
  /** Every resource instance the state holds (managed resources and data sources). */
  resources: StateResource[];
  md5: string;
  sha256: string;
  size: number;
}

export interface StateOutput {
  name: string;
  sensitive: boolean;
  /** Terraform's type as the state writes it (cty JSON: `"string"`, `["list","string"]`, …). */
  type: unknown;
  value: unknown;
}

/** One resource instance of a state, addressed as Terraform addresses it. */
export interface StateResource {
  /** `module.net.aws_subnet.private["a"]`, `data.aws_ami.base`, … */
  address: string;
  mode: 'managed' | 'data';
  type: string;
  name: string;
  /** `module.net` (empty for the root module). */
  module: string;
  /** The provider's short source, e.g. `registry.terraform.io/hashicorp/aws`. */
  provider: string;
  /** The cloud's id of the resource, when its attributes carry one (`arn`, else `id`). */
  logicalResourceId: string | null;
  region: string | null;
}

export class StateDocumentError extends Error {}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Hex digests and the size of the bytes as sent. */
export function digestsOf(bytes: Buffer): { md5: string; sha256: string; size: number } {
  return {
    md5: createHash('md5').update(bytes).digest('hex'),
    sha256: createHash('sha256').update(bytes).digest('hex'),
    size: bytes.length,
  };
}

/** Reads a state file; throws StateDocumentError with a message for the client when it is not one. */
export function readStateDocument(bytes: Buffer): StateDocument {
  let parsed: unknown;
  try {
    parsed = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new StateDocumentError('The state is not valid JSON');
  }
  if (!isObject(parsed)) throw new StateDocumentError('The state must be a JSON object');
  const { version, serial, lineage } = parsed;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    throw new StateDocumentError('The state has no "version" (a Terraform state file has "version": 4)');
  }
  if (typeof serial !== 'number' || !Number.isSafeInteger(serial) || serial < 0) {
    throw new StateDocumentError('The state has no valid "serial" (a non-negative integer)');
  }
  if (typeof lineage !== 'string' || lineage.length === 0 || lineage.length > 256) {
    throw new StateDocumentError('The state has no valid "lineage"');
  }
  const terraformVersion = typeof parsed['terraform_version'] === 'string' ? parsed['terraform_version'].slice(0, 64) : null;
  const outputs: StateOutput[] = [];
  if (isObject(parsed['outputs'])) {
    for (const [name, output] of Object.entries(parsed['outputs'])) {
      if (!isObject(output)) continue;
      outputs.push({ name, sensitive: output['sensitive'] === true, type: output['type'] ?? null, value: output['value'] ?? null });
    }
  }
  const resources = readResources(parsed['resources']);
  const resourceCount = resources.filter((resource) => resource.mode === 'managed').length;
  return { serial, lineage, terraformVersion, resourceCount, outputs, resources, ...digestsOf(bytes) };
}

// `provider["registry.terraform.io/hashicorp/aws"].west` → registry.terraform.io/hashicorp/aws
const providerSource = (provider: unknown): string => {
  if (typeof provider !== 'string') return '';
  const quoted = /provider\["([^"]+)"\]/.exec(provider);
  return quoted?.[1] ?? provider;
};

/** Terraform's instance key suffix: `[0]` for count, `["key"]` for for_each. */
const indexSuffix = (key: unknown): string => {
  if (typeof key === 'number') return `[${key}]`;
  if (typeof key === 'string') return `[${JSON.stringify(key)}]`;
  return '';
};

// An ARN names its region as its fourth field: arn:partition:service:region:account:resource.
const regionOfArn = (arn: string): string | null => arn.split(':')[3] || null;

function readResources(list: unknown): StateResource[] {
  if (!Array.isArray(list)) return [];
  const resources: StateResource[] = [];
  for (const resource of list) {
    if (!isObject(resource)) continue;
    const { mode, type, name } = resource;
    if ((mode !== 'managed' && mode !== 'data') || typeof type !== 'string' || typeof name !== 'string') continue;
    const module = typeof resource['module'] === 'string' ? resource['module'] : '';
    const base = `${module ? `${module}.` : ''}${mode === 'data' ? 'data.' : ''}${type}.${name}`;
    const instances = Array.isArray(resource['instances']) ? resource['instances'] : [];
    for (const instance of instances) {
      if (!isObject(instance)) continue;
      const attributes = isObject(instance['attributes']) ? instance['attributes'] : {};
      const arn = typeof attributes['arn'] === 'string' ? attributes['arn'] : null;
      const id = typeof attributes['id'] === 'string' ? attributes['id'] : null;
      const region = typeof attributes['region'] === 'string' ? attributes['region'] : typeof attributes['location'] === 'string' ? attributes['location'] : arn ? regionOfArn(arn) : null;
      resources.push({
        address: `${base}${indexSuffix(instance['index_key'])}`,
        mode,
        type,
        name,
        module,
        provider: providerSource(resource['provider']),
        logicalResourceId: arn ?? id,
        region,
      });
    }
  }
  return resources;
}

/**
 * A resource instance's attributes as the state holds them, with every path Terraform marks
 * sensitive (`sensitive_attributes`) replaced by `"(sensitive value)"`.
 */
export function resourceAttributes(bytes: Buffer): Map<string, Record<string, unknown>> {
  const parsed = JSON.parse(bytes.toString('utf8')) as Record<string, unknown>;
  const byAddress = new Map<string, Record<string, unknown>>();
  if (!Array.isArray(parsed['resources'])) return byAddress;
  for (const resource of parsed['resources']) {
    if (!isObject(resource)) continue;
    const module = typeof resource['module'] === 'string' ? resource['module'] : '';
    const base = `${module ? `${module}.` : ''}${resource['mode'] === 'data' ? 'data.' : ''}${String(resource['type'])}.${String(resource['name'])}`;
    for (const instance of Array.isArray(resource['instances']) ? resource['instances'] : []) {
      if (!isObject(instance) || !isObject(instance['attributes'])) continue;
      const attributes = structuredClone(instance['attributes']);
      for (const path of Array.isArray(instance['sensitive_attributes']) ? instance['sensitive_attributes'] : []) redact(attributes, path);
      byAddress.set(`${base}${indexSuffix(instance['index_key'])}`, attributes);
    }
  }
  return byAddress;
}

// A sensitive path is a list of steps: `[{"type":"get_attr","value":"password"}]` (Terraform < 1.10)
// or `{"type":"get_attr",…}` steps inside; an index step reads `{"type":"index","value":{"value":0,"type":"number"}}`.
function redact(target: unknown, path: unknown): void {
  if (!Array.isArray(path) || path.length === 0) return;
  let node: unknown = target;
  for (let i = 0; i < path.length; i++) {
    const step = path[i] as { type?: string; value?: unknown };
    const key = step.type === 'index' && isObject(step.value) ? step.value['value'] : step.value;
    if (typeof key !== 'string' && typeof key !== 'number') return;
    const container = node as Record<string | number, unknown> | unknown[];
    if (typeof container !== 'object' || container === null || !(key in container)) return;
    if (i === path.length - 1) (container as Record<string | number, unknown>)[key] = '(sensitive value)';
    else node = (container as Record<string | number, unknown>)[key];
  }
}

/**
 * A copy of a state file with another serial (rollback: the old content becomes the newest
 * version, so Terraform's next write, serial + 1, follows it). Written as Terraform writes state:
 * two-space indentation and a final newline.
 */
export function withSerial(bytes: Buffer, serial: number): Buffer {
  const parsed = JSON.parse(bytes.toString('utf8')) as Record<string, unknown>;
  return Buffer.from(`${JSON.stringify({ ...parsed, serial }, null, 2)}\n`, 'utf8');
}

/** Terraform's type expression for a cty JSON type: `["map",["list","string"]]` → `map(list(string))`. */
export function typeExpression(type: unknown): string | undefined {
  if (typeof type === 'string') return type;
  if (!Array.isArray(type) || typeof type[0] !== 'string') return undefined;
  const [kind, inner] = type as [string, unknown];
  if ((kind === 'list' || kind === 'set' || kind === 'map') && inner !== undefined) return `${kind}(${typeExpression(inner) ?? 'any'})`;
  if (kind === 'tuple' && Array.isArray(inner)) return `tuple([${inner.map((t) => typeExpression(t) ?? 'any').join(', ')}])`;
  if (kind === 'object' && isObject(inner)) {
    return `object({${Object.entries(inner)
      .map(([key, t]) => `${key} = ${typeExpression(t) ?? 'any'}`)
      .join(', ')}})`;
  }
  return kind;
}

/** Terraform's LockInfo as sent (field names capitalised, as Go's encoder writes them). */
export interface LockInfo {
  ID: string;
  Operation?: string;
  Info?: string;
  Who?: string;
  Version?: string;
  Created?: string;
  Path?: string;
  [field: string]: unknown;
}

/**
 * Reads the body of LOCK / UNLOCK. `empty` is a body with nothing in it (terraform's force-unlock
 * sends an empty body labelled application/json; OpenTofu 1.6–1.9 no body at all); a LockInfo
 * without an ID counts as empty too. Throws StateDocumentError when the body is not a LockInfo.
 */
export function readLockInfo(bytes: Buffer): { empty: true } | { empty: false; info: LockInfo } {
  const text = bytes.toString('utf8').trim();
  if (text === '') return { empty: true };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new StateDocumentError('The lock information is not valid JSON');
  }
  if (!isObject(parsed)) throw new StateDocumentError('The lock information must be a JSON object');
  const id = parsed['ID'];
  if (id === undefined || id === null || id === '') return { empty: true };
  if (typeof id !== 'string' || id.length > 256) throw new StateDocumentError('The lock ID must be a string of at most 256 characters');
  if (text.length > 64 * 1024) throw new StateDocumentError('The lock information is larger than 64 KiB');
  return { empty: false, info: parsed as LockInfo };
}
