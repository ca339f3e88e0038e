// @ts-check
// The server half of `nx g @terrace/tools:domain`: apps/api/src/modules/<name>/ for one resource
// the contract already describes (contract first: `list<Plural>`, `create<Resource>`,
// `update<Resource>`, `delete<Resource>`, and `get<Resource>` when described). Columns come from
// the create entity's top-level fields, the id prefix from the item's id pattern; the module is
// registered in compose-operations.ts, db/schema.ts and crypto/ids.ts. See
// docs/contributing/server-domain.md.
const { generateFiles, joinPathFragments, logger, names } = require('@nx/devkit');
const path = require('node:path');

const contractPath = 'openapi/dist/openapi.json';

/** @param {any} doc @param {any} node */
function resolve(doc, node) {
  while (node && node.$ref) node = node.$ref.replace(/^#\//, '').split('/').reduce((/** @type {any} */ o, /** @type {string} */ k) => o[k], doc);
  return node;
}

/** @param {any} doc */
function operationsById(doc) {
  /** @type {Record<string, any>} */
  const byId = {};
  for (const [p, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(/** @type {Record<string, any>} */ (item))) {
      if (op && op.operationId) byId[op.operationId] = { path: p, method, op };
    }
  }
  return byId;
}

const snake = (/** @type {string} */ s) => s.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/-/g, '_').toLowerCase();

/** A drizzle column for one field of the create entity. */
function columnFor(/** @type {string} */ field, /** @type {any} */ schema, /** @type {boolean} */ required, /** @type {string} */ entityType) {
  const types = schema.anyOf ? schema.anyOf.map((/** @type {any} */ s) => s.type) : [schema.type];
  const type = types.find((/** @type {string} */ t) => t && t !== 'null');
  const name = snake(field);
  let column;
  if (type === 'string' && !schema.format) {
    column = schema.enum ? `text('${name}').$type<${entityType}['${field}']>()` : `text('${name}')`;
  } else if (type === 'boolean') column = `boolean('${name}')`;
  else if (type === 'integer') column = `integer('${name}')`;
  else if (type === 'number') column = `doublePrecision('${name}')`;
  else column = `jsonb('${name}').$type<NonNullable<${entityType}['${field}']>>()`;
  const builder = column.split('(')[0];
  if (schema.default !== undefined) column += `.notNull().default(${JSON.stringify(schema.default)})`;
  else if (required) column += '.notNull()';
  return { field, builder, code: `${field}: ${column},`, jsonb: builder === 'jsonb', hasDefault: schema.default !== undefined };
}

/** A value the validator accepts for a field of the sample entity (adjust where it does not). */
function sampleFor(/** @type {any} */ doc, /** @type {any} */ schema, /** @type {string} */ field, depth = 0) {
  const s = resolve(doc, schema.anyOf ? schema.anyOf.find((/** @type {any} */ x) => x.type !== 'null') : schema);
  if (s.enum) return JSON.stringify(s.enum[0]);
  if (s.const !== undefined) return JSON.stringify(s.const);
  if (s.oneOf || s.anyOf) return sampleFor(doc, (s.oneOf ?? s.anyOf)[0], field, depth);
  if (s.type === 'string') {
    if (s.format === 'uri' || /url$/i.test(field)) return JSON.stringify('https://example.test/');
    const prefixed = /^\^([a-z0-9]+)-/.exec(s.pattern ?? '');
    if (prefixed) return JSON.stringify(`${prefixed[1]}-sample`);
    return field === 'name' ? '`sample-${suffix()}`' : JSON.stringify(`sample-${field}`);
  }
  if (s.type === 'boolean') return 'true';
  if (s.type === 'integer' || s.type === 'number') return String(s.minimum ?? 1);
  if (s.type === 'array') return '[]';
  if (depth > 3) return '{}';
  const fields = (s.required ?? []).map(
    (/** @type {string} */ f) => `${f}: ${sampleFor(doc, resolve(doc, s.properties?.[f] ?? {}), f, depth + 1)}`,
  );
  return fields.length ? `{ ${fields.join(', ')} }` : '{}';
}

/**
 * @param {import('@nx/devkit').Tree} tree
 * @param {{ name: string, resource?: string, plural?: string }} options
 * @returns {boolean} whether it generated the server module
 */
function serverDomainGenerator(tree, options) {
  const n = names(options.name);
  const resource = options.resource ?? names(options.name.replace(/s$/, '')).className;
  const plural = options.plural ?? `${resource}s`;
  const source = tree.read(contractPath, 'utf-8');
  const ids = { list: `list${plural}`, create: `create${resource}`, get: `get${resource}`, update: `update${resource}`, delete: `delete${resource}` };
  const doc = source ? JSON.parse(source) : { paths: {} };
  const ops = operationsById(doc);
  const missing = ['list', 'create', 'update', 'delete'].filter((k) => !ops[ids[/** @type {'list'} */ (k)]]).map((k) => ids[/** @type {'list'} */ (k)]);
  if (missing.length) {
    logger.warn(
      `Server module not generated: the contract lacks ${missing.join(', ')}. Describe the resource in openapi/ first ` +
        '(or name it with --resource/--plural), then run the generator again.',
    );
    return false;
  }
  const moduleRoot = joinPathFragments('apps/api/src/modules', options.name);
  if (tree.exists(joinPathFragments(moduleRoot, `${options.name}.service.ts`))) throw new Error(`${moduleRoot} exists already.`);

  const entitySchema = resolve(doc, resolve(doc, ops[ids.create].op.requestBody.content['application/json'].schema).properties.entity);
  const listResponse = resolve(doc, resolve(doc, ops[ids.list].op.responses['200']).content['application/json'].schema);
  const itemSchema = resolve(doc, listResponse.properties.response.properties.items.items);
  const itemProps = itemSchema.properties ?? {};
  /** Whether the operation answers the resource (rather than an empty item). */
  const answersResource = (/** @type {string} */ id) => {
    const content = resolve(doc, resolve(doc, ops[id].op.responses['200'])?.content?.['application/json']?.schema);
    const item = resolve(doc, content?.properties?.response?.properties?.items?.items);
    return Boolean(item?.properties?.id);
  };
  /** How an item field is read from the row: nullable on the wire as is, optional as undefined. */
  const itemAllowsNull = (/** @type {string} */ field) => {
    const schema = resolve(doc, itemProps[field]);
    return schema?.nullable === true || (schema?.anyOf ?? []).some((/** @type {any} */ s) => s.type === 'null') || (Array.isArray(schema?.type) && schema.type.includes('null'));
  };
  const itemRequired = new Set(itemSchema.required ?? []);
  const required = new Set(entitySchema.required ?? []);
  const entityType = `Create${resource}Input`;
  const columns = Object.entries(entitySchema.properties ?? {})
    .filter(([field]) => !['id', 'createdAt', 'updatedAt', 'organizationId'].includes(field))
    .map(([field, schema]) => columnFor(field, resolve(doc, schema), required.has(field), entityType));
  const idPrefix = /\^([a-z0-9]+)-/.exec(itemProps.id?.pattern ?? '')?.[1] ?? n.propertyName.toLowerCase();
  const pathParam = /\{([^}]+)\}/.exec(ops[ids.update].path)?.[1] ?? `${names(resource).propertyName}Id`;
  const permission = (/** @type {'list' | 'create' | 'update' | 'delete'} */ k) => ops[ids[k]].op['x-permission'];
  const hasName = columns.some((c) => c.field === 'name');
  const paged = ops[ids.list].op['x-paged'] === true;
  const listQuery = (ops[ids.list].op.parameters ?? []).map((/** @type {any} */ p) => resolve(doc, p)).filter((/** @type {any} */ p) => p.in === 'query');
  const nameFilter = listQuery.find((/** @type {any} */ p) => /name$/i.test(p.name) && p.name !== 'name')?.name ?? (listQuery.some((/** @type {any} */ p) => p.name === 'name') ? 'name' : undefined);

  // The wire view: every item field the row holds (the JSON and enum columns hold what the
  // validator accepted for these very fields, hence their casts).
  const viewLines = Object.keys(itemProps).map((field) => {
    if (field === 'id') return '    id: row.id,';
    if (field === 'createdAt' || field === 'updatedAt') return `    ${field}: row.${field}.toISOString(),`;
    const column = columns.find((c) => c.field === field);
    if (!column) return `    // ${field}: not a column of this table; answer it here.`;
    const nullable = !column.code.includes('.notNull()');
    const value = nullable && !itemAllowsNull(field) && !itemRequired.has(field) ? `(row.${field} ?? undefined)` : `row.${field}`;
    return column.jsonb || column.code.includes('$type') ? `    ${field}: ${value} as ${resource}['${field}'],` : `    ${field}: ${value},`;
  });
  const sample = Object.entries(entitySchema.properties ?? {})
    .filter(([field]) => required.has(field))
    .map(([field, schema]) => `  ${field}: ${sampleFor(doc, resolve(doc, schema), field)},`)
    .join('\n');
  const builders = [...new Set(['text', ...columns.map((c) => c.builder)])].sort();
  const substitutions = {
    domain: options.name,
    tmpl: '',
    resource,
    plural,
    resourceProperty: names(resource).propertyName,
    pluralProperty: names(plural).propertyName,
    modulePropertyName: n.propertyName,
    resourceTitle: resource.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase(),
    table: snake(options.name),
    idKind: names(resource).propertyName,
    idPrefix,
    ids,
    hasGet: Boolean(ops[ids.get]),
    answers: { create: answersResource(ids.create), update: answersResource(ids.update), delete: answersResource(ids.delete) },
    pathParam,
    permissions: { read: permission('list'), create: permission('create'), update: permission('update'), delete: permission('delete') },
    columns: columns.map((c) => `    ${c.code}`).join('\n'),
    builders: builders.join(', '),
    changeMap: columns
      .map((c) => `    ${c.field}: ${c.field === 'name' ? "(name) => (typeof name === 'string' ? name.trim() : name)" : 'true'},`)
      .join('\n'),
    view: viewLines.join('\n'),
    hasName,
    paged,
    nameFilter,
    sample,
    needsIndex: hasName,
    usesEntityType: columns.some((c) => c.code.includes(entityType)),
  };
  generateFiles(tree, path.join(__dirname, 'files', 'server'), moduleRoot, substitutions);
  register(tree, options.name, n.propertyName, substitutions.idKind, idPrefix, { create: ids.create, update: ids.update, entity: sample });
  return true;
}

/** Adds the module to the composition root, the schema index and the id kinds. */
function register(
  /** @type {import('@nx/devkit').Tree} */ tree,
  /** @type {string} */ name,
  /** @type {string} */ property,
  /** @type {string} */ idKind,
  /** @type {string} */ idPrefix,
  /** @type {{ create: string, update: string, entity: string }} */ samples,
) {
  const edit = (/** @type {string} */ file, /** @type {(s: string) => string} */ change) => {
    const before = tree.read(file, 'utf-8');
    if (before === null) throw new Error(`${file} is missing`);
    const after = change(before);
    if (after === before) throw new Error(`Could not register the module in ${file}: add it by hand (docs/contributing/server-domain.md).`);
    tree.write(file, after);
  };
  edit('apps/api/src/compose-operations.ts', (s) =>
    s
      .replace(/(\n\nexport type ComposeConfig)/, `\nimport { ${property}Operations } from './modules/${name}/${name}.routes';$1`)
      // The end of the registry list: the first line closing at two spaces after `mergeRegistries(`.
      .replace(/(const registry = mergeRegistries\([\s\S]*?\n)( {2}\);\n)/, `$1    ${property}Operations({ db, engine }),\n$2`),
  );
  edit('apps/api/src/db/schema.ts', (s) => `${s.trimEnd()}\nexport * from '../modules/${name}/${name}.schema';\n`);
  edit('apps/api/src/crypto/ids.ts', (s) => s.replace(/(\n} as const;)/, `\n  ${idKind}: '${idPrefix}',$1`));
  // The authorization matrix and the bad-input suite call every implemented operation with a sample.
  edit('apps/api/src/testing/sample-entities.ts', (s) =>
    s.replace(
      /(export const sampleEntities\b.*= \{\n)/,
      `$1  ${samples.create}: () => ({\n${samples.entity.replace(/^/gm, '  ')}\n  }),\n  ${samples.update}: () => ({}),\n`,
    ),
  );
}

module.exports = { serverDomainGenerator };
