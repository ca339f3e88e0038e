import { and, asc, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { Scope } from '../../db/scope';
import { variables } from './variables.schema';

export type VariableRow = typeof variables.$inferSelect;
export type NewVariableRow = Omit<typeof variables.$inferInsert, 'organizationId'>;
export type VariableChanges = Partial<Omit<NewVariableRow, 'id' | 'createdAt' | 'createdBy' | 'scope' | 'scopeId'>>;

/** One place variables are set: a scope and its id (null at organization scope). */
export interface ScopeRef {
  scope: string;
  scopeId: string | null;
}

const order = [asc(variables.key), asc(variables.type), asc(variables.id)];

function at(place: ScopeRef): SQL {
  return and(eq(variables.scope, place.scope), place.scopeId === null ? isNull(variables.scopeId) : eq(variables.scopeId, place.scopeId)) as SQL;
}

export function findVariable(scope: Scope, id: string): Promise<VariableRow | undefined> {
  return scope.first(variables, eq(variables.id, id));
}

export function findVariablesByIds(scope: Scope, ids: string[]): Promise<VariableRow[]> {
  return scope.select(variables, inArray(variables.id, ids), { orderBy: order });
}

/** The variables set at any of these places (a stack's chain of scopes). */
export function listVariablesAt(scope: Scope, places: ScopeRef[]): Promise<VariableRow[]> {
  if (places.length === 0) return Promise.resolve([]);
  return scope.select(variables, or(...places.map(at)) as SQL, { orderBy: order });
}

/** Every variable of the organization. */
export function listAllVariables(scope: Scope): Promise<VariableRow[]> {
  return scope.select(variables, undefined, { orderBy: [asc(variables.scope), ...order] });
}

/** The variables of one key and type at any of these places. */
export function findKeyAt(scope: Scope, places: ScopeRef[], type: string, key: string): Promise<VariableRow[]> {
  if (places.length === 0) return Promise.resolve([]);
  return scope.select(variables, and(eq(variables.type, type), eq(variables.key, key), or(...places.map(at))) as SQL, { orderBy: order });
}

/** The variables of one key and type anywhere in the organization. */
export function findKeyEverywhere(scope: Scope, type: string, key: string): Promise<VariableRow[]> {
  return scope.select(variables, and(eq(variables.type, type), eq(variables.key, key)) as SQL, { orderBy: order });
}

export function insertVariable(scope: Scope, row: NewVariableRow): Promise<VariableRow> {
  return scope.insert(variables, row);
}

export async function updateVariable(scope: Scope, id: string, changes: VariableChanges): Promise<VariableRow | undefined> {
  const [row] = await scope.update(variables, changes, eq(variables.id, id));
  return row;
}

export async function deleteVariable(scope: Scope, id: string): Promise<VariableRow | undefined> {
  const [row] = await scope.delete(variables, eq(variables.id, id));
  return row;
}

/** Removes every variable of one place (its namespace, stack, template or blueprint was deleted). */
export function deleteVariablesAt(scope: Scope, place: ScopeRef): Promise<VariableRow[]> {
  return scope.delete(variables, at(place));
}
