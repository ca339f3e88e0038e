import { and, asc, eq, gt, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import type { Scope } from '../../db/scope';
import { organizations } from '../accounts/accounts.schema';
import { programmaticUsers, programmaticUserTokens } from './programmatic-users.schema';

export type ProgrammaticUserRow = typeof programmaticUsers.$inferSelect;
export type ProgrammaticUserChanges = Partial<Pick<ProgrammaticUserRow, 'name' | 'description' | 'orgRole' | 'customRoleId'>>;
export type TokenRow = typeof programmaticUserTokens.$inferSelect;

export function findProgrammaticUser(scope: Scope, id: string): Promise<ProgrammaticUserRow | undefined> {
  return scope.first(programmaticUsers, eq(programmaticUsers.id, id));
}

export function findProgrammaticUserByName(scope: Scope, name: string): Promise<ProgrammaticUserRow | undefined> {
  return scope.first(programmaticUsers, eq(programmaticUsers.name, name));
}

export async function listProgrammaticUsers(
  scope: Scope,
  filter: { id: string | undefined; name: string | undefined; limit: number; offset: number },
): Promise<{ rows: ProgrammaticUserRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.id) conditions.push(eq(programmaticUsers.id, filter.id));
  if (filter.name) conditions.push(eq(programmaticUsers.name, filter.name));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, total] = await Promise.all([
    scope.select(programmaticUsers, where, { orderBy: [asc(programmaticUsers.name)], limit: filter.limit, offset: filter.offset }),
    scope.count(programmaticUsers, where),
  ]);
  return { rows, total };
}

export function insertProgrammaticUser(
  scope: Scope,
  row: { id: string; name: string; orgRole: string } & ProgrammaticUserChanges,
): Promise<ProgrammaticUserRow> {
  return scope.insert(programmaticUsers, row);
}

export async function updateProgrammaticUser(scope: Scope, id: string, changes: ProgrammaticUserChanges) {
  const [row] = await scope.update(programmaticUsers, { ...changes, updatedAt: new Date() }, eq(programmaticUsers.id, id));
  return row;
}

export async function deleteProgrammaticUser(scope: Scope, id: string): Promise<ProgrammaticUserRow | undefined> {
  const [row] = await scope.delete(programmaticUsers, eq(programmaticUsers.id, id));
  return row;
}

export function insertToken(
  scope: Scope,
  row: { id: string; programmaticUserId: string; name: string; tokenHash: string; expiresAt: Date | null },
): Promise<TokenRow> {
  return scope.insert(programmaticUserTokens, row);
}

/** Tokens not revoked (expired ones included, so their owner sees why a client fails). */
export function listLiveTokens(scope: Scope, programmaticUserId: string): Promise<TokenRow[]> {
  return scope.select(
    programmaticUserTokens,
    and(eq(programmaticUserTokens.programmaticUserId, programmaticUserId), isNull(programmaticUserTokens.revokedAt)),
    { orderBy: [asc(programmaticUserTokens.createdAt), asc(programmaticUserTokens.id)] },
  );
}

export async function revokeToken(scope: Scope, programmaticUserId: string, tokenId: string): Promise<TokenRow | undefined> {
  const [row] = await scope.update(
    programmaticUserTokens,
    { revokedAt: new Date() },
    and(
      eq(programmaticUserTokens.id, tokenId),
      eq(programmaticUserTokens.programmaticUserId, programmaticUserId),
      isNull(programmaticUserTokens.revokedAt),
    ) as SQL,
  );
  return row;
}

export interface TokenContext {
  token: TokenRow;
  user: ProgrammaticUserRow;
  organization: typeof organizations.$inferSelect;
}

/**
 * The live token of a hash with its programmatic user and organization. Read across
 * organizations by design: the token is what says which organization the call acts in.
 */
export async function findLiveToken(db: Database, tokenHash: string, now: Date): Promise<TokenContext | undefined> {
  const [row] = await db
    .select({ token: programmaticUserTokens, user: programmaticUsers, organization: organizations })
    .from(programmaticUserTokens)
    .innerJoin(programmaticUsers, eq(programmaticUsers.id, programmaticUserTokens.programmaticUserId))
    .innerJoin(organizations, eq(organizations.id, programmaticUserTokens.organizationId))
    .where(
      and(
        eq(programmaticUserTokens.tokenHash, tokenHash),
        isNull(programmaticUserTokens.revokedAt),
        or(isNull(programmaticUserTokens.expiresAt), gt(programmaticUserTokens.expiresAt, now)),
      ),
    )
    .limit(1);
  return row;
}

/** Records use at most once a minute, so a busy token does not write on every call. */
export async function touchToken(db: Database, tokenId: string, now: Date): Promise<void> {
  const aMinuteAgo = new Date(now.getTime() - 60_000);
  await db
    .update(programmaticUserTokens)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(programmaticUserTokens.id, tokenId),
        or(isNull(programmaticUserTokens.lastUsedAt), lt(programmaticUserTokens.lastUsedAt, aMinuteAgo)),
      ),
    );
}
