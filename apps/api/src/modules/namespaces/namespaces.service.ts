import { changesFrom } from '../../db/changes';
import { unique } from '../../db/unique-violation';
import type { Database } from '../../db/database';
import { inOrganization, readOrganization, type Scope } from '../../db/scope';
import { DomainError, alreadyExists, notFound, validationError } from '../../http/domain-error';
import type { Schemas } from '../../http/contract-types';
import { isoTime } from '../../http/envelope';
import { pagingOf } from '../../db/paged-list';
import type { Actor } from '../../permissions/actor';
import type { PermissionEngine } from '../../permissions/permission-engine';
import { initiatorOf, recordAudit, type AuditInitiator } from '../audit/audit.service';
import {
  deleteNamespace as deleteRow,
  findNamespace,
  findNamespaceByName,
  findNamespacesByIds,
  hasAnyNamespace,
  insertNamespace,
  listNamespaces as listRows,
  lockNamespace,
  namespaceSettingsRelation,
  updateNamespace as updateRow,
  type NamespaceChanges,
  type NamespaceRow,
  type NamespaceSettingsRow,
} from './namespaces.repository';

export interface NamespacesDeps {
  db: Database;
  engine: PermissionEngine;
  /**
   * What other modules still keep in the namespace (its stacks, its variables), read in the
   * deleting transaction once the namespace is locked: a namespace holding any is not deleted.
   */
  contentsOf?: (scope: Scope, namespaceId: string) => Promise<NamespaceContent[]>;
  /** What goes with the namespace (the permissions granted on it), removed and audited in the same transaction. */
  removeWith?: (scope: Scope, initiator: AuditInitiator, namespaceId: string) => Promise<void>;
}

/** One kind of thing a namespace holds: how many, and the names of the first few. */
export interface NamespaceContent {
  /** Singular and plural nouns, as the refusal reads them ('stack', 'stacks'). */
  noun: readonly [string, string];
  count: number;
  names: string[];
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
    createdAt: isoTime(row.createdAt),
    updatedAt: isoTime(row.updatedAt),
  };
}

/** What a stack inherits from its namespace (the settings and the name), in their wire types. */
export type NamespaceSettings = Pick<Namespace, 'id' | 'name' | 'iacConfig' | 'runnerConfig' | 'deploymentApprovalPolicy' | 'capabilities'>;

/** For other modules' lists: reads a namespace's settings with each row (a Relation of PagedList). */
export { namespaceSettingsRelation };

export function toNamespaceSettings(row: NamespaceSettingsRow): NamespaceSettings {
  return {
    id: row.id,
    name: row.name,
    iacConfig: (row.iacConfig ?? null) as Namespace['iacConfig'],
    runnerConfig: (row.runnerConfig ?? null) as Namespace['runnerConfig'],
    deploymentApprovalPolicy: (row.deploymentApprovalPolicy ?? null) as Namespace['deploymentApprovalPolicy'],
    capabilities: (row.capabilities ?? null) as Namespace['capabilities'],
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

/** "2 stacks (api, web) and 1 variable (region)": what is left, the first names of each kind. */
function describeContents(contents: NamespaceContent[]): string {
  const parts = contents.map(({ noun, count, names }) => {
    const shown = names.slice(0, 3).map((n) => `'${n}'`);
    const more = count - shown.length;
    const list = shown.length ? ` (${shown.join(', ')}${more > 0 ? ` and ${more} more` : ''})` : '';
    return `${count} ${count === 1 ? noun[0] : noun[1]}${list}`;
  });
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}` : (parts[0] ?? '');
}

/**
 * Deletes an empty namespace. The namespace is locked first: a stack or variable being put in it
 * at the same moment holds a key-share lock on it (`holdNamespace`), so either that write commits
 * first and is counted here (409, nothing deleted), or it waits and then finds the namespace gone.
 */
export async function deleteNamespace(deps: NamespacesDeps, actor: Actor, namespaceId: string) {
  await deps.engine.require(actor, 'namespace:delete', { namespaceId });
  return inOrganization(deps.db, actor.organizationId, async (scope) => {
    const locked = await lockNamespace(scope, namespaceId, 'update');
    if (!locked) throw notFound('Namespace', namespaceId);
    const left = ((await deps.contentsOf?.(scope, namespaceId)) ?? []).filter((c) => c.count > 0);
    if (left.length > 0) {
      throw new DomainError(
        'conflict',
        `The namespace '${locked.name}' still holds ${describeContents(left)}: move or delete them first, then delete the namespace`,
      );
    }
    await deps.removeWith?.(scope, initiatorOf(actor), namespaceId);
    const row = await deleteRow(scope, namespaceId);
    if (!row) throw notFound('Namespace', namespaceId);
    await recordAudit(scope, initiatorOf(actor), { entityType: 'namespace', entityId: row.id, entityName: row.name, action: 'delete' });
    return toNamespace(row);
  });
}

/**
 * For the modules that put something in a namespace (stacks, variables, permissions), inside their
 * writing transaction: whether the namespace exists, holding it until that transaction ends so it
 * cannot be deleted under what is being written (see `deleteNamespace`).
 */
export async function holdNamespace(scope: Scope, namespaceId: string): Promise<boolean> {
  return Boolean(await lockNamespace(scope, namespaceId, 'key share'));
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

/** For the dashboard: whether the caller sees any namespace (`visibleIds`: the engine's, null for all). */
export function hasNamespace(db: Database, organizationId: string, visibleIds: string[] | null): Promise<boolean> {
  return readOrganization(db, organizationId, (scope) => hasAnyNamespace(scope, visibleIds));
}
