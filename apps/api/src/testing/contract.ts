import type { ValidateFunction } from 'ajv';
import { findWorkspaceRoot } from '../config/workspace-root';
import { listOperations, readOpenApiDocument, type OpenApiDocument, type OperationSpec } from '../http/openapi-document';
import { compileSchema, createAjv } from '../http/request-validation';
import { join } from 'node:path';

export const openApiDocument: OpenApiDocument = readOpenApiDocument(join(findWorkspaceRoot(), 'openapi/dist/openapi.json'));
export const operations: OperationSpec[] = listOperations(openApiDocument);
export const operationsById = new Map(operations.map((op) => [op.operationId, op]));

const ajv = createAjv(openApiDocument, { coerceTypes: false, useDefaults: false });
const cache = new Map<string, ValidateFunction>();
const errorEnvelope = compileSchema(ajv, { $ref: '#/components/schemas/ErrorEnvelope' });

/** Throws unless `body` matches the operation's declared response for `status`. */
export function assertMatchesContract(op: OperationSpec | undefined, status: number, body: unknown): void {
  if (!op) {
    if (!errorEnvelope(body)) throw new Error(`Response ${status} is not an error envelope: ${ajv.errorsText(errorEnvelope.errors)}`);
    return;
  }
  const schema = op.responses[String(status)];
  if (!schema) throw new Error(`${op.operationId} answered ${status}, which the description does not declare`);
  const key = `${op.operationId} ${status}`;
  let validate = cache.get(key);
  if (!validate) {
    validate = compileSchema(ajv, schema);
    cache.set(key, validate);
  }
  if (!validate(body)) {
    throw new Error(
      `${op.operationId} ${status} does not match the description: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 2000)}`,
    );
  }
}
