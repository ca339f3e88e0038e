// Generates libs/api-client/src/generated/schemas.ts: a zod 4 schema for every component schema a
// request body of the contract uses (each `x-entity` schema and everything it refers to), so forms
// take their limits (minLength, maxLength, minimum, maximum, pattern, enum, required) from the
// contract instead of re-typing them. Called by generate-client.mjs; never edit the output.
//
// The schemas are built with `zod/mini`, zod's functional API (`z.optional(s)`, `s.check(...)`):
// the console bundles only the functions it calls, where classic zod's methods bring all of zod
// (and its JSON Schema converter) into every form page.
//
// Tree-shaking: one module per schema, and every export a `/* @__PURE__ */` IIFE, so a bundle keeps
// only the schemas a page uses (and the schemas those refer to), in that page's chunk; an unused
// one costs nothing.

/** `zNamespaceCreateInput` for the component schema `NamespaceCreateInput`. */
export const schemaIdentifier = (name) => `z${name}`;

const refName = (ref) => {
  const match = /^#\/components\/schemas\/(.+)$/.exec(ref);
  if (!match) throw new Error(`Unsupported $ref ${ref}`);
  return match[1];
};

/** The names of the component schemas reachable from request bodies, sorted. */
export function requestSchemaNames(doc) {
  const schemas = doc.components?.schemas ?? {};
  const seen = new Set();
  const walk = (node) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    if (typeof node.$ref === 'string' && node.$ref.startsWith('#/components/schemas/')) {
      const name = refName(node.$ref);
      if (!seen.has(name)) {
        seen.add(name);
        walk(schemas[name]);
      }
    }
    for (const value of Object.values(node)) walk(value);
  };
  for (const item of Object.values(doc.paths ?? {})) {
    for (const op of Object.values(item)) {
      if (op && typeof op === 'object' && op.requestBody) walk(op.requestBody);
    }
  }
  return [...seen].sort();
}

const lit = (value) => JSON.stringify(value);

/** The zod expression of one JSON Schema node; `lazyRefs` are names that must be referenced lazily (cycles). */
function expression(node, ctx) {
  if (node === true || node === undefined || (node && Object.keys(node).length === 0))
    return 'z.unknown()';
  if (node.$ref) {
    const name = refName(node.$ref);
    ctx.deps.add(name);
    return ctx.lazy.has(name) ? `z.lazy(() => ${schemaIdentifier(name)})` : schemaIdentifier(name);
  }
  if (node.oneOf || node.anyOf) {
    const options = node.oneOf ?? node.anyOf;
    const nonNull = options.filter((o) => o.type !== 'null');
    const nullable = nonNull.length < options.length;
    const inner =
      nonNull.length === 1
        ? expression(nonNull[0], ctx)
        : `z.union([${nonNull.map((o) => expression(o, ctx)).join(', ')}])`;
    return nullable ? `z.nullable(${inner})` : inner;
  }
  if (node.allOf) {
    const [first, ...rest] = node.allOf.map((o) => expression(o, ctx));
    return rest.reduce((acc, next) => `z.intersection(${acc}, ${next})`, first);
  }
  if ('const' in node) return `z.literal(${lit(node.const)})`;

  const types = Array.isArray(node.type) ? node.type : node.type ? [node.type] : [];
  const nullable = types.includes('null');
  const type = types.filter((t) => t !== 'null');
  let out;
  if (node.enum) {
    const values = node.enum.filter((v) => v !== null);
    out = values.every((v) => typeof v === 'string')
      ? `z.enum(${lit(values)})`
      : `z.union([${values.map((v) => `z.literal(${lit(v)})`).join(', ')}])`;
  } else if (type.length > 1) {
    out = `z.union([${type.map((t) => expression({ ...node, type: t, nullable: undefined }, ctx)).join(', ')}])`;
  } else {
    switch (type[0]) {
      case 'string':
        out = stringExpression(node);
        break;
      case 'integer':
      case 'number':
        out = withChecks(type[0] === 'integer' ? 'z.int()' : 'z.number()', [
          node.minimum !== undefined && `z.gte(${node.minimum})`,
          node.exclusiveMinimum !== undefined && `z.gt(${node.exclusiveMinimum})`,
          node.maximum !== undefined && `z.lte(${node.maximum})`,
          node.exclusiveMaximum !== undefined && `z.lt(${node.exclusiveMaximum})`,
          node.multipleOf !== undefined && `z.multipleOf(${node.multipleOf})`,
        ]);
        break;
      case 'boolean':
        out = 'z.boolean()';
        break;
      case 'array':
        out = withChecks(`z.array(${expression(node.items, ctx)})`, [
          node.minItems !== undefined && `z.minLength(${node.minItems})`,
          node.maxItems !== undefined && `z.maxLength(${node.maxItems})`,
          node.uniqueItems && "z.refine(uniqueItems, { params: { kind: 'uniqueItems' } })",
        ]);
        break;
      case 'object':
        out = objectExpression(node, ctx);
        break;
      case undefined:
        out = node.properties ? objectExpression(node, ctx) : 'z.unknown()';
        break;
      default:
        throw new Error(`Unsupported type ${type[0]}`);
    }
  }
  return nullable ? `z.nullable(${out})` : out;
}

/** `schema.check(...)` with the checks that apply (falsy entries are the ones that do not). */
function withChecks(schema, checks) {
  const applied = checks.filter(Boolean);
  return applied.length ? `${schema}.check(${applied.join(', ')})` : schema;
}

function stringExpression(node) {
  let out;
  switch (node.format) {
    case 'email':
      out = 'z.email()';
      break;
    case 'uri':
      out = 'z.url()';
      break;
    case 'date-time':
      out = 'z.iso.datetime({ offset: true })';
      break;
    case 'date':
      out = 'z.iso.date()';
      break;
    default:
      out = 'z.string()';
  }
  return withChecks(out, [
    node.minLength !== undefined && `z.minLength(${node.minLength})`,
    node.maxLength !== undefined && `z.maxLength(${node.maxLength})`,
    // The server validates patterns with the `u` flag (JSON Schema regular expressions are Unicode).
    node.pattern !== undefined && `z.regex(new RegExp(${lit(node.pattern)}, 'u'))`,
  ]);
}

function objectExpression(node, ctx) {
  const required = new Set(node.required ?? []);
  const entries = Object.entries(node.properties ?? {}).map(([key, value]) => {
    const inner = expression(value, ctx);
    const name = /^[A-Za-z_$][\w$]*$/.test(key) ? key : lit(key);
    // A default makes the member optional on input and present on output, as in openapi-typescript's types.
    const member = required.has(key)
      ? inner
      : value.default !== undefined
        ? `z._default(${inner}, ${lit(value.default)})`
        : `z.optional(${inner})`;
    return `${name}: ${member}`;
  });
  const shape = `{${entries.length ? ` ${entries.join(', ')} ` : ''}}`;
  let out;
  if (
    !node.properties &&
    node.additionalProperties &&
    typeof node.additionalProperties === 'object'
  ) {
    out = `z.record(z.string(), ${expression(node.additionalProperties, ctx)})`;
  } else if (!node.properties && node.additionalProperties === true) {
    out = 'z.record(z.string(), z.unknown())';
  } else if (node.additionalProperties === false) {
    out = `z.strictObject(${shape})`;
  } else if (node.additionalProperties === true) {
    out = `z.looseObject(${shape})`;
  } else {
    // Unknown members are dropped, as openapi-typescript's types leave them out.
    out = `z.object(${shape})`;
  }
  return withChecks(out, [
    node.minProperties !== undefined &&
      `z.refine(minProperties(${node.minProperties}), { params: { kind: 'minProperties', minimum: ${node.minProperties} } })`,
  ]);
}

/** The names each schema reaches through its references (itself included when on a cycle). */
function reachable(names, depsOf) {
  const reach = new Map();
  for (const name of names) {
    const seen = new Set();
    const stack = [...depsOf(name)];
    while (stack.length) {
      const next = stack.pop();
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(...depsOf(next));
    }
    reach.set(name, seen);
  }
  return reach;
}

const docComment = (node) =>
  node.description ? `/** ${node.description.replace(/\*\//g, '*\\/').replace(/\s*\n\s*/g, ' ')} */\n` : '';

/**
 * The files of the generated schemas for the bundled description `doc`, by path relative to the
 * generated folder: `schemas.ts`, the entry (`@terrace/api-client/schemas`), re-exports
 * `schemas/<Name>.ts`, one module per schema. A bundler places a module in one chunk: with a module
 * each, a page's chunk holds the schemas that page uses, not those of every form of the console.
 */
export function generateSchemaFiles(doc, header) {
  const schemas = doc.components?.schemas ?? {};
  const names = requestSchemaNames(doc);
  const depsOf = (name) => {
    const ctx = { deps: new Set(), lazy: new Set() };
    expression(schemas[name], ctx);
    return ctx.deps;
  };
  // A reference within a cycle is lazy both ways, so the modules evaluate in any order.
  const reach = reachable(names, depsOf);
  const files = new Map();
  for (const name of names) {
    const deps = [...depsOf(name)].sort();
    const ctx = { deps: new Set(), lazy: new Set(deps.filter((dep) => reach.get(dep)?.has(name))) };
    const node = schemas[name];
    const body = expression(node, ctx);
    const helpers = ['uniqueItems', 'minProperties'].filter((helper) => body.includes(`z.refine(${helper}`));
    const imports = [
      "import { z } from 'zod/mini';",
      ...(helpers.length ? [`import { ${helpers.join(', ')} } from './checks';`] : []),
      ...deps.filter((dep) => dep !== name).map((dep) => `import { ${schemaIdentifier(dep)} } from './${dep}';`),
    ];
    files.set(
      `schemas/${name}.ts`,
      `${header}/* eslint-disable */
${imports.join('\n')}

${docComment(node)}export const ${schemaIdentifier(name)} = /* @__PURE__ */ (() => ${body})();
`,
    );
  }
  files.set(
    'schemas/checks.ts',
    `${header}/* eslint-disable */
// JSON Schema's uniqueItems and minProperties, which zod has no built-in check for.
export const uniqueItems = (items: unknown[]) => new Set(items.map((item) => JSON.stringify(item))).size === items.length;
export const minProperties = (min: number) => (value: object) => Object.values(value).filter((v) => v !== undefined).length >= min;
`,
  );
  files.set(
    'schemas.ts',
    `${header}/* eslint-disable */
// zod 4 (mini) schemas of the request bodies' component schemas: \`z<Name>\` for \`components['schemas']['<Name>']\`,
// one module each under schemas/. Limits come from the contract; the console maps zod issues to
// translated messages in one place (libs/design-system/src/components/form/form-messages.ts).
// See docs/contributing/forms.md.
${names.map((name) => `export { ${schemaIdentifier(name)} } from './schemas/${name}';`).join('\n')}

/** The names of the component schemas above. */
export const requestSchemaNames = [
${names.map((name) => `  ${lit(name)},`).join('\n')}
] as const;
`,
  );
  return files;
}
