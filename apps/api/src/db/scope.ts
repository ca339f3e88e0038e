import { and, count, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from './database';
import type { ListRow, Page, PagedList, PageRequest, Relation } from './paged-list';

/** A table that holds tenant rows: every one of them carries `organization_id`. */
export type TenantTable = PgTable & { organizationId: PgColumn };

type Row<T extends TenantTable> = T['$inferSelect'];
/** A row as a repository inserts it: the scope stamps the organization. */
export type NewRow<T extends TenantTable> = Omit<T['$inferInsert'], 'organizationId'>;
/** What a partial update may change: never the id, the creation or its author. */
export type RowChanges<T extends TenantTable> = Partial<Omit<NewRow<T>, 'id' | 'createdAt' | 'createdBy'>>;

export interface ListOptions {
  orderBy?: (SQL | PgColumn)[];
  limit?: number;
  offset?: number;
}

/**
 * The only way repositories reach tenant tables: every statement it builds is filtered by (or
 * stamped with) the organization id, so an unscoped query cannot be written by accident. The
 * transaction itself is private; repositories never see it.
 *
 * Drizzle cannot type generic table parameters through its builders, hence the casts inside;
 * the public signatures are typed from the table.
 */
export class Scope {
  readonly #tx: Database | Transaction;

  constructor(
    tx: Database | Transaction,
    readonly organizationId: string,
  ) {
    this.#tx = tx;
  }

  #where(table: TenantTable, condition?: SQL): SQL {
    return and(eq(table.organizationId, this.organizationId), condition) as SQL;
  }

  async select<T extends TenantTable>(table: T, condition?: SQL, options: ListOptions = {}): Promise<Row<T>[]> {
    let query = this.#tx
      .select()
      .from(table as PgTable)
      .where(this.#where(table, condition))
      .$dynamic();
    if (options.orderBy?.length) query = query.orderBy(...options.orderBy);
    if (options.limit !== undefined) query = query.limit(options.limit);
    if (options.offset !== undefined) query = query.offset(options.offset);
    return (await query) as Row<T>[];
  }

  /** One page of a paged list (and its total) in this organization: see PagedList. */
  page<T extends TenantTable, F extends object, J extends Record<string, Relation>>(
    list: PagedList<T, F, J>,
    filter: Partial<F>,
    request: PageRequest,
  ): Promise<Page<ListRow<T, J>>> {
    return list.read(this.#tx, this.organizationId, filter, request);
  }

  async first<T extends TenantTable>(table: T, condition?: SQL): Promise<Row<T> | undefined> {
    const [row] = await this.select(table, condition, { limit: 1 });
    return row;
  }

  /**
   * Reads one row and locks it until the transaction ends (`update`: nobody else may lock or
   * change it; `share`: others may read-lock it too, but not change or delete it; `key share`:
   * others may still change it, but not delete it or change its key — what a row that points at it
   * needs while it is written). Used where an invariant is read and then relied on by a write (see
   * apps/api/README.md, Concurrency).
   */
  async lockFirst<T extends TenantTable>(table: T, condition: SQL, strength: 'update' | 'share' | 'key share'): Promise<Row<T> | undefined> {
    const [row] = (await this.#tx
      .select()
      .from(table as PgTable)
      .where(this.#where(table, condition))
      .limit(1)
      .for(strength)) as Row<T>[];
    return row;
  }

  /**
   * Figures of a tenant table in this organization, grouped (`count(*)` per status and the like):
   * `fields` is the select list, `R` the row it gives. One statement, whatever the number of rows.
   */
  async aggregate<R, T extends TenantTable = TenantTable>(
    table: T,
    fields: Record<string, PgColumn | SQL | SQL.Aliased>,
    options: { where?: SQL | undefined; groupBy?: (PgColumn | SQL)[] } = {},
  ): Promise<R[]> {
    const query = this.#tx
      .select(fields)
      .from(table as PgTable)
      .where(this.#where(table, options.where))
      .$dynamic();
    return (await (options.groupBy?.length ? query.groupBy(...options.groupBy) : query)) as R[];
  }

  async count<T extends TenantTable>(table: T, condition?: SQL): Promise<number> {
    const [row] = await this.#tx
      .select({ n: count() })
      .from(table as PgTable)
      .where(this.#where(table, condition));
    return row?.n ?? 0;
  }

  async insert<T extends TenantTable>(table: T, values: NewRow<T>): Promise<Row<T>> {
    const rows = (await this.#tx
      .insert(table as PgTable)
      .values({ ...values, organizationId: this.organizationId } as never)
      .returning()) as Row<T>[];
    return rows[0] as Row<T>;
  }

  /** Inserts many rows, in statements of at most `chunk` rows (PostgreSQL takes 65,535 parameters). */
  async insertMany<T extends TenantTable>(table: T, values: NewRow<T>[], chunk = 500): Promise<void> {
    for (let start = 0; start < values.length; start += chunk) {
      await this.#tx
        .insert(table as PgTable)
        .values(values.slice(start, start + chunk).map((row) => ({ ...row, organizationId: this.organizationId })) as never);
    }
  }

  /** Inserts, or does nothing when a unique key already holds the row; answers whether it inserted. */
  async insertIfAbsent<T extends TenantTable>(table: T, values: NewRow<T>): Promise<boolean> {
    const rows = await this.#tx
      .insert(table as PgTable)
      .values({ ...values, organizationId: this.organizationId } as never)
      .onConflictDoNothing()
      .returning();
    return rows.length > 0;
  }

  async upsert<T extends TenantTable>(
    table: T,
    values: NewRow<T>,
    target: PgColumn[],
    set: Partial<NewRow<T>>,
  ): Promise<Row<T>> {
    const rows = (await this.#tx
      .insert(table as PgTable)
      .values({ ...values, organizationId: this.organizationId } as never)
      .onConflictDoUpdate({ target, set: set as never })
      .returning()) as Row<T>[];
    return rows[0] as Row<T>;
  }

  /**
   * Updates the rows; a table with `updated_at` (the tenant columns) has it stamped. An empty `set`
   * changes nothing (SQL has no empty SET): the matching rows are read instead.
   */
  async update<T extends TenantTable>(table: T, set: Partial<NewRow<T>>, condition: SQL): Promise<Row<T>[]> {
    if (Object.values(set).every((v) => v === undefined)) return this.select(table, condition);
    const stamped = 'updatedAt' in table && !('updatedAt' in set) ? { ...set, updatedAt: new Date() } : set;
    return (await this.#tx
      .update(table as PgTable)
      .set(stamped as never)
      .where(this.#where(table, condition))
      .returning()) as Row<T>[];
  }

  async delete<T extends TenantTable>(table: T, condition: SQL): Promise<Row<T>[]> {
    return (await this.#tx
      .delete(table as PgTable)
      .where(this.#where(table, condition))
      .returning()) as Row<T>[];
  }
}

/** Runs `work` in one transaction scoped to the organization (the audit row goes in the same one). */
export function inOrganization<T>(db: Database, organizationId: string, work: (scope: Scope) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(new Scope(tx, organizationId)));
}

/**
 * For reads that change nothing: the same scoping without a transaction, so a list and its count
 * run on two pooled connections at once and no BEGIN/COMMIT round trips are spent.
 */
export function readOrganization<T>(db: Database, organizationId: string, work: (scope: Scope) => Promise<T>): Promise<T> {
  return work(new Scope(db, organizationId));
}
