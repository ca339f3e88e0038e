import { highestSeverityByPolicy, isManagedControlPolicyId, type EnforcementLevel, type GroupSeverity } from '@terrace/domain';
import {
  checkRego,
  checkReportedResults,
  effectivePolicies,
  findManagedGroup,
  findManagedPolicy,
  managedGroups,
  managedPolicies,
  outcomeOf,
  ReportedResultsError,
  sortPolicyResultsBySeverity,
  type JobControlPolicies,
  type JobPolicy,
  type OpaOptions,
  type PoliciesOutcome,
  type PolicyDefinition,
  type PolicyRunResult,
  type PolicyTargetType,
  type StackPlace,
} from '@terrace/policy-engine';
import type { Database } from '../../db/database';
import { pageFollowedBy, pagingOf, type PageRequest } from '../../db/paged-list';
import { inOrganization, readOrganization, type Scope } from '../../db/scope';
import { unique } from '../../db/unique-violation';
import type { Schemas } from '../../http/contract-types';
import { alreadyExists, DomainError, forbidden, notFound, validationError } from '../../http/domain-error';
import { isUniqueViolation } from '../../db/postgres-errors';
import type { Actor } from '../../permissions/actor';
import type { PermissionEngine } from '../../permissions/permission-engine';
import { initiatorOf, recordAudit, type AuditInitiator } from '../audit/audit.service';
import { checkParameters } from './control-policy-fields';
import {
  allGroups,
  deleteGroup as deleteGroupRow,
  deletePolicy as deletePolicyRow,
  findGroupsByIds,
  lockPolicyForDelete,
  deleteGroupMapping as deleteGroupMappingRow,
  deleteMapping as deleteMappingRow,
  deleteMappingsOfGroup,
  deleteMappingsOfPolicy,
  deleteMappingsOfTarget,
  deleteResultsOfStack,
  findGroup,
  findPolicy,
  findPoliciesByIds,
  findResult,
  insertGroup,
  insertGroupMapping,
  insertPolicy,
  insertResult,
  listGroupMappings,
  listGroups,
  listMappings,
  listPolicies,
  listViolations,
  lockGroup,
  lockPolicy,
  mappingsOnTargets,
  supersedeResults,
  updateGroup as updateGroupRow,
  updateGroupMapping as updateGroupMappingRow,
  updateMappingLevel,
  updatePolicy as updatePolicyRow,
  insertMapping,
  type GroupMappingRow,
  type GroupRow,
  type MappingRow,
  type PolicyRow,
  type ResultRow,
} from './control-policies.repository';

export type ControlPolicy = Schemas['ControlPolicy'];
export type ControlPolicyGroup = Schemas['ControlPolicyGroup'];
type VcsInfo = Schemas['VcsInfo'];

export interface StackPlacement {
  namespaceId: string;
  templateId?: string | null;
  blueprintId?: string | null;
  name: string;
}

export interface ControlPoliciesDeps {
  db: Database;
  engine: PermissionEngine;
  namespaceExists(organizationId: string, namespaceId: string): Promise<boolean>;
  /** The stack's namespace, template and blueprint, or null when the organization has no such stack. */
  stackPlacement(organizationId: string, stackId: string): Promise<StackPlacement | null>;
  /** The `.rego` files of a policy kept in a repository (the file at `path`, or the directory's). */
  readRegoFiles?(organizationId: string, vcsInfo: VcsInfo): Promise<Record<string, string>>;
  /** Checks that the actor may read the run (stack:read on its stack; 404 for a run the organization does not have). */
  requireRunReadable?(actor: Actor, runId: string): Promise<unknown>;
  /** Where the opa binary is (default: TERRACE_OPA_BIN, then PATH). */
  opa?: OpaOptions;
}

const readOnly = (what: string) => forbidden(`Managed ${what} are read-only`);

// ---------------------------------------------------------------------------------------------
// Wire views

function toPolicy(row: PolicyRow): ControlPolicy {
  return {
    id: row.id,
    name: row.name,
    ...(row.description !== null ? { description: row.description } : {}),
    type: row.type as ControlPolicy['type'],
    parameters: row.parameters as ControlPolicy['parameters'],
    isManaged: false,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const managedPolicy = (p: (typeof managedPolicies)[number]): ControlPolicy => ({
  id: p.id,
  name: p.name,
  description: p.description,
  type: p.type,
  parameters: p.parameters as ControlPolicy['parameters'],
  isManaged: true,
});

function toGroup(row: GroupRow): ControlPolicyGroup {
  return {
    id: row.id,
    name: row.name,
    ...(row.description !== null ? { description: row.description } : {}),
    controlPolicies: row.policies as ControlPolicyGroup['controlPolicies'],
    isManaged: false,
    createdAt: row.createdAt.toISOString(),
  };
}

const managedGroup = (g: (typeof managedGroups)[number]): ControlPolicyGroup => ({
  id: g.id,
  name: g.name,
  description: g.description,
  controlPolicies: g.controlPolicies,
  isManaged: true,
});

const toMapping = (row: MappingRow): Schemas['ControlPolicyMapping'] => ({
  controlPolicyId: row.controlPolicyId,
  targetId: row.targetId,
  targetType: row.targetType as PolicyTargetType,
  enforcementLevel: row.enforcementLevel as EnforcementLevel,
});

const toGroupMapping = (row: GroupMappingRow): Schemas['ControlPolicyGroupMapping'] => ({
  controlPolicyGroupId: row.controlPolicyGroupId,
  targetId: row.targetId,
  targetType: row.targetType as PolicyTargetType,
  ...(row.enforcementLevel ? { enforcementLevel: row.enforcementLevel as EnforcementLevel } : {}),
  ...(row.bySeverity ? { bySeverity: row.bySeverity as Schemas['SeverityEnforcement'] } : {}),
  overrideEnforcements: row.overrideEnforcements as NonNullable<Schemas['ControlPolicyGroupMapping']['overrideEnforcements']>,
});

// ---------------------------------------------------------------------------------------------
// Policies

export interface ListControlPoliciesQuery extends PageRequest {
  controlPolicyId?: string | undefined;
  controlPolicyName?: string | undefined;
  type?: string | undefined;
  includeManaged?: boolean | undefined;
  search?: string | undefined;
  severity?: GroupSeverity | undefined;
}

/**
 * A page of the organization's policies by name, then (includeManaged) the managed ones by name:
 * the own rows and their count in one statement, the managed ones (a fixed list) filtered here the
 * same way. A severity filter first reads the groups (the highest severity any group gives a policy).
 */
export async function listControlPolicies(deps: ControlPoliciesDeps, actor: Actor, query: ListControlPoliciesQuery) {
  await deps.engine.require(actor, 'controlPolicy:read');
  const search = query.search?.trim().toLowerCase() || undefined;
  const { page, severities } = await readOrganization(deps.db, actor.organizationId, async (scope) => {
    const severities = query.severity ? highestSeverityByPolicy([...(await allGroups(scope)).map(toGroup), ...managedGroups]) : undefined;
    const ids = severities ? [...severities].filter(([, severity]) => severity === query.severity).map(([id]) => id) : undefined;
    const filter = { id: query.controlPolicyId, name: query.controlPolicyName, type: query.type, search, ids };
    return { page: await listPolicies(scope, filter, query), severities };
  });
  const managed = query.includeManaged
    ? managedPolicies
        .filter(
          (p) =>
            (!query.controlPolicyId || p.id === query.controlPolicyId) &&
            (!query.controlPolicyName || p.name === query.controlPolicyName) &&
            (!query.type || p.type === query.type) &&
            (!search || p.name.toLowerCase().includes(search)) &&
            (!severities || severities.get(p.id) === query.severity),
        )
        .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    : [];
  const { rows, total } = pageFollowedBy(page, query, managed);
  return { items: rows.map((row) => ('organizationId' in row ? toPolicy(row) : managedPolicy(row))), paging: pagingOf(query, total) };
}

async function policyById(deps: ControlPoliciesDeps, organizationId: string, id: string): Promise<ControlPolicy | null> {
  const managed = findManagedPolicy(id);
  if (managed) return managedPolicy(managed);
  const row = await readOrganization(deps.db, organizationId, (scope) => findPolicy(scope, id));
  return row ? toPolicy(row) : null;
}

export async function getControlPolicy(deps: ControlPoliciesDeps, actor: Actor, id: string): Promise<ControlPolicy> {
  await deps.engine.require(actor, 'controlPolicy:read');
  const policy = await policyById(deps, actor.organizationId, id);
  if (!policy) throw notFound('Control policy', id);
  return policy;
}

const nameTaken = (name: string) => `A control policy named '${name}' already exists`;

function requiredName(name: string | null | undefined): string {
  const trimmed = (name ?? '').trim();
  if (!trimmed) throw validationError('Name is required', 'entity.name');
  return trimmed;
}

/**
 * The checked parameters; a Rego policy (inline, or read from its repository) is compiled by
 * `opa check` when a binary is there.
 */
async function checkedParameters(deps: ControlPoliciesDeps, organizationId: string, type: Schemas['ControlPolicyType'], parameters: Schemas['ControlPolicyParameters']) {
  const checked = checkParameters(type, parameters);
  if (type !== 'opa' || !checked.opa) return checked;
  let modules: Record<string, string> = {};
  let field = 'entity.parameters.opa.rego';
  if (checked.opa.source === 'inline' && checked.opa.rego) modules = { 'policy.rego': checked.opa.rego };
  if (checked.opa.source === 'vcs' && checked.opa.vcsInfo && deps.readRegoFiles) {
    field = 'entity.parameters.opa.vcsInfo.path';
    try {
      modules = await deps.readRegoFiles(organizationId, checked.opa.vcsInfo as VcsInfo);
    } catch (error) {
      throw validationError(`The policy's repository could not be read: ${error instanceof Error ? error.message : String(error)}`, 'entity.parameters.opa.vcsInfo');
    }
    if (Object.keys(modules).length === 0) throw validationError('No .rego file at this path', field);
  }
  const problem = Object.keys(modules).length ? await checkRego(modules, deps.opa) : null;
  if (problem) throw validationError(problem, field);
  return checked;
}

export async function createControlPolicy(deps: ControlPoliciesDeps, actor: Actor, input: Schemas['ControlPolicyInput']): Promise<ControlPolicy> {
  await deps.engine.require(actor, 'controlPolicy:create');
  const name = requiredName(input.name);
  const parameters = await checkedParameters(deps, actor.organizationId, input.type, input.parameters);
  return unique(nameTaken(name), 'entity.name', () =>
    inOrganization(deps.db, actor.organizationId, async (scope) => {
      const row = await insertPolicy(scope, {
        name,
        description: input.description?.trim() || null,
        type: input.type,
        parameters: parameters as Record<string, unknown>,
        createdBy: actor.userId,
      });
      await recordAudit(scope, initiatorOf(actor), { entityType: 'controlPolicy', entityId: row.id, entityName: row.name, action: 'create' });
      return toPolicy(row);
    }),
  );
}

export async function updateControlPolicy(deps: ControlPoliciesDeps, actor: Actor, id: string, input: Schemas['ControlPolicyUpdate']): Promise<ControlPolicy> {
  await deps.engine.require(actor, 'controlPolicy:update');
  if (isManagedControlPolicyId(id)) throw readOnly('control policies');
  const current = await readOrganization(deps.db, actor.organizationId, (scope) => findPolicy(scope, id));
  if (!current) throw notFound('Control policy', id);
  const name = input.name === undefined ? undefined : requiredName(input.name);
  const type = input.type ?? (current.type as Schemas['ControlPolicyType']);
  // A change of type needs the new type's parameters; otherwise the stored ones are checked again.
  const parameters =
    input.parameters || input.type
      ? await checkedParameters(deps, actor.organizationId, type, input.parameters ?? (current.parameters as Schemas['ControlPolicyParameters']))
      : undefined;
  return unique(nameTaken(name ?? current.name), 'entity.name', () =>
    inOrganization(deps.db, actor.organizationId, async (scope) => {
      const row = await updatePolicyRow(scope, id, {
        ...(name !== undefined ? { name } : {}),
        ...(input.description !== undefined ? { description: input.description?.trim() || null } : {}),
        ...(input.type ? { type } : {}),
        ...(parameters ? { parameters: parameters as Record<string, unknown> } : {}),
      });
      if (!row) throw notFound('Control policy', id);
      await recordAudit(scope, initiatorOf(actor), { entityType: 'controlPolicy', entityId: row.id, entityName: row.name, action: 'update' });
      return toPolicy(row);
    }),
  );
}

export async function deleteControlPolicy(deps: ControlPoliciesDeps, actor: Actor, id: string): Promise<ControlPolicy> {
  await deps.engine.require(actor, 'controlPolicy:delete');
  if (isManagedControlPolicyId(id)) throw readOnly('control policies');
  return inOrganization(deps.db, actor.organizationId, async (scope) => {
    // Locked first, so a mapping or group being written at the same time waits for the delete.
    const row = await lockPolicyForDelete(scope, id);
    if (!row) throw notFound('Control policy', id);
    const inGroups = (await allGroups(scope)).filter((g) => g.policies.some((p) => p.controlPolicyId === id));
    if (inGroups.length) {
      throw new DomainError('conflict', `The control policy is in the group '${inGroups[0]?.name}': remove it from the group first`);
    }
    await deleteMappingsOfPolicy(scope, id);
    const deleted = await deletePolicyRowChecked(scope, id);
    await recordAudit(scope, initiatorOf(actor), { entityType: 'controlPolicy', entityId: id, entityName: row.name, action: 'delete' });
    return toPolicy(deleted);
  });
}

async function deletePolicyRowChecked(scope: Scope, id: string): Promise<PolicyRow> {
  const row = await deletePolicyRow(scope, id);
  if (!row) throw notFound('Control policy', id);
  return row;
}

// ---------------------------------------------------------------------------------------------
// Mappings

const targetNames: Record<PolicyTargetType, string> = { organization: 'Organization', namespace: 'Namespace', template: 'Template', blueprint: 'Blueprint', stack: 'Stack' };

/**
 * Whether the target exists in the organization (404 otherwise). Templates and blueprints have no
 * module yet: their ids are taken as given and match the stacks created from them.
 */
async function requireTarget(deps: ControlPoliciesDeps, organizationId: string, targetType: PolicyTargetType, targetId: string): Promise<void> {
  const id = targetId.trim();
  if (!id) throw validationError('Choose where the policy applies', 'entity.targetId');
  const exists =
    targetType === 'organization'
      ? id === organizationId
      : targetType === 'namespace'
        ? await deps.namespaceExists(organizationId, id)
        : targetType === 'stack'
          ? Boolean(await deps.stackPlacement(organizationId, id))
          : true;
  if (!exists) throw notFound(targetNames[targetType], id);
}

async function requirePolicy(deps: ControlPoliciesDeps, organizationId: string, id: string): Promise<ControlPolicy> {
  const policy = await policyById(deps, organizationId, id);
  if (!policy) throw notFound('Control policy', id);
  return policy;
}

export async function listControlPolicyMappings(deps: ControlPoliciesDeps, actor: Actor, query: { controlPolicyId?: string | undefined; targetId?: string | undefined; targetType?: string | undefined }) {
  await deps.engine.require(actor, 'controlPolicy:read');
  return (await readOrganization(deps.db, actor.organizationId, (scope) => listMappings(scope, query))).map(toMapping);
}

const alreadyMapped = () => alreadyExists('The control policy is already mapped to this target', 'entity.targetId');

export async function createControlPolicyMapping(deps: ControlPoliciesDeps, actor: Actor, input: Schemas['ControlPolicyMapping']) {
  await deps.engine.require(actor, 'controlPolicy:update');
  const policy = await requirePolicy(deps, actor.organizationId, input.controlPolicyId);
  await requireTarget(deps, actor.organizationId, input.targetType, input.targetId);
  return mapPolicy(deps, actor, policy, { ...input, targetId: input.targetId.trim() }, input.targetType === 'namespace' ? 'controlPolicyNamespaceMapping' : 'controlPolicy');
}

async function mapPolicy(deps: ControlPoliciesDeps, actor: Actor, policy: ControlPolicy, input: Schemas['ControlPolicyMapping'], entityType: 'controlPolicy' | 'controlPolicyNamespaceMapping') {
  try {
    return await inOrganization(deps.db, actor.organizationId, async (scope) => {
      if (!policy.isManaged && !(await lockPolicy(scope, policy.id))) throw notFound('Control policy', policy.id);
      const row = await insertMapping(scope, { controlPolicyId: policy.id, targetType: input.targetType, targetId: input.targetId, enforcementLevel: input.enforcementLevel });
      await recordAudit(scope, initiatorOf(actor), { entityType, entityId: policy.id, entityName: policy.name, action: entityType === 'controlPolicy' ? 'update' : 'create' });
      return toMapping(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyMapped();
    throw error;
  }
}

export async function updateControlPolicyMapping(deps: ControlPoliciesDeps, actor: Actor, input: Schemas['ControlPolicyMapping']) {
  await deps.engine.require(actor, 'controlPolicy:update');
  const policy = await requirePolicy(deps, actor.organizationId, input.controlPolicyId);
  return inOrganization(deps.db, actor.organizationId, async (scope) => {
    const row = await updateMappingLevel(scope, input, input.enforcementLevel);
    if (!row) throw notFound('Control policy mapping', `${input.controlPolicyId} → ${input.targetType} ${input.targetId}`);
    await recordAudit(scope, initiatorOf(actor), { entityType: 'controlPolicy', entityId: policy.id, entityName: policy.name, action: 'update' });
    return toMapping(row);
  });
}

export async function deleteControlPolicyMapping(deps: ControlPoliciesDeps, actor: Actor, key: Schemas['ControlPolicyMappingKey']) {
  await deps.engine.require(actor, 'controlPolicy:update');
  return inOrganization(deps.db, actor.organizationId, async (scope) => {
    const row = await deleteMappingRow(scope, key);
    if (!row) throw notFound('Control policy mapping', `${key.controlPolicyId} → ${key.targetType} ${key.targetId}`);
    await recordAudit(scope, initiatorOf(actor), {
      entityType: key.targetType === 'namespace' ? 'controlPolicyNamespaceMapping' : 'controlPolicy',
      entityId: key.controlPolicyId,
      action: key.targetType === 'namespace' ? 'delete' : 'update',
    });
    return {};
  });
}

/** The namespace mappings are the mappings whose target is a namespace (the level defaults to hardMandatory). */
export async function listControlPolicyNamespaceMappings(deps: ControlPoliciesDeps, actor: Actor, query: { controlPolicyId?: string | undefined; namespaceId?: string | undefined }) {
  const rows = await listControlPolicyMappings(deps, actor, { controlPolicyId: query.controlPolicyId, targetType: 'namespace', targetId: query.namespaceId });
  return rows.map((m) => ({ controlPolicyId: m.controlPolicyId, namespaceId: m.targetId, enforcementLevel: m.enforcementLevel }));
}

export async function createControlPolicyNamespaceMapping(deps: ControlPoliciesDeps, actor: Actor, input: Schemas['ControlPolicyNamespaceMapping']) {
  await deps.engine.require(actor, 'controlPolicy:update', { namespaceId: input.namespaceId });
  const policy = await requirePolicy(deps, actor.organizationId, input.controlPolicyId);
  if (!(await deps.namespaceExists(actor.organizationId, input.namespaceId))) throw notFound('Namespace', input.namespaceId);
  const mapping = await mapPolicy(
    deps,
    actor,
    policy,
    { controlPolicyId: policy.id, targetType: 'namespace', targetId: input.namespaceId, enforcementLevel: input.enforcementLevel ?? 'hardMandatory' },
    'controlPolicyNamespaceMapping',
  );
  return { controlPolicyId: mapping.controlPolicyId, namespaceId: mapping.targetId, enforcementLevel: mapping.enforcementLevel };
}

export async function deleteControlPolicyNamespaceMapping(deps: ControlPoliciesDeps, actor: Actor, key: Schemas['ControlPolicyNamespaceMappingKey']) {
  return deleteControlPolicyMapping(deps, actor, { controlPolicyId: key.controlPolicyId, targetType: 'namespace', targetId: key.namespaceId });
}

// ---------------------------------------------------------------------------------------------
// Groups

const groupNameTaken = (name: string) => `A control policy group named '${name}' already exists`;

async function checkedGroupPolicies(deps: ControlPoliciesDeps, organizationId: string, entries: Schemas['GroupPolicy'][]) {
  const seen = new Set<string>();
  const own = await readOrganization(deps.db, organizationId, (scope) => findPoliciesByIds(scope, entries.map((e) => e.controlPolicyId)));
  const ownIds = new Set(own.map((p) => p.id));
  entries.forEach((entry, i) => {
    if (seen.has(entry.controlPolicyId)) throw validationError('The policy is already in the group', `entity.controlPolicies.${i}.controlPolicyId`);
    seen.add(entry.controlPolicyId);
    if (!ownIds.has(entry.controlPolicyId) && !isManagedControlPolicyId(entry.controlPolicyId)) {
      throw validationError(`Control policy not found: ${entry.controlPolicyId}`, `entity.controlPolicies.${i}.controlPolicyId`);
    }
  });
  return entries.map((e) => ({ controlPolicyId: e.controlPolicyId, severity: e.severity }));
}

export async function listControlPolicyGroups(deps: ControlPoliciesDeps, actor: Actor, query: { controlPolicyGroupId?: string | undefined; includeManaged?: boolean | undefined }) {
  await deps.engine.require(actor, 'controlPolicy:read');
  const own = (await readOrganization(deps.db, actor.organizationId, (scope) => listGroups(scope, query.controlPolicyGroupId))).map(toGroup);
  const managed = query.includeManaged ? managedGroups.filter((g) => !query.controlPolicyGroupId || g.id === query.controlPolicyGroupId).map(managedGroup) : [];
  return [...own, ...managed];
}

async function groupById(deps: ControlPoliciesDeps, organizationId: string, id: string): Promise<ControlPolicyGroup | null> {
  const managed = findManagedGroup(id);
  if (managed) return managedGroup(managed);
  const row = await readOrganization(deps.db, organizationId, (scope) => findGroup(scope, id));
  return row ? toGroup(row) : null;
}

export async function getControlPolicyGroup(deps: ControlPoliciesDeps, actor: Actor, id: string) {
  await deps.engine.require(actor, 'controlPolicy:read');
  const group = await groupById(deps, actor.organizationId, id);
  if (!group) throw notFound('Control policy group', id);
  return group;
}

export async function createControlPolicyGroup(deps: ControlPoliciesDeps, actor: Actor, input: Schemas['ControlPolicyGroupInput']) {
  await deps.engine.require(actor, 'controlPolicy:create');
  const name = requiredName(input.name);
  const policies = await checkedGroupPolicies(deps, actor.organizationId, input.controlPolicies);
  return unique(groupNameTaken(name), 'entity.name', () =>
    inOrganization(deps.db, actor.organizationId, async (scope) => {
      const row = await insertGroup(scope, { name, description: input.description?.trim() || null, policies });
      await recordAudit(scope, initiatorOf(actor), { entityType: 'controlPolicy', entityId: row.id, entityName: row.name, action: 'create' });
      return toGroup(row);
    }),
  );
}

export async function updateControlPolicyGroup(deps: ControlPoliciesDeps, actor: Actor, id: string, input: Schemas['ControlPolicyGroupUpdate']) {
  await deps.engine.require(actor, 'controlPolicy:update');
  if (findManagedGroup(id)) throw readOnly('control policy groups');
  const name = input.name === undefined ? undefined : requiredName(input.name);
  const policies = input.controlPolicies ? await checkedGroupPolicies(deps, actor.organizationId, input.controlPolicies) : undefined;
  return unique(groupNameTaken(name ?? ''), 'entity.name', () =>
    inOrganization(deps.db, actor.organizationId, async (scope) => {
      const row = await updateGroupRow(scope, id, {
        ...(name !== undefined ? { name } : {}),
        ...(input.description !== undefined ? { description: input.description?.trim() || null } : {}),
        ...(policies ? { policies } : {}),
      });
      if (!row) throw notFound('Control policy group', id);
      await recordAudit(scope, initiatorOf(actor), { entityType: 'controlPolicy', entityId: row.id, entityName: row.name, action: 'update' });
      return toGroup(row);
    }),
  );
}

export async function deleteControlPolicyGroup(deps: ControlPoliciesDeps, actor: Actor, id: string) {
  await deps.engine.require(actor, 'controlPolicy:delete');
  if (findManagedGroup(id)) throw readOnly('control policy groups');
  return inOrganization(deps.db, actor.organizationId, async (scope) => {
    const row = await deleteGroupRow(scope, id);
    if (!row) throw notFound('Control policy group', id);
    await deleteMappingsOfGroup(scope, id);
    await recordAudit(scope, initiatorOf(actor), { entityType: 'controlPolicy', entityId: id, entityName: row.name, action: 'delete' });
    return toGroup(row);
  });
}

// ---------------------------------------------------------------------------------------------
// Group mappings

async function checkedGroupMapping(deps: ControlPoliciesDeps, organizationId: string, input: Schemas['ControlPolicyGroupMapping']) {
  const group = await groupById(deps, organizationId, input.controlPolicyGroupId);
  if (!group) throw notFound('Control policy group', input.controlPolicyGroupId);
  await requireTarget(deps, organizationId, input.targetType, input.targetId);
  const bySeverity = input.bySeverity && Object.values(input.bySeverity).some(Boolean) ? input.bySeverity : null;
  if (!input.enforcementLevel && !bySeverity) throw validationError('Choose an enforcement level, or one per severity', 'entity.enforcementLevel');
  const overrides = input.overrideEnforcements ?? [];
  const inGroup = new Set(group.controlPolicies.map((p) => p.controlPolicyId));
  for (const [i, o] of overrides.entries()) {
    if (!inGroup.has(o.controlPolicyId)) throw validationError('The policy is not in this group', `entity.overrideEnforcements.${i}.controlPolicyId`);
    for (const [j, stackId] of (o.stackIds ?? []).entries()) {
      if (!(await deps.stackPlacement(organizationId, stackId))) throw validationError(`Stack not found: ${stackId}`, `entity.overrideEnforcements.${i}.stackIds.${j}`);
    }
  }
  return {
    group,
    row: {
      controlPolicyGroupId: group.id,
      targetType: input.targetType,
      targetId: input.targetId.trim(),
      enforcementLevel: input.enforcementLevel ?? null,
      bySeverity: bySeverity as Record<string, string> | null,
      overrideEnforcements: overrides.map((o) => ({ controlPolicyId: o.controlPolicyId, enforcementLevel: o.enforcementLevel, ...(o.stackIds?.length ? { stackIds: o.stackIds } : {}) })),
    },
  };
}

export async function listControlPolicyGroupMappings(deps: ControlPoliciesDeps, actor: Actor, query: { controlPolicyGroupId?: string | undefined; targetId?: string | undefined; targetType?: string | undefined }) {
  await deps.engine.require(actor, 'controlPolicy:read');
  return (await readOrganization(deps.db, actor.organizationId, (scope) => listGroupMappings(scope, query))).map(toGroupMapping);
}

export async function createControlPolicyGroupMapping(deps: ControlPoliciesDeps, actor: Actor, input: Schemas['ControlPolicyGroupMapping']) {
  await deps.engine.require(actor, 'controlPolicy:update');
  const { group, row } = await checkedGroupMapping(deps, actor.organizationId, input);
  try {
    return await inOrganization(deps.db, actor.organizationId, async (scope) => {
      if (!group.isManaged && !(await lockGroup(scope, group.id))) throw notFound('Control policy group', group.id);
      const inserted = await insertGroupMapping(scope, row);
      await recordAudit(scope, initiatorOf(actor), { entityType: 'controlPolicy', entityId: group.id, entityName: group.name, action: 'update' });
      return toGroupMapping(inserted);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyExists('The group is already mapped to this target', 'entity.targetId');
    throw error;
  }
}

export async function updateControlPolicyGroupMapping(deps: ControlPoliciesDeps, actor: Actor, input: Schemas['ControlPolicyGroupMapping']) {
  await deps.engine.require(actor, 'controlPolicy:update');
  const { group, row } = await checkedGroupMapping(deps, actor.organizationId, input);
  return inOrganization(deps.db, actor.organizationId, async (scope) => {
    const updated = await updateGroupMappingRow(scope, row, { enforcementLevel: row.enforcementLevel, bySeverity: row.bySeverity, overrideEnforcements: row.overrideEnforcements });
    if (!updated) throw notFound('Control policy group mapping', `${input.controlPolicyGroupId} → ${input.targetType} ${input.targetId}`);
    await recordAudit(scope, initiatorOf(actor), { entityType: 'controlPolicy', entityId: group.id, entityName: group.name, action: 'update' });
    return toGroupMapping(updated);
  });
}

export async function deleteControlPolicyGroupMapping(deps: ControlPoliciesDeps, actor: Actor, key: Schemas['ControlPolicyGroupMappingKey']) {
  await deps.engine.require(actor, 'controlPolicy:update');
  return inOrganization(deps.db, actor.organizationId, async (scope) => {
    const row = await deleteGroupMappingRow(scope, key);
    if (!row) throw notFound('Control policy group mapping', `${key.controlPolicyGroupId} → ${key.targetType} ${key.targetId}`);
    await recordAudit(scope, initiatorOf(actor), { entityType: 'controlPolicy', entityId: key.controlPolicyGroupId, action: 'update' });
    return {};
  });
}

// ---------------------------------------------------------------------------------------------
// Policies in runs: resolved for the runner, its results checked and recorded

export interface RunForPolicies {
  id: string;
  kind: string;
  stackId: string;
  namespaceId: string;
}

export interface RunPoliciesEvaluation {
  outcome: PoliciesOutcome;
  results: PolicyRunResult[];
}

async function policyDefinitions(scope: Scope, ids: string[]): Promise<Map<string, PolicyDefinition>> {
  const out = new Map<string, PolicyDefinition>();
  for (const id of ids) {
    const managed = findManagedPolicy(id);
    if (managed) out.set(id, managed);
  }
  for (const row of await findPoliciesByIds(scope, ids.filter((id) => !out.has(id)))) {
    out.set(row.id, { id: row.id, name: row.name, type: row.type as PolicyDefinition['type'], parameters: row.parameters as PolicyDefinition['parameters'] });
  }
  return out;
}

/** The policies in force on the run's stack, each with its level (the strictest mapping wins). */
async function policiesInForce(deps: ControlPoliciesDeps, scope: Scope, run: RunForPolicies): Promise<{ policy: PolicyDefinition; level: EnforcementLevel }[]> {
  const placement = await deps.stackPlacement(scope.organizationId, run.stackId);
  const place: StackPlace = {
    organizationId: scope.organizationId,
    stackId: run.stackId,
    namespaceId: run.namespaceId,
    templateId: placement?.templateId ?? null,
    blueprintId: placement?.blueprintId ?? null,
  };
  const targets = [
    { targetType: 'organization', targetId: place.organizationId },
    { targetType: 'namespace', targetId: place.namespaceId },
    { targetType: 'stack', targetId: place.stackId },
    ...(place.templateId ? [{ targetType: 'template', targetId: place.templateId }] : []),
    ...(place.blueprintId ? [{ targetType: 'blueprint', targetId: place.blueprintId }] : []),
  ];
  const [policyMappings, groupMappingRows] = await mappingsOnTargets(scope, targets);
  const groupIds = [...new Set(groupMappingRows.map((m) => m.controlPolicyGroupId))];
  const ownGroups = new Map((await findGroupsByIds(scope, groupIds.filter((id) => !findManagedGroup(id)))).map((g) => [g.id, g]));
  const groupMappings = groupMappingRows.flatMap((m) => {
    const group = findManagedGroup(m.controlPolicyGroupId) ?? (ownGroups.get(m.controlPolicyGroupId) ? { controlPolicies: ownGroups.get(m.controlPolicyGroupId)?.policies ?? [] } : null);
    if (!group) return [];
    return [
      {
        targetType: m.targetType as PolicyTargetType,
        targetId: m.targetId,
        enforcementLevel: m.enforcementLevel as EnforcementLevel | null,
        bySeverity: m.bySeverity as Partial<Record<GroupSeverity, EnforcementLevel>> | null,
        overrideEnforcements: m.overrideEnforcements as { controlPolicyId: string; enforcementLevel: EnforcementLevel; stackIds?: string[] }[],
        group: { controlPolicies: group.controlPolicies as { controlPolicyId: string; severity: GroupSeverity }[] },
      },
    ];
  });
  const levels = effectivePolicies(
    place,
    policyMappings.map((m) => ({ controlPolicyId: m.controlPolicyId, targetType: m.targetType as PolicyTargetType, targetId: m.targetId, enforcementLevel: m.enforcementLevel as EnforcementLevel })),
    groupMappings,
  );
  if (levels.size === 0) return [];
  const definitions = await policyDefinitions(scope, [...levels.keys()]);
  // A policy deleted since it was mapped is not in force.
  return [...levels].flatMap(([id, level]) => {
    const policy = definitions.get(id);
    return policy ? [{ policy, level }] : [];
  });
}

/** An OPA policy's Rego: inline, or read from its repository path now; why not when it cannot be read. */
async function regoOf(deps: ControlPoliciesDeps, organizationId: string, policy: PolicyDefinition): Promise<Pick<JobPolicy, 'rego' | 'unavailable'>> {
  const opa = policy.parameters.opa;
  const query = opa?.query ? { query: opa.query } : {};
  if (opa?.source === 'inline' && opa.rego) return { rego: { modules: { 'policy.rego': opa.rego }, ...query } };
  if (opa?.source === 'vcs' && opa.vcsInfo && deps.readRegoFiles) {
    try {
      return { rego: { modules: await deps.readRegoFiles(organizationId, opa.vcsInfo as VcsInfo), ...query } };
    } catch (error) {
      return { unavailable: `The policy's Rego could not be read: ${error instanceof Error ? error.message : String(error)}` };
    }
  }
  return { unavailable: 'The policy has no Rego module' };
}

/**
 * The control policies a plan job's runner evaluates (its spec's `controlPolicies`): the policies in
 * force on the stack read in a short read-only transaction, then the Rego of repository policies read
 * outside it. Called when the job's spec is built, never in the transaction that finishes the job.
 */
export async function controlPoliciesForJob(deps: ControlPoliciesDeps, organizationId: string, run: RunForPolicies & { stackName: string }): Promise<JobControlPolicies> {
  const inForce = await readOrganization(deps.db, organizationId, (scope) => policiesInForce(deps, scope, run));
  const policies: JobPolicy[] = [];
  for (const { policy, level } of inForce) {
    const base: JobPolicy = { id: policy.id, name: policy.name, type: policy.type, enforcementLevel: level, parameters: policy.parameters };
    policies.push(policy.type === 'opa' ? { ...base, ...(await regoOf(deps, organizationId, policy)) } : base);
  }
  return {
    input: { stack: { id: run.stackId, name: run.stackName, namespaceId: run.namespaceId }, run: { id: run.id, kind: run.kind } },
    policies,
  };
}

/**
 * The control-policies step's end (called by the runs module inside the transaction that finishes
 * the plan job): the runner's results checked against the policies the job was given (a result for
 * another policy, or a malformed one, refuses the finish; a missing one is 'Unable to Check'), with
 * the levels and severity scores of the job's policies, recorded as the run's results (and a
 * deployment's as the stack's latest), worst first. Nothing is evaluated here.
 */
export async function recordPoliciesForRun(scope: Scope, run: RunForPolicies, job: JobControlPolicies | null, reported: unknown): Promise<RunPoliciesEvaluation> {
  let results: PolicyRunResult[];
  try {
    results = checkReportedResults(job, reported);
  } catch (error) {
    if (error instanceof ReportedResultsError) throw validationError(error.message, error.field);
    throw error;
  }
  if (results.length === 0) return { outcome: 'passed', results: [] };
  const sorted = sortPolicyResultsBySeverity(results);
  // A plan checks code that may never be deployed (a pull request's branch): its results are the
  // run's, not the stack's latest, so the violations list keeps what deployments found.
  const latest = run.kind !== 'plan';
  if (latest) await supersedeResults(scope, run.stackId, sorted.map((r) => r.controlPolicyId));
  for (const r of sorted) {
    await insertResult(scope, {
      runId: run.id,
      runKind: run.kind,
      stackId: run.stackId,
      stackName: job?.input.stack.name ?? null,
      namespaceId: run.namespaceId,
      controlPolicyId: r.controlPolicyId,
      policyName: r.policyName,
      policyType: r.policyType,
      enforcementLevel: r.enforcementLevel,
      status: r.status,
      severityScore: r.severityScore,
      failedResources: r.failedResources,
      errorMessage: r.errorMessage ?? null,
      result: (r.result ?? null) as never,
      isLatest: latest,
    });
  }
  // The raw OPA result stays in policy_results (GET /controlpolicy/opaResult), not in the run's step.
  return { outcome: outcomeOf(sorted), results: sorted.map(({ result: _raw, ...shown }) => shown) };
}

/** Removes the mappings on a deleted target; each policy or group that lost one gets an audit row. */
async function removeMappingsOn(scope: Scope, initiator: AuditInitiator, targetType: PolicyTargetType, targetId: string): Promise<void> {
  for (const id of await deleteMappingsOfTarget(scope, targetType, targetId)) {
    await recordAudit(scope, initiator, { entityType: targetType === 'namespace' && id.startsWith('pol-') ? 'controlPolicyNamespaceMapping' : 'controlPolicy', entityId: id, action: targetType === 'namespace' && id.startsWith('pol-') ? 'delete' : 'update' });
  }
}

/** A deleted stack takes its policy results and the mappings on it along (stacks module, in its transaction). */
export async function removePoliciesOfStack(scope: Scope, initiator: AuditInitiator, stackId: string): Promise<void> {
  await deleteResultsOfStack(scope, stackId);
  await removeMappingsOn(scope, initiator, 'stack', stackId);
}

/** A deleted namespace takes the mappings on it along (namespaces module, in its transaction). */
export async function removePoliciesOfNamespace(scope: Scope, initiator: AuditInitiator, namespaceId: string): Promise<void> {
  await removeMappingsOn(scope, initiator, 'namespace', namespaceId);
}

// ---------------------------------------------------------------------------------------------
// OPA results and violations

export async function getOpaResult(deps: ControlPoliciesDeps, actor: Actor, query: { controlPolicyId?: string | undefined; runId: string }): Promise<Schemas['OpaResult']> {
  // The run's stack decides who may read it (the runs module checks stack:read and answers 404 for another organization's run).
  if (deps.requireRunReadable) await deps.requireRunReadable(actor, query.runId);
  else await deps.engine.require(actor, 'stack:read');
  if (!query.controlPolicyId) throw validationError("'controlPolicyId' is required", 'controlPolicyId');
  const controlPolicyId = query.controlPolicyId;
  const row = await readOrganization(deps.db, actor.organizationId, (scope) => findResult(scope, query.runId, controlPolicyId));
  if (!row) throw notFound('OPA result', `${controlPolicyId} in ${query.runId}`);
  return {
    controlPolicyId: row.controlPolicyId,
    runId: row.runId,
    status: row.status as Schemas['OpaResult']['status'],
    ...(row.result !== null ? { result: row.result } : {}),
    violations: row.failedResources.map((f) => ({ message: f.message ?? '', ...(f.address ? { resource: f.address } : {}) })),
  };
}

function toViolation(row: ResultRow): Schemas['PolicyViolation'] {
  return {
    stackId: row.stackId,
    ...(row.stackName ? { stackName: row.stackName } : {}),
    namespaceId: row.namespaceId,
    controlPolicyId: row.controlPolicyId,
    policyName: row.policyName,
    policyType: row.policyType as Schemas['ControlPolicyType'],
    runId: row.runId,
    runKind: row.runKind,
    status: row.status as Schemas['PolicyCheckStatus'],
    enforcementLevel: row.enforcementLevel as EnforcementLevel,
    severityScore: row.severityScore,
    failedResources: row.failedResources,
    ...(row.errorMessage ? { errorMessage: row.errorMessage } : {}),
    checkedAt: row.createdAt.toISOString(),
  };
}

/** Every stack's latest failed (or unable to check) policy checks, worst first. */
export async function listPolicyViolations(
  deps: ControlPoliciesDeps,
  actor: Actor,
  query: PageRequest & { controlPolicyId?: string | undefined; stackId?: string | undefined; namespaceId?: string | undefined; enforcementLevel?: string | undefined; status?: string | undefined },
) {
  await deps.engine.require(actor, 'controlPolicy:read');
  const filter = {
    latest: true as const,
    ...(query.status ? { status: query.status } : { failing: true as const }),
    ...(query.controlPolicyId ? { controlPolicyId: query.controlPolicyId } : {}),
    ...(query.stackId ? { stackId: query.stackId } : {}),
    ...(query.namespaceId ? { namespaceId: query.namespaceId } : {}),
    ...(query.enforcementLevel ? { enforcementLevel: query.enforcementLevel } : {}),
  };
  const page = await readOrganization(deps.db, actor.organizationId, (scope) => listViolations(scope, filter, query));
  return { items: page.rows.map(toViolation), paging: pagingOf(query, page.total) };
}
