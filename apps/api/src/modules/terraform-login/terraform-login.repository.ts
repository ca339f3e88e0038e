import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import type { Scope } from '../../db/scope';
import { terraformLoginCodes } from './terraform-login.schema';

export type LoginCodeRow = typeof terraformLoginCodes.$inferSelect;

/** Stores a code that expires `ttlSeconds` after now, in the database's time. */
export const insertLoginCode = (scope: Scope, row: Omit<typeof terraformLoginCodes.$inferInsert, 'organizationId' | 'expiresAt'>, ttlSeconds: number) =>
  scope.insert(terraformLoginCodes, { ...row, expiresAt: sql`now() + make_interval(secs => ${ttlSeconds})` as unknown as Date });

/**
 * Takes a live code out of the table: of two exchanges of the same code at the same moment, one
 * deletes the row and gets it, the other gets nothing. The code is found by its hash, before the
 * organization is known (it is the code that says which one).
 */
export async function takeLiveLoginCode(db: Database, codeHash: string): Promise<LoginCodeRow | undefined> {
  const [row] = await db
    .delete(terraformLoginCodes)
    .where(and(eq(terraformLoginCodes.codeHash, codeHash), gt(terraformLoginCodes.expiresAt, sql`now()`)))
    .returning();
  return row;
}

/** Expired codes are dropped whenever a new one is made. */
export async function deleteExpiredLoginCodes(db: Database): Promise<void> {
  await db.delete(terraformLoginCodes).where(lte(terraformLoginCodes.expiresAt, sql`now()`));
}
