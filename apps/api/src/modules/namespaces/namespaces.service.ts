import { changesFrom } from '../../db/changes';
import { unique } from '../../db/unique-violation';
import type { Database } from '../../db/database';
import { inOrganization, readOrganization, type Scope } from '../../db/scope';
import { alreadyExists, notFound, validationError } from '../../http/domain-error';
import type { Schemas } from '../../http/contract-types';
import { pagingOf } from '../../db/paged-list';
import type { Actor } from '../../permissions/actor';
import type { PermissionEngine } from '../../permissions/permission-engine';
import { initiatorOf, recordAudit } from '../audit/audit.service';
import {
  deleteNamespace as deleteRow,
  findNamespace,
  findNamespaceByName,
  findNamespacesByIds,
  insertNamespace,
  listNamespaces as listRows,
  updateNamespace as updateRow,
  type NamespaceChanges,
  type NamespaceRow,
} from './namespaces.repository';

export interface NamespacesDeps {
  db: Database;
  engine: PermissionEngine;
}

export type CreateNamespaceInput = Schemas['NamespaceCreateInput'];
export type UpdateNamespaceInput = Schemas['NamespaceUpdateInput'];
export type Namespace = Schemas['Namespace'];

export interface ListNamespacesQuery {
  namespaceId?: string | undefined;
  namespaceName?: string | undefined;
  page: number;
  pageSize: number;
}

// The JSON columns hold what the validator accepted for these very fields, so they are read
// back with the wire types.
export function toNamespace(row: NamespaceRow): Namespace {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    externalCredentials: row.externalCredentials as Namespace['externalCredentials'],
    iacConfig: (row.iacConfig ?? null) as Namespace['iacConfig'],
    runnerConfig: (row.runnerConfig ?? null) as Namespace['runnerConfig'],
    deploymentApprovalPolicy: (row.deploymentApprovalPolicy ?? null) as Namespace['deploymentApprovalPolicy'],
    capabilities: (row.capabilities ?? null) as Namespace['capabilities'],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Partial update: a field absent from the input stays; `null` clears it. */
function namespaceChanges(input: UpdateNamespaceInput): NamespaceChanges {
  const changes = changesFrom(input, {
    name: (name) => name.trim(),
    description: true,
    externalCredentials: (credentials) => credentials ?? [],
    iacConfig: true,
    runnerConfig: true,
    deploymentApprovalPolicy: true,
    capabilities: true,
  });
  return changes;
}

async function requireUniqueName(scope: Scope, name: string, exceptId?: string): Promise<void> {
  const existing = await findNamespaceByName(scope, name);
  if (existing && existing.id !== exceptId) {
    throw alreadyExists(`A namespace named '${name}' already exists`, 'entity.name');
  }
}

/** A concurrent insert of the same name, caught by the unique index, is the same already_exist. */
const uniqueName = <T>(name: string, work: () => Promise<T>): Promise<T> =>
  unique(`A namespace named '${name}' already exists`, 'entity.name', work);

export async function listNamespaces(deps: NamespacesDeps, actor: Actor, query: ListNamespacesQuery) {
  const visible = await deps.engine.visibleNamespaces(actor, 'namespace:read');
  const { rows, total } = await readOrganization(deps.db, actor.organizationId, (scope) =>
    listRows(scope, { namespaceId: query.namespaceId, namespaceName: query.namespaceName, visibleIds: visible ?? undefined }, query),
  );
  return { items: rows.map(toNamespace), paging: pagingOf(query, total) };
}

export async function getNamespace(deps: NamespacesDeps, actor: Actor, namespaceId: string): Promise<Namespace> {
  await deps.engine.require(actor, 'namespace:read', { namespaceId });
  const row = await readOrganization(deps.db, actor.organizationId, (scope) => findNamespace(scope, namespaceId));
  if (!row) throw notFound('Namespace', namespaceId);
  return toNamespace(row);
}

export async function createNamespace(deps: NamespacesDeps, actor: Actor, input: CreateNamespaceInput) {
  await deps.engine.require(actor, 'namespace:create');
  const name = input.name.trim();
  if (!name) throw validationError("'entity.name' must not be blank", 'entity.name');
  return uniqueName(name, () =>
    inOrganization(deps.db, actor.organizationId, async (scope) => {
      await requireUniqueName(scope, name);
      const row = await insertNamespace(scope, { ...namespaceChanges(input), name, createdBy: actor.userId });
      await recordAudit(scope, initiatorOf(actor), { entityType: 'namespace', entityId: row.id, entityName: row.name, action: 'create' });
      return toNamespace(row);
    }),
  );
}

export async function updateNamespace(deps: NamespacesDeps, actor: Actor, namespaceId: string, input: UpdateNamespaceInput) {
  await deps.engine.require(actor, 'namespace:update', { namespaceId });
  if (input.id !== undefined && input.id !== namespaceId) {
    throw validationError("'entity.id' must match the namespace in the path", 'entity.id');
  }
  const changes = namespaceChanges(input);
  if (changes.name === '') throw validationError("'entity.name' must not be blank", 'entity.name');
  return uniqueName(changes.name ?? '', () =>
    inOrganization(deps.db, actor.organizationId, async (scope) => {
      if (changes.name !== undefined) await requireUniqueName(scope, changes.name, namespaceId);
      const row = await updateRow(scope, namespaceId, changes);
      if (!row) throw notFound('Namespace', namespaceId);
      await recordAudit(scope, initiatorOf(actor), { entityType: 'namespace', entityId: row.id, entityName: row.name, action: 'update' });
      return toNamespace(row);
    }),
  );
}

export async function deleteNamespace(deps: NamespacesDeps, actor: Actor, namespaceId: string) {
  await deps.engine.require(actor, 'namespace:delete', { namespaceId });
  return inOrganization(deps.db, actor.organizationId, async (scope) => {
    const row = await deleteRow(scope, namespaceId);
    if (!row) throw notFound('Namespace', namespaceId);
    await recordAudit(scope, initiatorOf(actor), { entityType: 'namespace', entityId: row.id, entityName: row.name, action: 'delete' });
    return toNamespace(row);
  });
}

/** For other modules (namespace permissions): whether the organization has this namespace. */
export async function namespaceExists(db: Database, organizationId: string, namespaceId: string): Promise<boolean> {
  return Boolean(await readOrganization(db, organizationId, (scope) => findNamespace(scope, namespaceId)));
}

/** For other modules (stacks inherit their namespace's settings): the namespaces of these ids. */
export async function namespacesByIds(db: Database, organizationId: string, ids: readonly string[]): Promise<Map<string, Namespace>> {
  const rows = await readOrganization(db, organizationId, (scope) => findNamespacesByIds(scope, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, toNamespace(row)]));
}
