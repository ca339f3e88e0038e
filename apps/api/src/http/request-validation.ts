import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { DomainError } from './domain-error';
import type { OpenApiDocument, OperationParameter, OperationSpec } from './openapi-document';

type JsonSchema = Record<string, unknown>;
const documentId = 'openapi';

/** Points the description's internal `#/components/...` references at the registered document. */
function rebase(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(rebase);
  if (schema && typeof schema === 'object') {
    return Object.fromEntries(
      Object.entries(schema).map(([k, v]) => [
        k,
        k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? `${documentId}${v}` : rebase(v),
      ]),
    );
  }
  return schema;
}

export function createAjv(doc: OpenApiDocument, options: { coerceTypes: boolean; useDefaults: boolean }): Ajv2020 {
  const ajv = new Ajv2020({
    strict: false,
    allErrors: false,
    validateSchema: false,
    coerceTypes: options.coerceTypes,
    useDefaults: options.useDefaults,
  });
  // ajv-formats ships CommonJS; its default export arrives wrapped under ESM interop.
  const add = ((addFormats as unknown as { default?: typeof addFormats }).default ?? addFormats) as typeof addFormats;
  add(ajv);
  ajv.addSchema({ $id: documentId, components: doc.components });
  return ajv;
}

export function compileSchema(ajv: Ajv2020, schema: JsonSchema): ValidateFunction {
  return ajv.compile(rebase(schema) as JsonSchema);
}

function parameterObject(parameters: OperationParameter[], where: 'path' | 'query'): JsonSchema {
  const own = parameters.filter((p) => p.in === where);
  return {
    type: 'object',
    properties: Object.fromEntries(own.map((p) => [p.name, p.schema])),
    required: own.filter((p) => p.required).map((p) => p.name),
    // Unknown query parameters are rejected like unknown body fields: a typo must not be ignored.
    additionalProperties: false,
  };
}

function dotted(pointer: string): string {
  return pointer
    .split('/')
    .filter(Boolean)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
}

/** Turns ajv's first error into one catalogue error with the field it is about. */
export function toValidationError(error: ErrorObject | undefined, root: string): DomainError {
  if (!error) return new DomainError('validation', 'The request is invalid', null);
  const base = [root, dotted(error.instancePath)].filter(Boolean).join('.');
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'additionalProperties') {
    const field = [base, String(params['additionalProperty'])].filter(Boolean).join('.');
    return new DomainError('validation', `Unknown field '${field}'`, field);
  }
  if (error.keyword === 'required') {
    const field = [base, String(params['missingProperty'])].filter(Boolean).join('.');
    return new DomainError('validation', `'${field}' is required`, field);
  }
  const subject = base || root;
  return new DomainError('validation', `'${subject}' ${error.message ?? 'is invalid'}`, subject || null);
}

/**
 * What PostgreSQL cannot store as sent is refused here rather than failing in SQL: NUL (text
 * cannot hold it) and lone UTF-16 surrogates such as `"\ud800"` (not Unicode: jsonb refuses the
 * escape, text would silently store U+FFFD instead). Keys are checked like values.
 * With the u flag a pair of surrogates is one code point, so the pattern matches unpaired ones only.
 */
const loneSurrogate = /\p{Cs}/u;

function unstorable(text: string): string | undefined {
  if (text.includes('\u0000')) return 'contains a NUL character';
  if (loneSurrogate.test(text)) return 'contains a lone surrogate (not valid Unicode)';
  return undefined;
}

function findUnstorable(value: unknown, path: string): { field: string; reason: string } | undefined {
  if (typeof value === 'string') {
    const reason = unstorable(value);
    return reason ? { field: path, reason } : undefined;
  }
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) {
      const hit = findUnstorable(v, path ? `${path}.${i}` : String(i));
      if (hit) return hit;
    }
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const field = path ? `${path}.${k}` : k;
      const reason = unstorable(k);
      if (reason) return { field, reason: `has a key that ${reason}` };
      const hit = findUnstorable(v, field);
      if (hit) return hit;
    }
  }
  return undefined;
}

function rejectUnstorable(value: unknown): void {
  const hit = findUnstorable(value, '');
  if (hit) throw new DomainError('validation', `'${hit.field}' ${hit.reason}`, hit.field || null);
}

/**
 * Integer parameters are coerced from text: `page=99999999999999999999` becomes 1e20, which JSON
 * Schema still calls an integer but no database column or offset can hold. Beyond the safe range
 * of a double an integer is not the number the client wrote, so it is refused.
 */
function rejectUnsafeIntegers(value: Record<string, unknown>): void {
  for (const [name, v] of Object.entries(value)) {
    if (typeof v === 'number' && Number.isInteger(v) && !Number.isSafeInteger(v)) {
      throw new DomainError('validation', `'${name}' is out of range`, name);
    }
  }
}

export interface RequestValidator {
  params(value: unknown): Record<string, string>;
  query(value: unknown): Record<string, unknown>;
  body(value: unknown): unknown;
}

/** Validators for one operation: path and query coerced from strings, the body taken as sent. */
export function buildRequestValidator(
  op: OperationSpec,
  parameterAjv: Ajv2020,
  bodyAjv: Ajv2020,
): RequestValidator {
  const params = compileSchema(parameterAjv, parameterObject(op.parameters, 'path'));
  const query = compileSchema(parameterAjv, parameterObject(op.parameters, 'query'));
  const body = op.requestBodySchema ? compileSchema(bodyAjv, op.requestBodySchema) : undefined;
  return {
    params(value) {
      rejectUnstorable(value);
      const copy = { ...(value as object) };
      if (!params(copy)) throw toValidationError(params.errors?.[0], '');
      return copy as Record<string, string>;
    },
    query(value) {
      rejectUnstorable(value);
      const copy = { ...(value as object) } as Record<string, unknown>;
      if (!query(copy)) throw toValidationError(query.errors?.[0], '');
      rejectUnsafeIntegers(copy);
      return copy;
    },
    body(value) {
      if (!body) {
        const empty =
          value === undefined ||
          value === null ||
          (typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0);
        if (!empty) throw new DomainError('validation', 'This operation takes no request body', null);
        return undefined;
      }
      if (value === undefined || value === null) {
        throw new DomainError('validation', "A JSON body '{\"entity\": ...}' is required", 'entity');
      }
      rejectUnstorable(value);
      if (!body(value)) throw toValidationError(body.errors?.[0], '');
      return value;
    },
  };
}
