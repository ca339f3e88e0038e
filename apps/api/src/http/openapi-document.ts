import { readFileSync } from 'node:fs';

export type SecurityKind = 'public' | 'user' | 'runner' | 'state';
const securityKinds: readonly string[] = ['public', 'user', 'runner', 'state'];
export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'patch';

type JsonSchema = Record<string, unknown>;

export interface OperationParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: JsonSchema;
}

/** One operation of the description, with what the server needs to route, validate and authorize it. */
export interface OperationSpec {
  operationId: string;
  method: HttpMethod;
  /** The path as the description writes it (`/namespace/{namespaceId}`). */
  path: string;
  /** Served at the root of the host whatever the API prefix (a path-level `servers: [{url: /}]`). */
  atHostRoot: boolean;
  security: SecurityKind;
  permission: string;
  rateLimited: boolean;
  paged: boolean;
  /** A WebDAV method the same route also answers (`x-webdav-method`: Terraform's LOCK and UNLOCK). */
  webdavMethod: 'LOCK' | 'UNLOCK' | undefined;
  parameters: OperationParameter[];
  requestBodySchema: JsonSchema | undefined;
  responses: Record<string, JsonSchema | undefined>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, unknown>>;
  components: Record<string, Record<string, unknown>>;
}

const methods: HttpMethod[] = ['get', 'put', 'post', 'delete', 'patch'];

export function readOpenApiDocument(path: string): OpenApiDocument {
  return JSON.parse(readFileSync(path, 'utf8')) as OpenApiDocument;
}

function resolveRef<T>(doc: OpenApiDocument, value: unknown): T {
  const ref = (value as { $ref?: string } | undefined)?.$ref;
  if (!ref) return value as T;
  const parts = ref.replace(/^#\//, '').split('/');
  let node: unknown = doc;
  for (const part of parts) node = (node as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  if (node === undefined) throw new Error(`Unresolved $ref ${ref}`);
  return resolveRef<T>(doc, node);
}

type MediaTypes = Record<'application/json' | 'application/x-www-form-urlencoded', { schema?: JsonSchema } | undefined>;

/** The JSON schema of a body; a form body (the SAML HTTP-POST binding) is validated the same way. */
function jsonSchemaOf(content: unknown): JsonSchema | undefined {
  const media = content as Partial<MediaTypes> | undefined;
  return (media?.['application/json'] ?? media?.['application/x-www-form-urlencoded'])?.schema;
}

function webdavMethodOf(value: unknown, where: string): 'LOCK' | 'UNLOCK' | undefined {
  if (value === undefined) return undefined;
  if (value === 'LOCK' || value === 'UNLOCK') return value;
  throw new Error(`${where}: x-webdav-method must be LOCK or UNLOCK`);
}

/** Every operation of the description; fails on anything the server cannot enforce. */
export function listOperations(doc: OpenApiDocument): OperationSpec[] {
  const operations: OperationSpec[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    const shared = (item['parameters'] as unknown[] | undefined) ?? [];
    for (const method of methods) {
      const op = item[method] as Record<string, unknown> | undefined;
      if (!op) continue;
      const where = `${method.toUpperCase()} ${path}`;
      const operationId = op['operationId'];
      const security = op['x-security'];
      const permission = op['x-permission'];
      if (typeof operationId !== 'string') throw new Error(`${where}: no operationId`);
      if (typeof security !== 'string' || !securityKinds.includes(security)) {
        throw new Error(`${where}: no declared security (x-security)`);
      }
      if (typeof permission !== 'string') throw new Error(`${where}: no declared permission (x-permission)`);
      const parameters = [...shared, ...((op['parameters'] as unknown[] | undefined) ?? [])].map((p) =>
        resolveRef<OperationParameter>(doc, p),
      );
      const responses: Record<string, JsonSchema | undefined> = {};
      for (const [status, response] of Object.entries((op['responses'] as Record<string, unknown>) ?? {})) {
        responses[status] = jsonSchemaOf(resolveRef<{ content?: unknown }>(doc, response).content);
      }
      operations.push({
        operationId,
        method,
        path,
        atHostRoot: ((item['servers'] as { url?: string }[] | undefined) ?? []).some((server) => server.url === '/'),
        security: security as SecurityKind,
        permission,
        rateLimited: op['x-rate-limited'] === true,
        paged: op['x-paged'] === true,
        webdavMethod: webdavMethodOf(op['x-webdav-method'], where),
        // One level of $ref is resolved so that ajv sees a parameter's default (useDefaults
        // does not follow references).
        parameters: parameters.map((p) => ({ ...p, schema: resolveRef(doc, p.schema), required: p.required === true })),
        requestBodySchema: jsonSchemaOf((op['requestBody'] as { content?: unknown } | undefined)?.content),
        responses,
      });
    }
  }
  return operations;
}

/** `/namespace/{namespaceId}` → `/namespace/:namespaceId` */
export function toRoutePath(path: string): string {
  return path.replace(/\{([^}]+)\}/g, ':$1');
}
