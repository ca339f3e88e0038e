import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database';
import type { Scope } from '../../db/scope';
import { stackDependencies } from './stack-dependencies.schema';

export type StackDependencyRow = typeof stackDependencies.$inferSelect;
export type NewStackDependencyRow = Omit<typeof stackDependencies.$inferInsert, 'organizationId'>;
export type StackDependencyChanges = Partial<Pick<NewStackDependencyRow, 'stackId' | 'dependsOnStackId' | 'references' | 'triggerOption'>>;

type Executor = Database | Transaction;

export interface DependencyFilter {
  stackId?: string | undefined;
  dependsOnStackId?: string | undefined;
}

export function listDependencies(scope: Scope, filter: DependencyFilter): Promise<StackDependencyRow[]> {
  const conditions: SQL[] = [];
  if (filter.stackId) conditions.push(eq(stackDependencies.stackId, filter.stackId));
  if (filter.dependsOnStackId) conditions.push(eq(stackDependencies.dependsOnStackId, filter.dependsOnStackId));
  return scope.select(stackDependencies, conditions.length ? (and(...conditions) as SQL) : undefined, {
    orderBy: [asc(stackDependencies.createdAt), asc(stackDependencies.id)],
  });
}

export const findDependency = (scope: Scope, id: string) => scope.first(stackDependencies, eq(stackDependencies.id, id));
export const lockDependency = (scope: Scope, id: string) => scope.lockFirst(stackDependencies, eq(stackDependencies.id, id), 'update');
export const insertDependency = (scope: Scope, row: NewStackDependencyRow) => scope.insert(stackDependencies, row);

export async function updateDependency(scope: Scope, id: string, changes: StackDependencyChanges): Promise<StackDependencyRow | undefined> {
  const [row] = await scope.update(stackDependencies, changes, eq(stackDependencies.id, id));
  return row;
}

export async function deleteDependency(scope: Scope, id: string): Promise<StackDependencyRow | undefined> {
  const [row] = await scope.delete(stackDependencies, eq(stackDependencies.id, id));
  return row;
}

/** Every edge in or out of the stack (removed with it). */
export const deleteEdgesOfStack = (scope: Scope, stackId: string) =>
  scope.delete(stackDependencies, or(eq(stackDependencies.stackId, stackId), eq(stackDependencies.dependsOnStackId, stackId)) as SQL);

/** Edges whose both ends are among the stacks. */
export const edgesAmong = (scope: Scope, stackIds: string[]) =>
  stackIds.length
    ? scope.select(stackDependencies, and(inArray(stackDependencies.stackId, stackIds), inArray(stackDependencies.dependsOnStackId, stackIds)) as SQL, {
        orderBy: [asc(stackDependencies.createdAt), asc(stackDependencies.id)],
      })
    : Promise.resolve([]);

/** Edges with either end among the stacks. */
export const edgesTouching = (scope: Scope, stackIds: string[]) =>
  stackIds.length
    ? scope.select(stackDependencies, or(inArray(stackDependencies.stackId, stackIds), inArray(stackDependencies.dependsOnStackId, stackIds)) as SQL)
    : Promise.resolve([]);

/**
 * Serialises every change of the organization's dependency graph: two edges inserted at once
 * (A→B and B→A) cannot both pass the cycle check, since the second waits for the first to commit.
 */
export async function lockGraph(tx: Executor, organizationId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`stack-dependencies:${organizationId}`}))`);
}

/**
 * Whether `dependsOnStackId` already depends (transitively) on `stackId`: adding stackId →
 * dependsOnStackId would then close a cycle. `ignoreId` leaves out the edge being updated.
 */
export async function reaches(tx: Executor, organizationId: string, from: string, to: string, ignoreId: string | null): Promise<boolean> {
  const result = await tx.execute<{ found: boolean }>(sql`
    with recursive up(id) as (
      select d.depends_on_stack_id from stack_dependencies d
        where d.organization_id = ${organizationId} and d.stack_id = ${from} and d.id is distinct from ${ignoreId}
      union
      select d.depends_on_stack_id from stack_dependencies d join up on d.stack_id = up.id
        where d.organization_id = ${organizationId} and d.id is distinct from ${ignoreId}
    )
    select exists (select 1 from up where id = ${to}) as found`);
  return result.rows[0]?.found === true;
}

/** The stacks connected to `stackId` through dependencies in either direction (itself included). */
export async function connectedStackIds(tx: Executor, organizationId: string, stackId: string): Promise<string[]> {
  const result = await tx.execute<{ id: string }>(sql`
    with recursive component(id) as (
      select ${stackId}::text
      union
      select case when d.stack_id = c.id then d.depends_on_stack_id else d.stack_id end
        from stack_dependencies d join component c on d.stack_id = c.id or d.depends_on_stack_id = c.id
        where d.organization_id = ${organizationId}
    )
    select id from component`);
  return result.rows.map((r) => r.id);
}
