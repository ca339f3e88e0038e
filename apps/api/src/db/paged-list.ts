import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Placeholder } from 'drizzle-orm/sql';
import type { Database, Transaction } from './database';
import type { TenantTable } from './scope';

/** The paging of a list request (the validator fills in the description's defaults). */
export interface PageRequest {
  page: number;
  pageSize: number;
}

/** One page of rows and the total the filter matches. */
export interface Page<Row> {
  rows: Row[];
  total: number;
}

/** The envelope's `paging` of a page. */
export const pagingOf = (request: PageRequest, total: number) => ({ page: request.page, pageSize: request.pageSize, total });

/** A filter's condition on its value's placeholder (`= any(…)` for a list of values). */
export type FilterCondition = (value: Placeholder) => SQL;

export interface PagedListDefinition<T extends TenantTable, F extends object> {
  /** Prefix of the prepared statements' names; unique among the lists of the server. */
  name: string;
  table: T;
  /** The order of the page; end it with a unique column so pages never overlap. */
  orderBy: (SQL | PgColumn)[];
  /** Per filter, its condition; a filter absent (undefined) from a request adds none. */
  filters: { [K in keyof F]-?: FilterCondition };
}

type Executor = Database | Transaction;
type Row<T extends TenantTable> = T['$inferSelect'];
interface Statements<T extends TenantTable> {
  page: { execute(values: Record<string, unknown>): Promise<Row<T>[]> };
  count: { execute(values: Record<string, unknown>): Promise<{ n: number }[]> };
}

/**
 * A list of a tenant table with its count, built the way every list of the API is: the page
 * (`ORDER BY … LIMIT … OFFSET …`) and `count(*)` of the same filter run at the same time on two
 * pooled connections, each as a named prepared statement — PostgreSQL parses and plans it once
 * per connection, and no statement is rebuilt per request. Each combination of present filters
 * is its own pair of statements, made on first use.
 *
 * Read it through `Scope.page`, which adds the organization.
 */
export class PagedList<T extends TenantTable, F extends object> {
  readonly #statements = new WeakMap<Executor, Map<string, Statements<T>>>();

  constructor(readonly definition: PagedListDefinition<T, F>) {}

  async read(executor: Executor, organizationId: string, filter: Partial<F>, request: PageRequest): Promise<Page<Row<T>>> {
    const present = (Object.keys(this.definition.filters) as (keyof F & string)[]).filter((k) => filter[k] !== undefined);
    const statements = this.#prepared(executor, present);
    const values: Record<string, unknown> = { organizationId };
    for (const key of present) values[key] = filter[key];
    const [rows, [counted]] = await Promise.all([
      statements.page.execute({ ...values, limit: request.pageSize, offset: (request.page - 1) * request.pageSize }),
      statements.count.execute(values),
    ]);
    return { rows, total: counted?.n ?? 0 };
  }

  #prepared(executor: Executor, present: string[]): Statements<T> {
    let byKey = this.#statements.get(executor);
    if (!byKey) {
      byKey = new Map();
      this.#statements.set(executor, byKey);
    }
    const key = present.join(',');
    let statements = byKey.get(key);
    if (!statements) {
      const { table, orderBy, filters, name } = this.definition;
      const where = and(
        eq(table.organizationId, sql.placeholder('organizationId')),
        ...present.map((k) => (filters as Record<string, FilterCondition>)[k]?.(sql.placeholder(k))),
      );
      // Statement names are per connection; the filter combination is part of the name.
      const suffix = present.length ? `_${present.join('_')}` : '';
      statements = {
        page: executor
          .select()
          .from(table as TenantTable)
          .where(where)
          .orderBy(...orderBy)
          .limit(sql.placeholder('limit'))
          .offset(sql.placeholder('offset'))
          .prepare(`${name}_page${suffix}`) as unknown as Statements<T>['page'],
        count: executor
          .select({ n: count() })
          .from(table as TenantTable)
          .where(where)
          .prepare(`${name}_count${suffix}`),
      };
      byKey.set(key, statements);
    }
    return statements;
  }
}

/** Defines a paged list (once, at module level, next to its repository). */
export const pagedList = <T extends TenantTable, F extends object>(definition: PagedListDefinition<T, F>) =>
  new PagedList<T, F>(definition);

/** The condition of a filter on a list of values: `column = any($n)` (one statement for any length). */
export const anyOf = (column: PgColumn) => (values: Placeholder) => sql`${column} = any(${values})`;
