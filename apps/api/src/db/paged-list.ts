import { asc, Column, getTableColumns, is, sql, type SQL } from 'drizzle-orm';
import { alias, PgDialect, PgTimestamp, type PgColumn } from 'drizzle-orm/pg-core';
import { Param, Placeholder } from 'drizzle-orm/sql';
import type { Database, Transaction } from './database';
import { parseTimestamptz } from './pg-time';
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

/**
 * A page of a list followed by rows kept outside the database (the managed ones, listed after the
 * organization's own): the page's rows, then as many of `after` as the page has room for, and the
 * total of both. The list's one statement still answers the page and its count.
 */
export function pageFollowedBy<A, B>(page: Page<A>, request: PageRequest, after: readonly B[]): Page<A | B> {
  const offset = (request.page - 1) * request.pageSize;
  const start = Math.max(0, offset - page.total);
  const room = request.pageSize - page.rows.length;
  return { rows: [...page.rows, ...after.slice(start, start + Math.max(0, room))], total: page.total + after.length };
}

/** The envelope's `paging` of a page. */
export const pagingOf = (request: PageRequest, total: number) => ({ page: request.page, pageSize: request.pageSize, total });

/** A filter's condition on its value's placeholder (`= any(…)` for a list of values). */
export type FilterCondition = (value: Placeholder) => SQL;

/** A tenant table whose rows other lists may read with theirs (by `id`). */
export type RelatedTable = TenantTable & { id: PgColumn };

/**
 * Some columns of another table's row, read with each row of a list in the same statement (a join
 * on the row's id, in the same organization). The module owning the table declares it (which
 * columns other modules may read); the list names the column that holds the id.
 */
export interface Relation<R extends RelatedTable = RelatedTable, K extends keyof R['$inferSelect'] & string = keyof R['$inferSelect'] & string> {
  table: R;
  columns: readonly K[];
}

/** Declares a relation (see Relation), next to the table's repository. */
export const relation = <R extends RelatedTable, K extends keyof R['$inferSelect'] & string>(table: R, columns: readonly K[]): Relation<R, K> => ({
  table,
  columns,
});

/** The related row as a list reads it: its id and the relation's columns. */
export type RelatedRow<Rel> = Rel extends Relation<infer R, infer K> ? Pick<R['$inferSelect'], K | 'id'> : never;

export interface PagedListDefinition<T extends TenantTable, F extends object, J extends Record<string, Relation> = Record<never, Relation>> {
  /** Prefix of the prepared statements' names; unique among the lists of the server. */
  name: string;
  table: T;
  /** The order of the page; end it with a unique column so pages never overlap. */
  orderBy: (SQL | PgColumn)[];
  /** Per filter, its condition; a filter absent (undefined) from a request adds none. */
  filters: { [K in keyof F]-?: FilterCondition };
  /**
   * Rows of other tables read with each row, by the id in `via` (null when none matches in the
   * organization): `row[name]`.
   */
  related?: { [K in keyof J]: { relation: J[K]; via: PgColumn } };
}

type Executor = Database | Transaction;
type Row<T extends TenantTable> = T['$inferSelect'];
/** A row of the list: the table's row and, per relation, the related row or null. */
export type ListRow<T extends TenantTable, J extends Record<string, Relation>> = Row<T> & { [K in keyof J]: RelatedRow<J[K]> | null };

interface Runnable<R> {
  execute(values: Record<string, unknown>): Promise<R>;
}
interface Statements<Item> {
  /** The page and, on each of its rows, the total. */
  page: Runnable<Page<Item>>;
  /** The total alone, for a page past the end (no row to carry it). */
  count: Runnable<number>;
}

const dialect = new PgDialect();

/** The first placeholders of every statement, in this order; the filters' follow. */
const leadingParameters = ['organizationId', 'limit', 'offset'] as const;

/**
 * Renders a statement with one parameter per placeholder name, numbered in the order of `names`
 * ($1 the organization, $2 the page size, $3 the offset, then the filters'), constants after
 * them. Drizzle numbers every occurrence; a name used twice (the page and its count) is sent once.
 */
export function renderStatement(query: SQL, names: readonly string[]): { text: string; params: unknown[] } {
  const built = dialect.sqlToQuery(query);
  const nameOf = (p: unknown) => (is(p, Placeholder) ? p.name : is(p, Param) && is(p.value, Placeholder) ? p.value.name : undefined);
  const used = new Set(built.params.map(nameOf).filter((n): n is string => n !== undefined));
  const unknown = [...used].find((n) => !names.includes(n));
  if (unknown) throw new Error(`placeholder '${unknown}' is not a parameter of the list`);
  const numbered = names.filter((n) => used.has(n));
  const params: unknown[] = numbered.map((n) => built.params.find((p) => nameOf(p) === n));
  const numberOf = built.params.map((p) => {
    const name = nameOf(p);
    if (name !== undefined) return numbered.indexOf(name) + 1;
    params.push(p);
    return params.length;
  });
  // Drizzle writes $1…$n in order; anything else (a literal '$2' in a condition) is refused.
  let next = 1;
  const text = built.sql.replace(/\$(\d+)/g, (_, n: string) => {
    if (Number(n) !== next++) throw new Error(`unexpected parameter $${n} in: ${built.sql}`);
    return `$${numberOf[Number(n) - 1]}`;
  });
  if (next !== built.params.length + 1) throw new Error(`parameters out of step in: ${built.sql}`);
  return { text, params };
}

/**
 * How a column's value comes back from the driver, as Drizzle decodes it (timestamps as Date, and
 * so on), or none; a `timestamp with time zone` through the faster parseTimestamptz.
 */
function decoderOf(column: Column): ((value: unknown) => unknown) | undefined {
  if (is(column, PgTimestamp) && column.withTimezone) return (value) => (typeof value === 'string' ? parseTimestamptz(value) : value);
  return column.mapFromDriverValue === Column.prototype.mapFromDriverValue ? undefined : (value) => column.mapFromDriverValue(value);
}

/**
 * Reads a row of the result by position into an object, each column decoded as Drizzle would
 * (`null` stays null). The reader is generated once per statement: one object literal with every
 * key, so each row is built in one step with a fixed shape (about eight times faster than setting
 * the keys in a loop, and the rows are then cheaper to read and serialise). Keys are the table's
 * own column keys and the relations' names, quoted as JSON string literals. A nested row (a
 * relation) is read from its columns further on, or null when its first column (the id) is null.
 */
type RowReader = (row: unknown[], offset: number) => Record<string, unknown>;
function rowReader(columns: [string, Column][], nested: { key: string; at: number; read: RowReader }[] = []): RowReader {
  const decoders = columns.map(([, column]) => decoderOf(column));
  const fields = columns.map(([key], i) => {
    const value = `row[offset + ${i}]`;
    return `${JSON.stringify(key)}: ${decoders[i] ? `(value = ${value}) == null ? null : decoders[${i}](value)` : `${value} ?? null`}`;
  });
  nested.forEach(({ key, at }, i) => fields.push(`${JSON.stringify(key)}: row[offset + ${at}] == null ? null : nested[${i}].read(row, offset + ${at})`));
  return new Function('decoders', 'nested', `return function read(row, offset) { let value; return { ${fields.join(', ')} }; }`)(
    decoders,
    nested,
  ) as RowReader;
}

/**
 * A list of a tenant table with its count, built the way every list of the API is: one statement,
 * one round trip — the page (`ORDER BY … LIMIT … OFFSET …`), the related rows of each (a left
 * join by id in the organization), and the `count(*)` of the same filter as a scalar subquery
 * PostgreSQL runs once (an InitPlan) and returns on every row. It is a named prepared statement:
 * PostgreSQL parses and plans it once per connection, and nothing is rebuilt per request. Rows are
 * read by position with each column's decoder (no per-cell mapping by name). Only a page past the
 * end, which has no row to carry the total, costs a second statement (the count alone). Each
 * combination of present filters is its own statement, made on first use.
 *
 * Read it through `Scope.page`, which adds the organization.
 */
export class PagedList<T extends TenantTable, F extends object, J extends Record<string, Relation> = Record<never, Relation>> {
  readonly #statements = new WeakMap<Executor, Map<number, Statements<ListRow<T, J>>>>();
  readonly #filterNames: (keyof F & string)[];

  constructor(readonly definition: PagedListDefinition<T, F, J>) {
    this.#filterNames = Object.keys(definition.filters) as (keyof F & string)[];
  }

  async read(executor: Executor, organizationId: string, filter: Partial<F>, request: PageRequest): Promise<Page<ListRow<T, J>>> {
    // Which filters are present, as a bit mask (the statement's key).
    let mask = 0;
    const values: Record<string, unknown> = { organizationId, limit: request.pageSize, offset: (request.page - 1) * request.pageSize };
    for (let i = 0; i < this.#filterNames.length; i++) {
      const key = this.#filterNames[i] as keyof F & string;
      const value = filter[key];
      if (value === undefined) continue;
      mask |= 1 << i;
      values[key] = value;
    }
    const statements = this.#prepared(executor, mask);
    const page = await statements.page.execute(values);
    // A page past the end carries no total; the first page without rows has none to count.
    if (page.rows.length === 0 && request.page > 1) return { rows: page.rows, total: await statements.count.execute(values) };
    return page;
  }

  /** The statement of a page with these filters (for tests and the benchmark's EXPLAIN). */
  statement(filters: (keyof F & string)[]): { text: string; params: unknown[] } {
    return this.#build(this.#maskOf(filters)).page;
  }

  #maskOf(filters: (keyof F & string)[]): number {
    return filters.reduce((mask, key) => mask | (1 << this.#filterNames.indexOf(key)), 0);
  }

  #build(mask: number) {
    const { table, orderBy, filters, related = {} } = this.definition;
    const present = this.#filterNames.filter((_, i) => mask & (1 << i));
    const where = sql.join(
      [
        sql`${table.organizationId} = ${sql.placeholder('organizationId')}`,
        ...present.map((k) => sql`(${(filters as Record<string, FilterCondition>)[k]?.(sql.placeholder(k))})`),
      ],
      sql` and `,
    );
    const own = Object.entries(getTableColumns(table)) as [string, Column][];
    const joins = Object.entries(related as Record<string, { relation: Relation; via: PgColumn }>).map(([name, { relation: r, via }]) => {
      const aliased = alias(r.table, `related_${name}`);
      const columns = (['id', ...r.columns.filter((c) => c !== 'id')] as string[]).map(
        (key) => [key, (aliased as unknown as Record<string, Column>)[key] as Column] as [string, Column],
      );
      const join = sql`left join ${r.table} as ${sql.identifier(`related_${name}`)} on ${aliased.organizationId} = ${table.organizationId} and ${aliased.id} = ${via}`;
      return { name, columns, join };
    });
    const selected = [...own, ...joins.flatMap((j) => j.columns)].map(([, column]) => sql`${column}`);
    const names = [...leadingParameters, ...present];
    const page = renderStatement(
      sql`select ${sql.join(selected, sql`, `)}, (select count(*)::int from ${table} where ${where}) as total from ${table}${sql.join(
        joins.map((j) => sql` ${j.join}`),
      )} where ${where} order by ${sql.join(orderBy, sql`, `)} limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}`,
      names,
    );
    const count = renderStatement(sql`select count(*)::int as total from ${table} where ${where}`, names);
    return { page, count, own, joins };
  }

  #prepared(executor: Executor, mask: number): Statements<ListRow<T, J>> {
    let byMask = this.#statements.get(executor);
    if (!byMask) {
      byMask = new Map();
      this.#statements.set(executor, byMask);
    }
    let statements = byMask.get(mask);
    if (!statements) {
      const { page, count, own, joins } = this.#build(mask);
      // The row's columns, then each relation's (its id first), then the total.
      let at = own.length;
      const nested = joins.map((j) => {
        const reader = { key: j.name, at, read: rowReader(j.columns) };
        at += j.columns.length;
        return reader;
      });
      const read = rowReader(own, nested);
      const totalAt = at;
      const mapPage = (rows: unknown[][]): Page<ListRow<T, J>> => {
        const out = new Array<ListRow<T, J>>(rows.length);
        for (let r = 0; r < rows.length; r++) out[r] = read(rows[r] as unknown[], 0) as ListRow<T, J>;
        return { rows: out, total: rows.length ? ((rows[0] as unknown[])[totalAt] as number) : 0 };
      };
      // Statement names are per connection; the filter combination is part of the name.
      const name = `${this.definition.name}_${mask.toString(36)}`;
      const session = executor._.session;
      statements = {
        page: session.prepareQuery({ sql: page.text, params: page.params }, undefined, `${name}_page`, true, (rows) => mapPage(rows)) as Runnable<
          Page<ListRow<T, J>>
        >,
        count: session.prepareQuery({ sql: count.text, params: count.params }, undefined, `${name}_count`, true, (rows) =>
          Number((rows[0] as unknown[] | undefined)?.[0] ?? 0),
        ) as Runnable<number>,
      };
      byMask.set(mask, statements);
    }
    return statements;
  }
}

/** Defines a paged list (once, at module level, next to its repository). */
export const pagedList = <T extends TenantTable, F extends object, J extends Record<string, Relation> = Record<never, Relation>>(
  definition: PagedListDefinition<T, F, J>,
) => new PagedList<T, F, J>(definition);

/** The condition of a filter on one value: `column = $n`. */
export const equals = (column: PgColumn) => (value: Placeholder) => sql`${column} = ${value}`;

/** The condition of a search: the column contains the value, case-insensitive (the lists' `search`). */
export const contains = (column: PgColumn) => (value: Placeholder) => sql`strpos(lower(${column}), lower(${value}::text)) > 0`;

/** The condition of a filter on a list of values: `column = any($n)` (one statement for any length). */
export const anyOf = (column: PgColumn) => (values: Placeholder) => sql`${column} = any(${values})`;

/** The filters of every list of named rows: the id, the exact name, part of the name (`search`). */
export interface NamedFilter {
  id: string;
  name: string;
  /** Case-insensitive part of the name. */
  search: string;
}

/**
 * A list of named rows (the name unique in the organization, so on its index), ordered by name then
 * id, with the NamedFilter filters and the list's own (`filters`).
 */
export function namedList<T extends TenantTable & { id: PgColumn; name: PgColumn }, F extends NamedFilter>(
  name: string,
  table: T,
  filters: { [K in Exclude<keyof F, keyof NamedFilter>]-?: FilterCondition },
): PagedList<T, F> {
  const named: Record<keyof NamedFilter, FilterCondition> = { id: equals(table.id), name: equals(table.name), search: contains(table.name) };
  return pagedList<T, F>({ name, table, orderBy: [asc(table.name), asc(table.id)], filters: { ...named, ...filters } as PagedListDefinition<T, F>['filters'] });
}
