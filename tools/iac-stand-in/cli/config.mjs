// @ts-check
// The root module as terraform reads it: every `.tf` / `.tf.json` file directly in the working
// directory (override files `override.tf` / `*_override.tf` merged last), parsed with HashiCorp's
// HCL library (@cdktf/hcl2json, WebAssembly). The stand-in understands `resource` blocks (literal
// attributes, `count`, references to variables), `variable`, `output`, `terraform { backend }`.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

export class ConfigError extends Error {
  /**
   * @param {string} summary
   * @param {string} detail
   */
  constructor(summary, detail) {
    super(summary);
    this.detail = detail;
  }
}

/** A value only known after apply (a resource id, an expression the stand-in does not evaluate). */
export const UNKNOWN = Symbol('unknown');

/**
 * @typedef {{ name: string, type: string | null, hasDefault: boolean, default: unknown, sensitive: boolean, file: string, line: number }} Variable
 * @typedef {{ address: string, type: string, name: string, index: number | undefined, provider: string, body: Record<string, unknown>, file: string }} ResourceConfig
 * @typedef {{ name: string, expression: unknown, sensitive: boolean }} OutputConfig
 * @typedef {{ type: string, config: Record<string, unknown> } | null} BackendConfig
 * @typedef {{ variables: Map<string, Variable>, resources: ResourceConfig[], outputs: OutputConfig[], backend: BackendConfig, files: string[] }} ModuleConfig
 */

/** @param {unknown} value */
function blocks(value) {
  if (Array.isArray(value)) return value.filter((v) => typeof v === 'object' && v !== null);
  if (typeof value === 'object' && value !== null) return [value];
  return [];
}

/**
 * The provider a resource type belongs to (`null_resource` → hashicorp/null).
 * @param {string} type
 */
export function providerOf(type) {
  return type.split('_')[0] ?? type;
}

/**
 * HashiCorp's HCL parser, loaded on first use (commands that read no configuration start faster).
 * @param {string} file
 * @param {string} text
 */
async function parse(file, text) {
  const hcl = await import('@cdktf/hcl2json');
  return hcl.parse(file, text);
}

/**
 * @param {string} dir
 * @returns {Promise<ModuleConfig>}
 */
export async function loadModule(dir) {
  const names = readdirSync(dir).filter((f) => /\.tf(\.json)?$/.test(f)).sort();
  const isOverride = (/** @type {string} */ f) => /(^|_)override\.tf(\.json)?$/.test(f);
  const ordered = [...names.filter((f) => !isOverride(f)), ...names.filter(isOverride)];
  if (ordered.length === 0) {
    throw new ConfigError('No configuration files', `Apply requires configuration to be present. The directory ${dir} has no .tf files.`);
  }
  /** @type {ModuleConfig} */
  const module = { variables: new Map(), resources: [], outputs: [], backend: null, files: ordered };
  for (const file of ordered) {
    const text = readFileSync(join(dir, file), 'utf8');
    /** @type {Record<string, unknown>} */
    let doc;
    try {
      doc = file.endsWith('.json') ? JSON.parse(text) : /** @type {Record<string, unknown>} */ (await parse(file, text));
    } catch (error) {
      const message = String(error instanceof Error ? error.message : error).replace(/^parse config: /, '');
      throw new ConfigError('Invalid configuration', message);
    }
    const lineOf = (/** @type {string} */ pattern) => {
      const index = text.search(new RegExp(pattern));
      return index < 0 ? 1 : text.slice(0, index).split('\n').length;
    };
    for (const group of blocks(doc['variable'])) {
      for (const [name, value] of Object.entries(group)) {
        const body = /** @type {Record<string, unknown>} */ (blocks(value)[0] ?? {});
        const type = typeof body['type'] === 'string' ? body['type'].replace(/^\$\{([\s\S]*)\}$/, '$1') : null;
        module.variables.set(name, {
          name,
          type,
          hasDefault: 'default' in body,
          default: body['default'],
          sensitive: body['sensitive'] === true,
          file,
          line: lineOf(`variable\\s+"${name}"`),
        });
      }
    }
    for (const group of blocks(doc['resource'])) {
      for (const [type, named] of Object.entries(group)) {
        for (const [name, value] of Object.entries(/** @type {Record<string, unknown>} */ (named))) {
          const body = { .../** @type {Record<string, unknown>} */ (blocks(value)[0] ?? {}) };
          const count = body['count'];
          delete body['count'];
          delete body['lifecycle'];
          delete body['provisioner'];
          delete body['depends_on'];
          const address = `${type}.${name}`;
          module.resources = module.resources.filter((r) => !(r.type === type && r.name === name));
          const provider = providerOf(type);
          if (typeof count === 'number') {
            for (let i = 0; i < count; i++) module.resources.push({ address: `${address}[${i}]`, type, name, index: i, provider, body, file });
          } else {
            module.resources.push({ address, type, name, index: undefined, provider, body, file });
          }
        }
      }
    }
    for (const group of blocks(doc['output'])) {
      for (const [name, value] of Object.entries(group)) {
        const body = /** @type {Record<string, unknown>} */ (blocks(value)[0] ?? {});
        module.outputs = module.outputs.filter((o) => o.name !== name);
        module.outputs.push({ name, expression: body['value'], sensitive: body['sensitive'] === true });
      }
    }
    for (const terraform of blocks(doc['terraform'])) {
      for (const backends of blocks(terraform['backend'])) {
        for (const [type, value] of Object.entries(backends)) {
          // An override file's backend replaces the one of the main files.
          module.backend = { type, config: /** @type {Record<string, unknown>} */ (blocks(value)[0] ?? {}) };
        }
      }
    }
  }
  return module;
}

/**
 * Parses a value given as text for a variable of `type` (TF_VAR_x, -var x=…): strings stay as
 * they are; other types are read as an HCL expression (here: JSON or a bare number/bool).
 * @param {string} text
 * @param {string | null} type
 */
export function parseVariableText(text, type) {
  if (type === null || type === 'string') return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Variable values in terraform's precedence: defaults, TF_VAR_*, var files in order, -var.
 * @param {ModuleConfig} module
 * @param {{ varFiles: string[], vars: string[], cwd: string }} options
 * @returns {Promise<{ values: Map<string, unknown>, warnings: string[] }>}
 */
export async function resolveVariables(module, options) {
  /** @type {Map<string, unknown>} */
  const values = new Map();
  const warnings = [];
  for (const v of module.variables.values()) if (v.hasDefault) values.set(v.name, v.default);
  for (const [key, text] of Object.entries(process.env)) {
    if (!key.startsWith('TF_VAR_') || text === undefined) continue;
    const name = key.slice('TF_VAR_'.length);
    const declared = module.variables.get(name);
    if (declared) values.set(name, parseVariableText(text, declared.type));
  }
  const autoFiles = existsSync(options.cwd)
    ? readdirSync(options.cwd).filter((f) => f === 'terraform.tfvars' || f === 'terraform.tfvars.json' || /\.auto\.tfvars(\.json)?$/.test(f)).sort()
    : [];
  for (const file of [...autoFiles.map((f) => join(options.cwd, f)), ...options.varFiles]) {
    const path = file.startsWith('/') ? file : join(options.cwd, file);
    if (!existsSync(path)) {
      throw new ConfigError('Failed to read variables file', `Given variables file ${file} does not exist.`);
    }
    const text = readFileSync(path, 'utf8');
    /** @type {Record<string, unknown>} */
    let doc;
    try {
      doc = path.endsWith('.json') ? JSON.parse(text) : /** @type {Record<string, unknown>} */ (await parse(path, text));
    } catch (error) {
      throw new ConfigError('Invalid variables file', String(error instanceof Error ? error.message : error));
    }
    for (const [name, value] of Object.entries(doc)) {
      if (!module.variables.has(name)) {
        warnings.push(name);
        continue;
      }
      values.set(name, value);
    }
  }
  for (const assignment of options.vars) {
    const eq = assignment.indexOf('=');
    const name = assignment.slice(0, eq);
    const declared = module.variables.get(name);
    if (eq < 0 || !declared) throw new ConfigError('Value for undeclared variable', `A variable named "${name}" was assigned on the command line, but the root module does not declare a variable of that name.`);
    values.set(name, parseVariableText(assignment.slice(eq + 1), declared.type));
  }
  for (const v of module.variables.values()) {
    if (!values.has(v.name)) {
      throw new ConfigError(
        'No value for required variable',
        `  on ${v.file} line ${v.line}:\n  ${v.line}: variable "${v.name}" {\n\nThe root module input variable "${v.name}" is not set, and has no default value. Use a -var or -var-file command line argument to provide a value for this variable.`,
      );
    }
  }
  return { values, warnings };
}

/**
 * Evaluates what hcl2json gives for an expression: literals as they are, `${var.x}` and string
 * templates over variables, references to resource attributes when `resources` knows them; the
 * rest is unknown (known after apply).
 * @param {unknown} value
 * @param {{ vars: Map<string, unknown>, sensitiveVars: Set<string>, resources?: Map<string, Record<string, unknown>>, marks?: { sensitive: boolean } }} scope
 * @returns {unknown}
 */
export function evaluate(value, scope) {
  if (Array.isArray(value)) return value.map((v) => evaluate(v, scope));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, evaluate(v, scope)]));
  }
  if (typeof value !== 'string' || !value.includes('${')) return value;
  const whole = /^\$\{\s*([^{}]+?)\s*\}$/.exec(value);
  if (whole) return reference(whole[1] ?? '', scope);
  let unknown = false;
  const text = value.replace(/\$\{\s*([^{}]+?)\s*\}/g, (_, expr) => {
    const v = reference(expr, scope);
    if (v === UNKNOWN) {
      unknown = true;
      return '';
    }
    return typeof v === 'string' ? v : JSON.stringify(v);
  });
  return unknown ? UNKNOWN : text;
}

/**
 * @param {string} expr
 * @param {{ vars: Map<string, unknown>, sensitiveVars: Set<string>, resources?: Map<string, Record<string, unknown>>, marks?: { sensitive: boolean } }} scope
 */
function reference(expr, scope) {
  const variable = /^var\.([A-Za-z_][A-Za-z0-9_-]*)$/.exec(expr);
  if (variable) {
    const name = variable[1] ?? '';
    if (scope.sensitiveVars.has(name) && scope.marks) scope.marks.sensitive = true;
    return scope.vars.has(name) ? scope.vars.get(name) : UNKNOWN;
  }
  const attr = /^([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+(?:\[\d+\])?)\.([A-Za-z0-9_-]+)$/.exec(expr);
  if (attr && scope.resources) {
    const found = scope.resources.get(attr[1] ?? '');
    if (found && (attr[2] ?? '') in found) return found[attr[2] ?? ''];
  }
  return UNKNOWN;
}

/**
 * Whether an evaluated value contains something unknown.
 * @param {unknown} value
 * @returns {boolean}
 */
export function hasUnknown(value) {
  if (value === UNKNOWN) return true;
  if (Array.isArray(value)) return value.some(hasUnknown);
  if (typeof value === 'object' && value !== null) return Object.values(value).some(hasUnknown);
  return false;
}

/**
 * The JSON form of a value with unknowns as null, and the matching `after_unknown` shape.
 * @param {unknown} value
 * @returns {{ known: unknown, unknown: unknown }}
 */
export function splitUnknown(value) {
  if (value === UNKNOWN) return { known: null, unknown: true };
  if (Array.isArray(value)) {
    const parts = value.map(splitUnknown);
    return { known: parts.map((p) => p.known), unknown: parts.map((p) => p.unknown) };
  }
  if (typeof value === 'object' && value !== null) {
    /** @type {Record<string, unknown>} */
    const known = {};
    /** @type {Record<string, unknown>} */
    const unknown = {};
    for (const [k, v] of Object.entries(value)) {
      const part = splitUnknown(v);
      known[k] = part.known;
      if (part.unknown !== false && !(typeof part.unknown === 'object' && part.unknown !== null && Object.keys(part.unknown).length === 0)) {
        unknown[k] = part.unknown;
      }
    }
    return { known, unknown };
  }
  return { known: value, unknown: false };
}

/**
 * A cty type in terraform's JSON form for a value.
 * @param {unknown} value
 * @returns {unknown}
 */
export function ctyType(value) {
  if (typeof value === 'string') return 'string';
  if (typeof value === 'number') return 'number';
  if (typeof value === 'boolean') return 'bool';
  if (Array.isArray(value)) return ['tuple', value.map(ctyType)];
  if (typeof value === 'object' && value !== null) {
    return ['object', Object.fromEntries(Object.entries(value).map(([k, v]) => [k, ctyType(v)]))];
  }
  return 'dynamic';
}
