import { and, asc, desc, eq, inArray, isNull, lte, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Placeholder } from 'drizzle-orm/sql';
import { contains, equals, pagedList, type ListRow, type Page, type PageRequest } from '../../db/paged-list';
import type { Database } from '../../db/database';
import type { NewRow, RowChanges, Scope } from '../../db/scope';
import { namespaceSettingsRelation } from '../namespaces/namespaces.service';
import { stacks } from './stacks.schema';

export type StackRow = typeof stacks.$inferSelect;
export type NewStackRow = NewRow<typeof stacks>;
export type StackChanges = RowChanges<typeof stacks>;

export interface StackFilter {
  stackId: string;
  stackName: string;
  namespaceId: string;
  templateId: string;
  blueprintId: string;
  iacType: string;
  driftState: string;
  errorState: string;
  status: string;
  /** Case-insensitive part of the name. */
  search: string;
  /** The engine's `visibleStacks` tokens (namespace-only users, own-stack restrictions). */
  visible: string[];
}

export type StackSortField = 'name' | 'createdAt' | 'updatedAt' | 'latestRunAt';
export type SortOrder = 'asc' | 'desc';

// One condition on one placeholder: a stack is visible through its namespace, itself, or (own-stack
// read restrictions) `own:<namespace|stack|*>` when its creator's `by:<user>` token is present.
export const visibleCondition = (v: Placeholder | SQLWrapper): SQL => sql`(
  ${stacks.namespaceId} = any(${v}) or ${stacks.id} = any(${v})
  or (('own:*' = any(${v}) or ('own:' || ${stacks.namespaceId}) = any(${v}) or ('own:' || ${stacks.id}) = any(${v}))
      and ('by:' || ${stacks.createdBy}) = any(${v})))`;

const filters = {
  stackId: equals(stacks.id),
  stackName: equals(stacks.name),
  namespaceId: equals(stacks.namespaceId),
  templateId: equals(stacks.templateId),
  blueprintId: equals(stacks.blueprintId),
  iacType: equals(stacks.iacType),
  driftState: equals(stacks.driftState),
  // An ephemeral stack past its time to live is in stackPassedItsTTL from that moment on, without
  // waiting for a sweep (the same rule as `effectiveErrorState`).
  errorState: (v: Placeholder) =>
    sql`(case when ${stacks.errorState} = 'ok' and ${stacks.expiresAt} < now() then 'stackPassedItsTTL' else ${stacks.errorState} end) = ${v}`,
  status: equals(stacks.latestRunStatus),
  search: contains(stacks.name),
  visible: visibleCondition,
};

const sortColumns: Record<StackSortField, PgColumn> = {
  name: stacks.name,
  createdAt: stacks.createdAt,
  updatedAt: stacks.updatedAt,
  latestRunAt: stacks.latestRunAt,
};

// Every row is read with what it inherits from its namespace (one statement for the page).
type StackRelations = { namespace: typeof namespaceSettingsRelation };
const related = { namespace: { relation: namespaceSettingsRelation, via: stacks.namespaceId } };
export type StackListRow = ListRow<typeof stacks, StackRelations>;

// One list per order (each on its index, ending with the unique id); never-run stacks sort last.
const lists = Object.fromEntries(
  (Object.keys(sortColumns) as StackSortField[]).flatMap((field) =>
    (['asc', 'desc'] as const).map((order) => {
      const column = sortColumns[field];
      const orderBy =
        field === 'latestRunAt'
          ? [order === 'asc' ? sql`${column} asc nulls last` : sql`${column} desc nulls last`, order === 'asc' ? asc(stacks.id) : desc(stacks.id)]
          : [order === 'asc' ? asc(column) : desc(column), order === 'asc' ? asc(stacks.id) : desc(stacks.id)];
      return [`${field}:${order}`, pagedList<typeof stacks, StackFilter, StackRelations>({ name: `stacks_${field}_${order}`, table: stacks, orderBy, filters, related })];
    }),
  ),
);

/** The lists by `sortBy:sortOrder` (tools/bench/api-bench.mjs EXPLAINs their statements). */
export { lists as stackLists };

export function listStacks(
  scope: Scope,
  filter: Partial<StackFilter>,
  request: PageRequest & { sortBy: StackSortField; sortOrder: SortOrder },
): Promise<Page<StackListRow>> {
  const list = lists[`${request.sortBy}:${request.sortOrder}`];
  if (!list) throw new Error(`no stack list ordered by ${request.sortBy} ${request.sortOrder}`);
  return scope.page(list, filter, request);
}

export const findStack = (scope: Scope, id: string): Promise<StackRow | undefined> => scope.first(stacks, eq(stacks.id, id));

/**
 * The stack, locked until the transaction ends: `update` to change, move or delete it; `key share`
 * while something is put on it (a variable), so it is not deleted meanwhile.
 */
export const lockStack = (scope: Scope, id: string, strength: 'update' | 'key share' = 'update'): Promise<StackRow | undefined> =>
  scope.lockFirst(stacks, eq(stacks.id, id), strength);

export const findStackByName = (scope: Scope, namespaceId: string, name: string): Promise<StackRow | undefined> =>
  scope.first(stacks, sql`${stacks.namespaceId} = ${namespaceId} and ${stacks.name} = ${name}`);

export const insertStack = (scope: Scope, row: NewStackRow): Promise<StackRow> => scope.insert(stacks, row);

export async function updateStack(scope: Scope, id: string, changes: StackChanges): Promise<StackRow | undefined> {
  const [row] = await scope.update(stacks, changes, eq(stacks.id, id));
  return row;
}

export async function deleteStack(scope: Scope, id: string): Promise<StackRow | undefined> {
  const [row] = await scope.delete(stacks, eq(stacks.id, id));
  return row;
}

/** How many stacks read their code through a VCS provider (the provider may not be deleted then). */
export const countStacksUsingProvider = (scope: Scope, providerId: string): Promise<number> =>
  scope.count(stacks, sql`${stacks.data} -> 'vcsInfo' ->> 'providerId' = ${providerId}`);

/** How many stacks a namespace holds and the first names (on stacks_org_ns_name_key). */
export async function stacksInNamespace(scope: Scope, namespaceId: string, names: number): Promise<{ count: number; names: string[] }> {
  const condition = eq(stacks.namespaceId, namespaceId);
  // One after the other: inside a transaction both go through its one connection anyway.
  const count = await scope.count(stacks, condition);
  const rows = count > 0 ? await scope.select(stacks, condition, { orderBy: [asc(stacks.name)], limit: names }) : [];
  return { count, names: rows.map((row) => row.name) };
}

/**
 * Ephemeral stacks of every organization whose time to live ended by `now`, not in an error state
 * yet and with no run holding them (the time-to-live job of the templates module), oldest expiry first.
 */
export async function stacksPastTtl(db: Database, now: Date, limit: number, organizationId?: string) {
  return db
    .select({ id: stacks.id, organizationId: stacks.organizationId, name: stacks.name, templateId: stacks.templateId, expiresAt: stacks.expiresAt })
    .from(stacks)
    // A stack whose run mutex is held (its destroy under way, or a run the destroy would wait for) is
    // left for a later pass; one whose TTL destroy failed waits for its TTL to be extended. Other
    // error states (a failed drift check, say) do not keep a stack past its time to live.
    .where(
      and(
        inArray(stacks.stackType, ['ephemeral', 'ephemeralManaged']),
        ne(stacks.errorState, 'stackPassedItsTTL'),
        lte(stacks.expiresAt, now),
        isNull(stacks.activeRunId),
        organizationId ? eq(stacks.organizationId, organizationId) : undefined,
      ),
    )
    .orderBy(asc(stacks.expiresAt))
    .limit(limit);
}
