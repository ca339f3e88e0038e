#!/usr/bin/env node
// Bundles the split description (openapi/root.yaml, openapi/shared, openapi/domains/*.yaml)
// into openapi/dist/openapi.json, expanding the shorthands every operation uses so that the
// wire format is written once, here:
//   x-security: public | user | runner | state → security requirement (+ the public-request header)
//   x-entity: <Schema>                   → request body { entity: <Schema> }
//   x-items: <Schema>                    → 200 response { request, response: { items: [<Schema>], errors } }
//   x-paged: true                        → page / pageSize parameters and `paging` in the response
//   x-query: { name: type }              → optional query parameters; type is string | integer |
//                                          number | boolean | a component schema name | a schema
//                                          object; a trailing `!` (`string!`) makes it required
//   x-response: <Schema>                 → 200 response of another media type, as-is (see
//                                          x-media-type; default application/json), for the calls
//                                          outside the envelope (Terraform protocols, streams)
//   components.schemas.X: { x-partial-of: Y } → the partial-update form of Y for `PUT` (wire format:
//                                          absent fields stay, `null` clears): Y's properties, none
//                                          required, each also accepting null; `x-keep-required`
//                                          lists properties that stay required
// and filling in what can be derived: path parameters named in the path and not declared
// (string, required), a summary from the operationId when none is written ("listStacks" →
// "List stacks"), and the error responses of the catalogue on every operation.
// `--check` fails when the committed bundle differs from what the sources produce.
import { readFileSync, readdirSync, writeFileSync, mkdirSync } from 'node:fs';
import { join, basename } from 'node:path';
import { parse } from 'yaml';

const root = join(import.meta.dirname, '../../openapi');
const out = join(root, 'dist/openapi.json');
const methods = ['get', 'put', 'post', 'delete', 'patch'];
const securityByKind = {
  public: [],
  user: [{ userToken: [] }],
  runner: [{ runnerToken: [] }],
  // Terraform's HTTP backend sends Basic credentials; the password is an API token (user or job).
  state: [{ stateBasic: [] }],
};

const load = (file) => parse(readFileSync(file, 'utf8'));
const ref = (name) => (typeof name === 'string' ? { $ref: `#/components/schemas/${name}` } : name);
const errorRef = (name) => ({ $ref: `#/components/responses/${name}` });

function mergeInto(target, source, where) {
  for (const [key, value] of Object.entries(source ?? {})) {
    if (key in target) throw new Error(`${where}: '${key}' is defined twice`);
    target[key] = value;
  }
}

/** Bundles the description under `dir` (default: the repository's openapi/). */
export function bundle(dir = root) {
  const doc = load(join(dir, 'root.yaml'));
  doc.tags = [];
  doc.paths = {};
  doc.components = { schemas: {}, parameters: {}, responses: {}, securitySchemes: {} };
  const shared = load(join(dir, 'shared/components.yaml')).components;
  for (const section of Object.keys(shared)) mergeInto(doc.components[section], shared[section], 'shared');

  const domainFiles = readdirSync(join(dir, 'domains'))
    .filter((f) => f.endsWith('.yaml'))
    .sort();
  for (const file of domainFiles) {
    const domain = load(join(dir, 'domains', file));
    const where = `domains/${file}`;
    if (!domain.tags?.length) throw new Error(`${where}: declares no tag`);
    doc.tags.push(...domain.tags);
    for (const [section, entries] of Object.entries(domain.components ?? {})) {
      doc.components[section] ??= {};
      mergeInto(doc.components[section], entries, `${where} components.${section}`);
    }
    for (const [path, item] of Object.entries(domain.paths ?? {})) {
      if (doc.paths[path]) {
        for (const m of methods) {
          if (item[m] && doc.paths[path][m]) throw new Error(`${where}: ${m.toUpperCase()} ${path} twice`);
          if (item[m]) doc.paths[path][m] = item[m];
        }
      } else {
        doc.paths[path] = item;
      }
      for (const m of methods) {
        if (item[m]) expandOperation(item[m], path, m, domain.tags[0].name, `${where} ${m.toUpperCase()} ${path}`, item.parameters);
      }
    }
  }
  for (const [name, schema] of Object.entries(doc.components.schemas)) {
    if (schema['x-partial-of']) doc.components.schemas[name] = partialOf(doc.components.schemas, name, schema);
  }
  doc.paths = Object.fromEntries(Object.entries(doc.paths).sort(([a], [b]) => a.localeCompare(b)));
  return doc;
}

function expandOperation(op, path, method, tag, where, pathLevelParameters = []) {
  if (!op.operationId) throw new Error(`${where}: no operationId`);
  const kind = op['x-security'];
  if (!(kind in securityByKind)) throw new Error(`${where}: x-security must be one of ${Object.keys(securityByKind)}`);
  if (!op['x-permission']) throw new Error(`${where}: no x-permission`);
  op.tags ??= [tag];
  op.security = securityByKind[kind];
  op.parameters ??= [];
  op.summary ??= summaryFrom(op.operationId);
  // A parameter declared on the path item applies to every operation: deriving a plain string
  // parameter for it here would override its schema (pattern, prefix) in the operation.
  const declared = new Set(
    [...pathLevelParameters, ...op.parameters].filter((p) => p.in === 'path').map((p) => p.name),
  );
  for (const [, name] of path.matchAll(/\{([^}]+)\}/g)) {
    if (!declared.has(name)) op.parameters.push({ name, in: 'path', required: true, schema: { type: 'string' } });
  }
  for (const [name, spec] of Object.entries(op['x-query'] ?? {})) op.parameters.push(queryParameter(name, spec, where));
  if (kind === 'public') op.parameters.push({ $ref: '#/components/parameters/PublicRequest' });

  if (op['x-paged']) {
    op.parameters.push({ $ref: '#/components/parameters/Page' }, { $ref: '#/components/parameters/PageSize' });
  }
  if (op['x-entity']) {
    op.requestBody = {
      required: true,
      content: {
        'application/json': {
          schema: {
            type: 'object',
            required: ['entity'],
            additionalProperties: false,
            properties: { entity: ref(op['x-entity']) },
          },
        },
      },
    };
  }
  op.responses ??= {};
  if (op['x-response']) {
    op.responses['200'] ??= {
      description: 'Success.',
      content: { [op['x-media-type'] ?? 'application/json']: { schema: ref(op['x-response']) } },
    };
  }
  if (op['x-items']) {
    const response = {
      type: 'object',
      required: ['items', 'errors'],
      properties: {
        items: { type: 'array', items: ref(op['x-items']) },
        errors: { type: 'array', maxItems: 0, items: ref('ErrorItem') },
        ...(op['x-paged'] ? { paging: ref('Paging') } : {}),
      },
    };
    op.responses['200'] ??= {
      description: op['x-paged'] ? 'One page of the list.' : 'Success.',
      content: {
        'application/json': {
          schema: {
            type: 'object',
            required: ['request', 'response'],
            properties: { request: ref('RequestInfo'), response },
          },
        },
      },
    };
  }
  // Browser callbacks of single sign-on answer a redirect (303) instead of the envelope.
  if (!op.responses['200'] && !op.responses['303']) {
    throw new Error(`${where}: no 200 response (x-items or responses; a browser callback may answer 303 instead)`);
  }
  const hasBody = Boolean(op.requestBody);
  op.responses['400'] ??= errorRef('BadRequest');
  if (kind !== 'public') {
    op.responses['401'] ??= errorRef('Unauthorized');
    op.responses['403'] ??= errorRef('Forbidden');
  }
  if (path.includes('{')) op.responses['404'] ??= errorRef('NotFound');
  if (method === 'post' || method === 'put') op.responses['409'] ??= errorRef('Conflict');
  if (hasBody) op.responses['413'] ??= errorRef('PayloadTooLarge');
  if (op['x-rate-limited']) op.responses['429'] ??= errorRef('TooManyRequests');
  op.responses['500'] ??= errorRef('InternalError');
}

function partialOf(schemas, name, schema) {
  const baseName = schema['x-partial-of'];
  const base = schemas[baseName];
  if (!base?.properties) throw new Error(`components.schemas.${name}: x-partial-of ${baseName} is not an object schema`);
  const keep = schema['x-keep-required'] ?? [];
  const properties = Object.fromEntries(
    Object.entries(base.properties).map(([key, value]) => [
      key,
      keep.includes(key) ? value : { anyOf: [value, { type: 'null' }] },
    ]),
  );
  const { 'x-partial-of': _of, 'x-keep-required': _keep, ...rest } = schema;
  return {
    type: 'object',
    description: `Partial update of ${baseName}: absent fields stay, null clears a field.`,
    ...rest,
    ...(keep.length ? { required: keep } : {}),
    additionalProperties: false,
    properties,
  };
}

const scalarTypes = new Set(['string', 'integer', 'number', 'boolean']);

function queryParameter(name, spec, where) {
  let required = false;
  let schema = spec;
  if (typeof spec === 'string') {
    required = spec.endsWith('!');
    const type = spec.replace(/!$/, '');
    schema = scalarTypes.has(type) ? { type } : ref(type);
  } else if (!spec || typeof spec !== 'object') {
    throw new Error(`${where}: x-query.${name} must be a type name or a schema`);
  }
  return { name, in: 'query', required, schema };
}

function summaryFrom(operationId) {
  const words = operationId.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const isMain = process.argv[1] && basename(process.argv[1]) === 'bundle.mjs';
if (isMain) {
  const text = `${JSON.stringify(bundle(), null, 2)}\n`;
  if (process.argv.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(out, 'utf8');
    } catch {
      /* missing counts as stale */
    }
    if (current !== text) {
      console.error('openapi/dist/openapi.json is stale: run `nx run openapi:bundle` and commit it.');
      process.exit(1);
    }
    console.log('openapi/dist/openapi.json is up to date.');
  } else {
    mkdirSync(join(root, 'dist'), { recursive: true });
    writeFileSync(out, text);
    console.log(`Bundled ${Object.keys(JSON.parse(text).paths).length} paths into openapi/dist/openapi.json`);
  }
}
