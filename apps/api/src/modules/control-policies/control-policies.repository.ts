import { and, asc, desc, eq, inArray, ne, or, type SQL } from 'drizzle-orm';
import { anyOf, equals, namedList, pagedList, type NamedFilter, type Page, type PageRequest } from '../../db/paged-list';
import type { NewRow, Scope } from '../../db/scope';
import { controlPolicies, controlPolicyGroupMappings, controlPolicyGroups, controlPolicyMappings, policyResults } from './control-policies.schema';

export type PolicyRow = typeof controlPolicies.$inferSelect;
export type GroupRow = typeof controlPolicyGroups.$inferSelect;
export type MappingRow = typeof controlPolicyMappings.$inferSelect;
export type GroupMappingRow = typeof controlPolicyGroupMappings.$inferSelect;
export type ResultRow = typeof policyResults.$inferSelect;

// --- policies

export const findPolicy = (scope: Scope, id: string) => scope.first(controlPolicies, eq(controlPolicies.id, id));
export const findPoliciesByIds = (scope: Scope, ids: string[]) =>
  ids.length ? scope.select(controlPolicies, inArray(controlPolicies.id, ids)) : Promise.resolve([] as PolicyRow[]);

export interface PolicyFilter extends NamedFilter {
  type: string;
  /** Only these ids (a severity filter, resolved through the groups). */
  ids: string[];
}

// By name (unique in the organization, on control_policies_org_name).
const policyList = namedList<typeof controlPolicies, PolicyFilter>('control_policies', controlPolicies, {
  type: equals(controlPolicies.type),
  ids: anyOf(controlPolicies.id),
});

export const listPolicies = (scope: Scope, filter: Partial<PolicyFilter>, request: PageRequest): Promise<Page<PolicyRow>> => scope.page(policyList, filter, request);

export const insertPolicy = (scope: Scope, row: NewRow<typeof controlPolicies>) => scope.insert(controlPolicies, row);
export const updatePolicy = async (scope: Scope, id: string, changes: Partial<NewRow<typeof controlPolicies>>) =>
  (await scope.update(controlPolicies, changes, eq(controlPolicies.id, id)))[0];
export const deletePolicy = async (scope: Scope, id: string) => (await scope.delete(controlPolicies, eq(controlPolicies.id, id)))[0];
export const lockPolicy = (scope: Scope, id: string) => scope.lockFirst(controlPolicies, eq(controlPolicies.id, id), 'key share');
export const lockPolicyForDelete = (scope: Scope, id: string) => scope.lockFirst(controlPolicies, eq(controlPolicies.id, id), 'update');

// --- groups

export const findGroup = (scope: Scope, id: string) => scope.first(controlPolicyGroups, eq(controlPolicyGroups.id, id));
export const findGroupsByIds = (scope: Scope, ids: string[]) =>
  ids.length ? scope.select(controlPolicyGroups, inArray(controlPolicyGroups.id, ids)) : Promise.resolve([] as GroupRow[]);
export const listGroups = (scope: Scope, id?: string) =>
  scope.select(controlPolicyGroups, id ? eq(controlPolicyGroups.id, id) : undefined, { orderBy: [asc(controlPolicyGroups.name), asc(controlPolicyGroups.id)] });
export const allGroups = (scope: Scope) => scope.select(controlPolicyGroups);
export const insertGroup = (scope: Scope, row: NewRow<typeof controlPolicyGroups>) => scope.insert(controlPolicyGroups, row);
export const updateGroup = async (scope: Scope, id: string, changes: Partial<NewRow<typeof controlPolicyGroups>>) =>
  (await scope.update(controlPolicyGroups, changes, eq(controlPolicyGroups.id, id)))[0];
export const deleteGroup = async (scope: Scope, id: string) => (await scope.delete(controlPolicyGroups, eq(controlPolicyGroups.id, id)))[0];
export const lockGroup = (scope: Scope, id: string) => scope.lockFirst(controlPolicyGroups, eq(controlPolicyGroups.id, id), 'key share');

// --- mappings

export interface MappingFilter {
  controlPolicyId?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
}

export function listMappings(scope: Scope, filter: MappingFilter): Promise<MappingRow[]> {
  const conditions = [
    filter.controlPolicyId ? eq(controlPolicyMappings.controlPolicyId, filter.controlPolicyId) : undefined,
    filter.targetType ? eq(controlPolicyMappings.targetType, filter.targetType) : undefined,
    filter.targetId ? eq(controlPolicyMappings.targetId, filter.targetId) : undefined,
  ].filter(Boolean) as SQL[];
  return scope.select(controlPolicyMappings, conditions.length ? (and(...conditions) as SQL) : undefined, {
    orderBy: [asc(controlPolicyMappings.controlPolicyId), asc(controlPolicyMappings.targetType), asc(controlPolicyMappings.targetId)],
  });
}

const mappingKey = (key: Required<MappingFilter>) =>
  and(eq(controlPolicyMappings.controlPolicyId, key.controlPolicyId), eq(controlPolicyMappings.targetType, key.targetType), eq(controlPolicyMappings.targetId, key.targetId)) as SQL;

export const insertMapping = (scope: Scope, row: NewRow<typeof controlPolicyMappings>) => scope.insert(controlPolicyMappings, row);
export const findMapping = (scope: Scope, key: Required<MappingFilter>) => scope.first(controlPolicyMappings, mappingKey(key));
export const updateMappingLevel = async (scope: Scope, key: Required<MappingFilter>, enforcementLevel: string) =>
  (await scope.update(controlPolicyMappings, { enforcementLevel }, mappingKey(key)))[0];
export const deleteMapping = async (scope: Scope, key: Required<MappingFilter>) => (await scope.delete(controlPolicyMappings, mappingKey(key)))[0];
export const deleteMappingsOfPolicy = (scope: Scope, controlPolicyId: string) => scope.delete(controlPolicyMappings, eq(controlPolicyMappings.controlPolicyId, controlPolicyId));
/** Removes every mapping on a target; answers the ids of the policies and groups that were mapped there. */
export const deleteMappingsOfTarget = async (scope: Scope, targetType: string, targetId: string): Promise<string[]> => {
  const policies = await scope.delete(controlPolicyMappings, and(eq(controlPolicyMappings.targetType, targetType), eq(controlPolicyMappings.targetId, targetId)) as SQL);
  const groups = await scope.delete(controlPolicyGroupMappings, and(eq(controlPolicyGroupMappings.targetType, targetType), eq(controlPolicyGroupMappings.targetId, targetId)) as SQL);
  return [...new Set([...policies.map((m) => m.controlPolicyId), ...groups.map((m) => m.controlPolicyGroupId)])];
};

/** The mappings that may reach a stack: those on any of these targets. */
export function mappingsOnTargets(scope: Scope, targets: { targetType: string; targetId: string }[]) {
  const on = (t: { targetType: string; targetId: string }, type: typeof controlPolicyMappings | typeof controlPolicyGroupMappings) =>
    and(eq(type.targetType, t.targetType), eq(type.targetId, t.targetId)) as SQL;
  return Promise.all([
    scope.select(controlPolicyMappings, or(...targets.map((t) => on(t, controlPolicyMappings))) as SQL),
    scope.select(controlPolicyGroupMappings, or(...targets.map((t) => on(t, controlPolicyGroupMappings))) as SQL),
  ]);
}

// --- group mappings

export interface GroupMappingFilter {
  controlPolicyGroupId?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
}

export function listGroupMappings(scope: Scope, filter: GroupMappingFilter): Promise<GroupMappingRow[]> {
  const conditions = [
    filter.controlPolicyGroupId ? eq(controlPolicyGroupMappings.controlPolicyGroupId, filter.controlPolicyGroupId) : undefined,
    filter.targetType ? eq(controlPolicyGroupMappings.targetType, filter.targetType) : undefined,
    filter.targetId ? eq(controlPolicyGroupMappings.targetId, filter.targetId) : undefined,
  ].filter(Boolean) as SQL[];
  return scope.select(controlPolicyGroupMappings, conditions.length ? (and(...conditions) as SQL) : undefined, {
    orderBy: [asc(controlPolicyGroupMappings.controlPolicyGroupId), asc(controlPolicyGroupMappings.targetType), asc(controlPolicyGroupMappings.targetId)],
  });
}

const groupMappingKey = (key: Required<GroupMappingFilter>) =>
  and(
    eq(controlPolicyGroupMappings.controlPolicyGroupId, key.controlPolicyGroupId),
    eq(controlPolicyGroupMappings.targetType, key.targetType),
    eq(controlPolicyGroupMappings.targetId, key.targetId),
  ) as SQL;

export const insertGroupMapping = (scope: Scope, row: NewRow<typeof controlPolicyGroupMappings>) => scope.insert(controlPolicyGroupMappings, row);
export const findGroupMapping = (scope: Scope, key: Required<GroupMappingFilter>) => scope.first(controlPolicyGroupMappings, groupMappingKey(key));
export const updateGroupMapping = async (scope: Scope, key: Required<GroupMappingFilter>, changes: Partial<NewRow<typeof controlPolicyGroupMappings>>) =>
  (await scope.update(controlPolicyGroupMappings, changes, groupMappingKey(key)))[0];
export const deleteGroupMapping = async (scope: Scope, key: Required<GroupMappingFilter>) => (await scope.delete(controlPolicyGroupMappings, groupMappingKey(key)))[0];
export const deleteMappingsOfGroup = (scope: Scope, groupId: string) =>
  scope.delete(controlPolicyGroupMappings, eq(controlPolicyGroupMappings.controlPolicyGroupId, groupId));

// --- results

export const insertResult = (scope: Scope, row: NewRow<typeof policyResults>) => scope.insert(policyResults, row);
/** The stack's earlier checks of these policies are no longer its latest. */
export const supersedeResults = (scope: Scope, stackId: string, policyIds: string[]) =>
  policyIds.length
    ? scope.update(policyResults, { isLatest: false }, and(eq(policyResults.stackId, stackId), eq(policyResults.isLatest, true), inArray(policyResults.controlPolicyId, policyIds)) as SQL)
    : Promise.resolve([]);
export const findResult = (scope: Scope, runId: string, controlPolicyId: string) =>
  scope.first(policyResults, and(eq(policyResults.runId, runId), eq(policyResults.controlPolicyId, controlPolicyId)) as SQL);
export const deleteResultsOfStack = (scope: Scope, stackId: string) => scope.delete(policyResults, eq(policyResults.stackId, stackId));

export interface ViolationFilter {
  latest: true;
  failing: true;
  controlPolicyId: string;
  stackId: string;
  namespaceId: string;
  enforcementLevel: string;
  status: string;
}

// Worst first (severity score), then newest.
const violationList = pagedList<typeof policyResults, ViolationFilter>({
  name: 'policy_violations',
  table: policyResults,
  orderBy: [desc(policyResults.severityScore), desc(policyResults.createdAt), asc(policyResults.id)],
  filters: {
    latest: () => eq(policyResults.isLatest, true),
    failing: () => ne(policyResults.status, 'passed'),
    controlPolicyId: (v) => eq(policyResults.controlPolicyId, v),
    stackId: (v) => eq(policyResults.stackId, v),
    namespaceId: (v) => eq(policyResults.namespaceId, v),
    enforcementLevel: (v) => eq(policyResults.enforcementLevel, v),
    status: (v) => eq(policyResults.status, v),
  },
});

export function listViolations(scope: Scope, filter: Partial<ViolationFilter>, request: PageRequest): Promise<Page<ResultRow>> {
  return scope.page(violationList, filter, request);
}
