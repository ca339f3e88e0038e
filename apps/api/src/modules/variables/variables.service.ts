import { newId } from '../../crypto/ids';
import type { SecretEnvelope } from '../../crypto/secret-envelope';
import type { Database } from '../../db/database';
import { inOrganization, readOrganization, type Scope } from '../../db/scope';
import { unique } from '../../db/unique-violation';
import type { Schemas } from '../../http/contract-types';
import { alreadyExists, notFound, validationError } from '../../http/domain-error';
import type { Actor } from '../../permissions/actor';
import { creatorToken, ownStackToken, type PermissionEngine } from '../../permissions/permission-engine';
import type { Permission } from '@terrace/domain';
import { initiatorOf, recordAudit, type AuditInitiator } from '../audit/audit.service';
import { checkDisplayName, checkHcl, checkKey, checkValue, checkValueAgainstConditions, normaliseConditions, type VariableCondition } from './variable-fields';
import { resolveVariables } from './variable-resolution';
import {
  deleteVariable as deleteRow,
  deleteVariablesAt,
  findKeyAt,
  findKeyEverywhere,
  findVariable,
  findVariablesByIds,
  insertVariable,
  listAllVariables,
  listVariablesAt,
  updateVariable as updateRow,
  type ScopeRef,
  type VariableChanges,
  type VariableRow,
} from './variables.repository';

export type Variable = Schemas['Variable'];
export type VariableScope = Schemas['VariableScope'];
export type VariableInput = Schemas['VariableInput'];
export type VariableUpdate = Schemas['VariableUpdate'];
export type EffectiveVariable = Schemas['EffectiveVariable'];

/** What a scope id points at: a namespace is its own namespace; a stack has one and may come from a template. */
export interface ScopeTarget {
  namespaceId?: string | null;
  templateId?: string | null;
  /** A stack's creator, for the own-stack restrictions of custom roles (undefined when not known). */
  createdBy?: string | null;
}

/**
 * Checks `permission` on a place as the rest of the server does: on a stack through the engine's
 * stack check (the grants on that one stack count, as in the stacks list), on a namespace with its
 * id, elsewhere organization-wide.
 */
async function requireOn(deps: VariablesDeps, actor: Actor, permission: Permission, ref: ScopeRef, target: ScopeTarget): Promise<void> {
  if (ref.scope === 'stack' && ref.scopeId && target.namespaceId) {
    return deps.engine.requireOnStack(actor, permission, { id: ref.scopeId, namespaceId: target.namespaceId, createdBy: target.createdBy ?? null });
  }
  return deps.engine.require(actor, permission, ref.scope === 'namespace' || ref.scope === 'stack' ? { namespaceId: target.namespaceId ?? undefined } : {});
}

/** Whether a stack is among the engine's `visibleStacks` tokens (the same rule as the stacks list's SQL). */
function stackVisible(tokens: ReadonlySet<string>, stackId: string, target: ScopeTarget): boolean {
  const namespaceId = target.namespaceId ?? '';
  if (tokens.has(namespaceId) || tokens.has(stackId)) return true;
  const own = tokens.has(ownStackToken('*')) || tokens.has(ownStackToken(namespaceId)) || tokens.has(ownStackToken(stackId));
  return own && Boolean(target.createdBy) && tokens.has(creatorToken(target.createdBy as string));
}

export interface VariablesDeps {
  db: Database;
  engine: PermissionEngine;
  envelope: SecretEnvelope;
  /**
   * The namespace, template, blueprint or stack `scopeId` of the organization, or null when it
   * has none by that id. Other modules own these; the composition root wires their services.
   */
  findScopeTarget(organizationId: string, scope: Exclude<VariableScope, 'organization'>, scopeId: string): Promise<ScopeTarget | null>;
  /**
   * Inside the transaction that creates a variable: whether its namespace or stack still exists,
   * holding it (a key-share lock) until the variable is committed, so the place is not deleted
   * under it. Absent for a scope: nothing to hold (templates and blueprints until they exist).
   */
  holdScopeTarget?(scope: Scope, ref: ScopeRef): Promise<boolean | undefined>;
}

const scopeNames: Record<VariableScope, string> = {
  organization: 'Organization',
  namespace: 'Namespace',
  template: 'Template',
  blueprint: 'Blueprint',
  stack: 'Stack',
};

export const keyTaken = (key: string) => `A variable named '${key}' already exists in this scope`;
const notOverridable = (key: string, scope: string) => `The variable '${key}' is set at the ${scope} scope and can not be overridden`;
const overriddenBelow = (key: string, scope: string) =>
  `The variable '${key}' is overridden at the ${scope} scope: delete that variable first, or keep this one overridable`;

const sealContext = (organizationId: string, variableId: string) => `variable:${organizationId}:${variableId}`;

/** The wire view: the value always a string, '' for a sensitive variable (its value is only read through secretValue). */
export function toVariable(row: VariableRow, inheritedFrom?: VariableScope): Variable {
  return {
    id: row.id,
    scope: row.scope as VariableScope,
    ...(row.scopeId !== null ? { scopeId: row.scopeId } : {}),
    key: row.key,
    value: row.isSensitive ? '' : (row.value ?? ''),
    ...(row.displayName !== null ? { displayName: row.displayName } : {}),
    type: row.type as Variable['type'],
    isSensitive: row.isSensitive,
    isOverridable: row.isOverridable,
    isRequired: row.isRequired,
    isHcl: row.isHcl,
    ...(row.description !== null ? { description: row.description } : {}),
    valueConditions: row.valueConditions as VariableCondition[],
    ...(row.blueprintManagedBy !== null ? { blueprintManagedBy: row.blueprintManagedBy as Variable['blueprintManagedBy'] } : {}),
    ...(inheritedFrom ? { inheritedFrom } : {}),
  };
}

/**
 * A variable's place: organization has no id; the others need one. `target` is null when the
 * organization has nothing by that id: callers check the permission first (so a namespace-only
 * user cannot tell a missing stack from one it may not see), then answer 404 with `missing`.
 */
export async function placeOf(
  deps: VariablesDeps,
  organizationId: string,
  scope: VariableScope,
  scopeId: string | null | undefined,
  field: string,
): Promise<{ ref: ScopeRef; target: ScopeTarget | null; missing: () => never }> {
  if (scope === 'organization') {
    if (scopeId) throw validationError(`'${field}' must be absent for the organization scope`, field);
    return { ref: { scope, scopeId: null }, target: {}, missing: () => { throw notFound('Organization', organizationId); } };
  }
  if (!scopeId) throw validationError(`'${field}' is required for the ${scope} scope`, field);
  const found = await deps.findScopeTarget(organizationId, scope, scopeId);
  const target = found && scope === 'namespace' ? { namespaceId: scopeId } : found;
  return { ref: { scope, scopeId }, target, missing: () => { throw notFound(scopeNames[scope], scopeId); } };
}

/** Checks the permission (on what the target says), then that the target exists. */
async function checked(
  place: { ref: ScopeRef; target: ScopeTarget | null; missing: () => never },
  check: (ref: ScopeRef, target: ScopeTarget) => Promise<void>,
): Promise<{ ref: ScopeRef; target: ScopeTarget }> {
  await check(place.ref, place.target ?? {});
  if (!place.target) place.missing();
  return { ref: place.ref, target: place.target };
}

/** The broader places a variable at `ref` inherits from (broadest first). */
function broaderPlaces(ref: ScopeRef, target: ScopeTarget): ScopeRef[] {
  const organization: ScopeRef = { scope: 'organization', scopeId: null };
  if (ref.scope === 'organization') return [];
  if (ref.scope !== 'stack') return [organization];
  return [
    organization,
    ...(target.namespaceId ? [{ scope: 'namespace', scopeId: target.namespaceId }] : []),
    ...(target.templateId ? [{ scope: 'template', scopeId: target.templateId }] : []),
  ];
}

/** The permission to read the variables of a place. */
async function requireRead(deps: VariablesDeps, actor: Actor, ref: ScopeRef, target: ScopeTarget): Promise<void> {
  await requireOn(deps, actor, 'stack:read', ref, target);
}

/** Changing a stack's variables is the stack permission; elsewhere the update permission of the scope. */
async function requireWrite(deps: VariablesDeps, actor: Actor, action: 'create' | 'update' | 'delete', ref: ScopeRef, target: ScopeTarget) {
  switch (ref.scope) {
    case 'organization':
      return deps.engine.require(actor, 'orgConfiguration:update');
    case 'namespace':
      return deps.engine.require(actor, 'namespace:update', { namespaceId: ref.scopeId ?? undefined });
    case 'template':
      return deps.engine.require(actor, 'template:update');
    case 'blueprint':
      return deps.engine.require(actor, 'blueprint:update');
    default:
      return requireOn(deps, actor, `stackVariable:${action}`, ref, target);
  }
}

function placeOfRow(deps: VariablesDeps, organizationId: string, row: VariableRow) {
  return placeOf(deps, organizationId, row.scope as VariableScope, row.scopeId, 'variableId');
}

/** The fields of a create or an update, validated, and the plaintext value they leave. */
interface Fields {
  key: string;
  type: 'tfVar' | 'envVar';
  value: string;
  displayName: string | null;
  description: string | null;
  isSensitive: boolean;
  isOverridable: boolean;
  isRequired: boolean;
  isHcl: boolean;
  valueConditions: VariableCondition[];
  blueprintManagedBy: string | null;
}

async function checkFields(fields: Fields, prefix: string): Promise<Fields> {
  checkKey(fields.key, fields.type, `${prefix}.key`);
  checkValue(fields.value, `${prefix}.value`);
  if (fields.displayName !== null) checkDisplayName(fields.displayName, `${prefix}.displayName`);
  const valueConditions = normaliseConditions(fields.valueConditions, `${prefix}.valueConditions`);
  if (fields.value !== '') checkValueAgainstConditions(fields.value, valueConditions, `${prefix}.value`);
  await checkHcl(fields, prefix);
  return { ...fields, valueConditions };
}

/** Refuses what the chain forbids: overriding a broader non-overridable variable, or locking one that is overridden. */
async function checkOverrides(deps: VariablesDeps, scope: Scope, ref: ScopeRef, target: ScopeTarget, fields: Fields, exceptId?: string): Promise<void> {
  const broader = await findKeyAt(scope, broaderPlaces(ref, target), fields.type, fields.key);
  const lock = broader.find((row) => !row.isOverridable && row.id !== exceptId);
  if (lock) throw validationError(notOverridable(fields.key, lock.scope), 'entity.key');
  if (fields.isOverridable || ref.scope === 'stack' || ref.scope === 'blueprint') return;
  for (const row of await findKeyEverywhere(scope, fields.type, fields.key)) {
    if (row.id === exceptId || row.scope === ref.scope) continue;
    let below = ref.scope === 'organization';
    if (!below && row.scope === 'stack' && row.scopeId) {
      // A stack inherits from its namespace and its template.
      const stack = await deps.findScopeTarget(scope.organizationId, 'stack', row.scopeId);
      below = ref.scope === 'namespace' ? stack?.namespaceId === ref.scopeId : stack?.templateId === ref.scopeId;
    }
    if (below) throw validationError(overriddenBelow(fields.key, row.scope), 'entity.isOverridable');
  }
}

async function requireFreeKey(scope: Scope, ref: ScopeRef, fields: Fields, field: string, exceptId?: string): Promise<void> {
  const [existing] = (await findKeyAt(scope, [ref], fields.type, fields.key)).filter((row) => row.id !== exceptId);
  if (existing) throw alreadyExists(keyTaken(fields.key), field);
}

function storedValue(deps: VariablesDeps, organizationId: string, id: string, fields: Fields): Pick<VariableChanges, 'value' | 'sealedValue'> {
  if (!fields.isSensitive) return { value: fields.value, sealedValue: null };
  return { value: null, sealedValue: fields.value === '' ? null : deps.envelope.encrypt(fields.value, sealContext(organizationId, id)) };
}

function plainValue(deps: VariablesDeps, row: VariableRow): string {
  if (!row.isSensitive) return row.value ?? '';
  return row.sealedValue ? deps.envelope.decrypt(row.sealedValue, sealContext(row.organizationId, row.id)) : '';
}

type CreateFields = Omit<VariableInput, 'scope' | 'scopeId'>;

async function createIn(deps: VariablesDeps, scope: Scope, actor: Actor, ref: ScopeRef, target: ScopeTarget, input: CreateFields, prefix: string) {
  const fields = await checkFields(
    {
      key: input.key,
      type: input.type,
      value: input.value ?? '',
      displayName: input.displayName ?? null,
      description: input.description ?? null,
      isSensitive: input.isSensitive ?? false,
      isOverridable: input.isOverridable ?? true,
      isRequired: input.isRequired ?? false,
      isHcl: input.isHcl ?? false,
      valueConditions: input.valueConditions ?? [],
      blueprintManagedBy: input.blueprintManagedBy ?? null,
    },
    prefix,
  );
  if (ref.scope !== 'organization' && ref.scopeId && (await deps.holdScopeTarget?.(scope, ref)) === false) {
    throw notFound(scopeNames[ref.scope as VariableScope], ref.scopeId);
  }
  await requireFreeKey(scope, ref, fields, `${prefix}.key`);
  await checkOverrides(deps, scope, ref, target, fields);
  const id = newId('variable');
  const row = await insertVariable(scope, {
    id,
    scope: ref.scope,
    scopeId: ref.scopeId,
    key: fields.key,
    type: fields.type,
    ...storedValue(deps, scope.organizationId, id, fields),
    displayName: fields.displayName,
    description: fields.description,
    isSensitive: fields.isSensitive,
    isOverridable: fields.isOverridable,
    isRequired: fields.isRequired,
    isHcl: fields.isHcl,
    valueConditions: fields.valueConditions,
    blueprintManagedBy: fields.blueprintManagedBy,
    createdBy: actor.userId,
  });
  // The audit names the key, never a value.
  await recordAudit(scope, initiatorOf(actor), { entityType: 'variable', entityId: row.id, entityName: row.key, action: 'create' });
  return row;
}

type UpdateFields = Omit<VariableUpdate, 'scope' | 'scopeId'>;

async function updateIn(deps: VariablesDeps, scope: Scope, actor: Actor, row: VariableRow, target: ScopeTarget, input: UpdateFields, prefix: string) {
  const ref: ScopeRef = { scope: row.scope, scopeId: row.scopeId };
  const isSensitive = input.isSensitive ?? (input.isSensitive === null ? false : row.isSensitive);
  if (row.isSensitive && !isSensitive && input.value === undefined) {
    throw validationError('Give the value again to make a sensitive variable not sensitive', `${prefix}.value`);
  }
  const fields = await checkFields(
    {
      key: input.key ?? row.key,
      type: input.type ?? (row.type as Fields['type']),
      value: input.value !== undefined ? (input.value ?? '') : plainValue(deps, row),
      displayName: input.displayName !== undefined ? input.displayName : row.displayName,
      description: input.description !== undefined ? input.description : row.description,
      isSensitive,
      isOverridable: input.isOverridable ?? (input.isOverridable === null ? true : row.isOverridable),
      isRequired: input.isRequired ?? (input.isRequired === null ? false : row.isRequired),
      isHcl: input.isHcl ?? (input.isHcl === null ? false : row.isHcl),
      valueConditions: input.valueConditions !== undefined ? (input.valueConditions ?? []) : (row.valueConditions as VariableCondition[]),
      blueprintManagedBy: input.blueprintManagedBy !== undefined ? input.blueprintManagedBy : row.blueprintManagedBy,
    },
    prefix,
  );
  if (fields.key !== row.key || fields.type !== row.type) await requireFreeKey(scope, ref, fields, `${prefix}.key`, row.id);
  await checkOverrides(deps, scope, ref, target, fields, row.id);
  const valueChanged = input.value !== undefined || fields.isSensitive !== row.isSensitive;
  const updated = await updateRow(scope, row.id, {
    key: fields.key,
    type: fields.type,
    ...(valueChanged ? storedValue(deps, scope.organizationId, row.id, fields) : {}),
    displayName: fields.displayName,
    description: fields.description,
    isSensitive: fields.isSensitive,
    isOverridable: fields.isOverridable,
    isRequired: fields.isRequired,
    isHcl: fields.isHcl,
    valueConditions: fields.valueConditions,
    blueprintManagedBy: fields.blueprintManagedBy,
  });
  if (!updated) throw notFound('Variable', row.id);
  await recordAudit(scope, initiatorOf(actor), { entityType: 'variable', entityId: row.id, entityName: updated.key, action: 'update' });
  return updated;
}

/**
 * A variable and its place, after `check` allowed the actor on it. An unknown id is checked
 * organization-wide first, so a namespace-only user learns nothing from a 404.
 */
async function readRow(deps: VariablesDeps, actor: Actor, variableId: string, check: (ref: ScopeRef, target: ScopeTarget) => Promise<void>) {
  const row = await readOrganization(deps.db, actor.organizationId, (scope) => findVariable(scope, variableId));
  if (!row) {
    await check({ scope: 'stack', scopeId: null }, {});
    throw notFound('Variable', variableId);
  }
  const place = await checked(await placeOfRow(deps, actor.organizationId, row), check);
  return { row, ...place };
}

export interface ListVariablesQuery {
  stackId?: string | undefined;
  stackRunId?: string | undefined;
  namespaceId?: string | undefined;
  templateId?: string | undefined;
  blueprintId?: string | undefined;
  orgOnly?: boolean | undefined;
}

/** A place's own variables, then the broader ones it inherits and does not hide (with `inheritedFrom`). */
async function withInherited(deps: VariablesDeps, actor: Actor, ref: ScopeRef, target: ScopeTarget): Promise<Variable[]> {
  const places = [...broaderPlaces(ref, target), ref];
  const rows = await readOrganization(deps.db, actor.organizationId, (scope) => listVariablesAt(scope, places));
  const own = rows.filter((row) => row.scope === ref.scope).map((row) => toVariable(row));
  const ownKeys = new Set(own.map((v) => `${v.type}\u0000${v.key}`));
  const inherited = resolveVariables(rows.filter((row) => row.scope !== ref.scope))
    .map((r) => r.winner)
    .filter((row) => !ownKeys.has(`${row.type}\u0000${row.key}`))
    .map((row) => toVariable(row, row.scope as VariableScope));
  return [...own, ...inherited].sort((a, b) => a.key.localeCompare(b.key) || a.type.localeCompare(b.type));
}

export async function listVariables(deps: VariablesDeps, actor: Actor, query: ListVariablesQuery): Promise<Variable[]> {
  if (query.stackRunId !== undefined) {
    throw validationError('Listing the variables of a run needs the runs domain, which is not available yet', 'stackRunId');
  }
  const filter: [VariableScope, string | undefined][] = [
    ['stack', query.stackId],
    ['namespace', query.namespaceId],
    ['template', query.templateId],
    ['blueprint', query.blueprintId],
  ];
  const chosen = filter.find(([, id]) => id !== undefined);
  if (chosen) {
    const [scope, scopeId] = chosen;
    const { ref, target } = await checked(await placeOf(deps, actor.organizationId, scope, scopeId, `${scope}Id`), (r, t) => requireRead(deps, actor, r, t));
    if (scope === 'blueprint') {
      const rows = await readOrganization(deps.db, actor.organizationId, (s) => listVariablesAt(s, [ref]));
      return rows.map((row) => toVariable(row));
    }
    return withInherited(deps, actor, ref, target);
  }
  // Namespace-only users see the variables of the namespaces granted to them, and of the stacks
  // the stacks list shows them (granted by namespace or one by one, own-stack restrictions held).
  const namespaces = await deps.engine.visibleNamespaces(actor, 'stack:read');
  const stackTokens = await deps.engine.visibleStacks(actor, 'stack:read');
  const rows = await readOrganization(deps.db, actor.organizationId, (scope) =>
    query.orgOnly ? listVariablesAt(scope, [{ scope: 'organization', scopeId: null }]) : listAllVariables(scope),
  );
  if (namespaces === null && stackTokens === null) return rows.map((row) => toVariable(row));
  const seenNamespaces = new Set(namespaces ?? []);
  const tokens = new Set(stackTokens ?? []);
  const out: Variable[] = [];
  for (const row of rows) {
    if (row.scope === 'stack' && row.scopeId) {
      if (stackTokens === null) {
        out.push(toVariable(row));
        continue;
      }
      const stack = await deps.findScopeTarget(actor.organizationId, 'stack', row.scopeId);
      if (stack && stackVisible(tokens, row.scopeId, stack)) out.push(toVariable(row));
    } else if (namespaces === null || (row.scope === 'namespace' && row.scopeId && seenNamespaces.has(row.scopeId))) {
      out.push(toVariable(row));
    }
  }
  return out;
}

export async function getVariable(deps: VariablesDeps, actor: Actor, variableId: string): Promise<Variable> {
  const { row } = await readRow(deps, actor, variableId, (ref, target) => requireRead(deps, actor, ref, target));
  return toVariable(row);
}

export async function createVariable(deps: VariablesDeps, actor: Actor, input: VariableInput): Promise<Variable> {
  const { ref, target } = await checked(await placeOf(deps, actor.organizationId, input.scope, input.scopeId, 'entity.scopeId'), (r, t) =>
    requireWrite(deps, actor, 'create', r, t),
  );
  return unique(keyTaken(input.key), 'entity.key', () =>
    inOrganization(deps.db, actor.organizationId, async (scope) => toVariable(await createIn(deps, scope, actor, ref, target, input, 'entity'))),
  );
}

export async function updateVariable(deps: VariablesDeps, actor: Actor, variableId: string, input: VariableUpdate): Promise<Variable> {
  const { row, target } = await readRow(deps, actor, variableId, (ref, t) => requireWrite(deps, actor, 'update', ref, t));
  if ((input.scope !== undefined && input.scope !== row.scope) || (input.scopeId !== undefined && (input.scopeId ?? null) !== row.scopeId)) {
    throw validationError("A variable's scope can not change: create it in the other scope", 'entity.scope');
  }
  return unique(keyTaken(input.key ?? row.key), 'entity.key', () =>
    inOrganization(deps.db, actor.organizationId, async (scope) => {
      const current = await findVariable(scope, variableId);
      if (!current) throw notFound('Variable', variableId);
      return toVariable(await updateIn(deps, scope, actor, current, target, input, 'entity'));
    }),
  );
}

export async function upsertVariables(deps: VariablesDeps, actor: Actor, batch: Schemas['VariableBatch']): Promise<Variable[]> {
  const { ref, target } = await checked(await placeOf(deps, actor.organizationId, batch.scope, batch.scopeId, 'entity.scopeId'), async (r, t) => {
    if (batch.variables.some((v) => !v.id)) await requireWrite(deps, actor, 'create', r, t);
    if (batch.variables.some((v) => v.id)) await requireWrite(deps, actor, 'update', r, t);
  });
  return unique(keyTaken(batch.variables.map((v) => v.key).filter(Boolean).join("', '")), 'entity.variables', () =>
    inOrganization(deps.db, actor.organizationId, async (scope) => {
      const out: Variable[] = [];
      for (const [index, item] of batch.variables.entries()) {
        const prefix = `entity.variables[${index}]`;
        const { id, ...fields } = item;
        if (id) {
          const row = await findVariable(scope, id);
          if (!row || row.scope !== ref.scope || row.scopeId !== ref.scopeId) throw notFound('Variable', id);
          out.push(toVariable(await updateIn(deps, scope, actor, row, target, fields, prefix)));
        } else {
          if (!fields.key || !fields.type) throw validationError(`'${prefix}' needs a key and a type to create a variable`, `${prefix}.key`);
          out.push(toVariable(await createIn(deps, scope, actor, ref, target, { isSensitive: false, isOverridable: true, isRequired: false, isHcl: false, ...fields, key: fields.key, type: fields.type }, prefix)));
        }
      }
      return out;
    }),
  );
}

async function deleteIn(scope: Scope, actor: Actor, row: VariableRow) {
  const deleted = await deleteRow(scope, row.id);
  if (!deleted) throw notFound('Variable', row.id);
  await recordAudit(scope, initiatorOf(actor), { entityType: 'variable', entityId: row.id, entityName: row.key, action: 'delete' });
}

export async function deleteVariable(deps: VariablesDeps, actor: Actor, variableId: string): Promise<Record<string, never>> {
  const { row } = await readRow(deps, actor, variableId, (ref, target) => requireWrite(deps, actor, 'delete', ref, target));
  await inOrganization(deps.db, actor.organizationId, (scope) => deleteIn(scope, actor, row));
  return {};
}

export async function deleteVariables(deps: VariablesDeps, actor: Actor, variableIds: string[]): Promise<Record<string, never>> {
  const ids = [...new Set(variableIds)];
  const rows = await readOrganization(deps.db, actor.organizationId, (scope) => findVariablesByIds(scope, ids));
  const missing = ids.find((id) => !rows.some((row) => row.id === id));
  if (missing) {
    await requireWrite(deps, actor, 'delete', { scope: 'stack', scopeId: null }, {});
    throw notFound('Variable', missing);
  }
  for (const row of rows) {
    await checked(await placeOfRow(deps, actor.organizationId, row), (ref, target) => requireWrite(deps, actor, 'delete', ref, target));
  }
  await inOrganization(deps.db, actor.organizationId, async (scope) => {
    for (const row of rows) await deleteIn(scope, actor, row);
  });
  return {};
}

/** The value of a variable, sensitive ones included: its own permission, and an audit event for each read of a secret. */
export async function getVariableSecretValue(deps: VariablesDeps, actor: Actor, variableId: string): Promise<Schemas['VariableSecretValue']> {
  const { row } = await readRow(deps, actor, variableId, (ref, target) =>
    requireOn(deps, actor, 'stackVariable:readSecret', ref, target),
  );
  if (!row.isSensitive) return { id: row.id, value: row.value ?? '' };
  return inOrganization(deps.db, actor.organizationId, async (scope) => {
    await recordAudit(scope, initiatorOf(actor), { entityType: 'variable', entityId: row.id, entityName: row.key, action: 'readSecret' });
    return { id: row.id, value: plainValue(deps, row) };
  });
}

/** What a stack runs with: each type and key once, the scope it comes from, sensitive values masked. */
export async function listEffectiveVariables(deps: VariablesDeps, actor: Actor, stackId: string): Promise<EffectiveVariable[]> {
  const { ref, target } = await checked(await placeOf(deps, actor.organizationId, 'stack', stackId, 'stackId'), (r, t) => requireRead(deps, actor, r, t));
  const rows = await readOrganization(deps.db, actor.organizationId, (scope) => listVariablesAt(scope, [...broaderPlaces(ref, target), ref]));
  return resolveVariables(rows).map(({ winner, overrides, isRequired, isMissing }) => ({
    key: winner.key,
    type: winner.type as EffectiveVariable['type'],
    value: winner.isSensitive ? '' : (winner.value ?? ''),
    ...(winner.displayName !== null ? { displayName: winner.displayName } : {}),
    ...(winner.description !== null ? { description: winner.description } : {}),
    isSensitive: winner.isSensitive,
    isRequired,
    isOverridable: winner.isOverridable,
    isMissing,
    isHcl: winner.isHcl,
    scope: winner.scope as VariableScope,
    ...(winner.scopeId !== null ? { scopeId: winner.scopeId } : {}),
    variableId: winner.id,
    overrides: overrides.map((row) => ({ scope: row.scope as VariableScope, ...(row.scopeId !== null ? { scopeId: row.scopeId } : {}), variableId: row.id })),
  }));
}

/** For other modules: the variables of `scopeId` in the organization, as existing keys (the scan). */
export async function variableKeysAt(db: Database, organizationId: string, ref: ScopeRef): Promise<Map<string, string>> {
  const rows = await readOrganization(db, organizationId, (scope) => listVariablesAt(scope, [ref]));
  return new Map(rows.filter((row) => row.type === 'tfVar').map((row) => [row.key, row.id]));
}

export { checked as checkedPlace, requireRead as requireVariablesRead };

/** For the namespaces module, in its deleting transaction: the variables a namespace still holds. */
export async function variablesInNamespace(scope: Scope, namespaceId: string) {
  const rows = await listVariablesAt(scope, [{ scope: 'namespace', scopeId: namespaceId }]);
  return { noun: ['variable', 'variables'] as const, count: rows.length, names: rows.slice(0, 3).map((row) => row.key) };
}

/**
 * For the modules whose objects own variables (a deleted stack), in their deleting transaction:
 * removes the variables of that place, one audit event each (naming the key, never a value).
 */
export async function removeVariablesOf(scope: Scope, initiator: AuditInitiator, ref: ScopeRef): Promise<void> {
  for (const row of await deleteVariablesAt(scope, ref)) {
    await recordAudit(scope, initiator, { entityType: 'variable', entityId: row.id, entityName: row.key, action: 'delete' });
  }
}

/**
 * For the runs domain (server side only, never an answer): what a run of the stack gets, plaintext
 * values included, and the required variables no scope gives a value (the run should not start).
 */
export async function variablesForRun(
  deps: VariablesDeps,
  organizationId: string,
  stackId: string,
): Promise<{ variables: { key: string; type: 'tfVar' | 'envVar'; value: string; isSensitive: boolean; isHcl: boolean }[]; missing: string[] }> {
  const target = await deps.findScopeTarget(organizationId, 'stack', stackId);
  if (!target) throw notFound('Stack', stackId);
  const ref: ScopeRef = { scope: 'stack', scopeId: stackId };
  const rows = await readOrganization(deps.db, organizationId, (scope) => listVariablesAt(scope, [...broaderPlaces(ref, target), ref]));
  const resolved = resolveVariables(rows);
  return {
    variables: resolved
      .filter((r) => !r.isMissing)
      .map(({ winner }) => ({
        key: winner.key,
        type: winner.type as 'tfVar' | 'envVar',
        value: plainValue(deps, winner),
        isSensitive: winner.isSensitive,
        // The value is an HCL expression (write it as HCL, or convert it), not a string.
        isHcl: winner.isHcl,
      })),
    missing: resolved.filter((r) => r.isMissing).map((r) => r.winner.key),
  };
}
